// An attempt at a puzzle judged on the server: the client posts its line (both sides'
// decisions in the official notation, from the puzzle's position) and the rules core replays
// it, so a rating moves on what was played, not on what the client says. The rules are the
// trainer's (web/src/puzzles/puzzles.ts, docs/web.md "Judging an attempt"), by ring counts:
//   - falling a ring behind fails, and so does the game ending short of the goal;
//   - `win`: solved the moment the solver is a ring ahead;
//   - `save`: solved when the solver's turn ends on the solution; off the solution, when the
//     line (the browser's engine answering and playing on) stays level for as many decisions
//     as the solution or the engine's alternative has (the threat is played out by then);
//   - while the line follows the solution, the opponent's answers must be the solution's.
// Off the solution the opponent's answers come from the browser's engine: the server checks
// each with `check` (puzzle_referee.h: its own engine's search), so an attempt cannot be solved
// by answers picked to hand the solver a ring.
#pragma once

#include <string>
#include <vector>

#include "server/puzzles/puzzle_referee.h"
#include "server/puzzles/puzzle_set.h"

namespace yinsh::server {

// The most decisions a line may have (the longest solution has far fewer).
constexpr size_t kMaxPuzzleLine = 64;
// The most opponent answers off the solution one attempt may ask the referee to check (each
// costs searches; an honest attempt has at most a handful). More fail the attempt.
constexpr size_t kMaxCheckedAnswers = 16;

enum class LineVerdict { Solved, Failed, Malformed };

struct LineJudgement {
  LineVerdict verdict = LineVerdict::Malformed;
  std::string why;  // for Malformed: which decision and what is wrong
};

// Malformed: a decision is illegal where it stands, or the line goes on after the attempt
// was decided. Failed with `why` set: an opponent's answer off the solution that `check`
// refused. Without `check`, such answers only have to be legal (the tests of the rules above).
// Blocking as `check` is.
LineJudgement judge_line(const PuzzleInfo& puzzle, const std::vector<std::string>& line,
                         const ReplyCheck& check = {});

}  // namespace yinsh::server

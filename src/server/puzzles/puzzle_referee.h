// The opponent's answers off a puzzle's solution, checked by the engine on the server.
//
// While an attempt follows the solution, the opponent's answers are the solution's and the
// judge (puzzle_judge.h) compares them. Once the solver leaves it, the trainer's engine (the
// browser's Web Worker, web/src/puzzles/PuzzlePage.tsx) answers for the opponent, and the
// server cannot run that search again bit for bit (its table keeps what earlier searches of
// the attempt learnt; a browser without WebAssembly SIMD evaluates without the network). So
// the referee searches each such position itself, as the trainer does (full strength, the same
// depth, from a clear table), and refuses an answer that
//   - hands the solver a ring on its next turn (by the rules alone: every decision of that
//     turn tried) where the engine's own answer does not, or
//   - scores more than `kPuzzleReplyMargin` below the engine's answer, both searched together.
// An honest answer passes both; an answer picked to give the solver a ring fails the first.
#pragma once

#include <cstdint>
#include <functional>

#include "core/position.h"

namespace yinsh::server {

// How far below the engine's best an answer may score (centi-rings, the answering side's view).
constexpr int kPuzzleReplyMargin = 50;
// The node budget of one of the referee's searches (the trainer's searches are smaller).
constexpr uint64_t kPuzzleReplyNodes = 200'000;

// Whether the side to move in `before` could have answered `reply` (a legal decision there),
// searching `depth` plies as the trainer does.
using ReplyCheck = std::function<bool(const Position& before, Move reply, int depth)>;

// The engine's check above; it owns one search of its own per call (no shared state).
bool engine_could_answer(const Position& before, Move reply, int depth);

}  // namespace yinsh::server

// Puzzle finding for `yinsh puzzles`: a ring-move position is a puzzle when the engine's best
// line at depth wins a ring for the side to move (or saves one) and its second best line does
// not, with a clear score gap between them (MultiPV 2). docs/web.md describes the JSON file.
#pragma once

#include <string>
#include <vector>

#include "core/position.h"
#include "engine/engine.h"

namespace yinsh::cli {

enum class PuzzleGoal { Win, Save };

struct PuzzleCriteria {
  int depth = 6;      // plies searched to verify a candidate
  int min_gap = 50;   // centi-rings between the best and the second best line
  int quick_depth = 3;  // a first, shallow look: candidates with less than half the gap there
                        // are dropped (0 = verify every position at full depth)
  int min_markers = 8;  // fewer markers on the board cannot make a row soon: skipped
};

struct Puzzle {
  Position position;
  PuzzleGoal goal = PuzzleGoal::Win;
  std::vector<Move> line;   // the solution: from the first decision to the ring it wins or saves
  std::vector<Move> other;  // the best alternative's line, which does not reach the goal
  int solver_turns = 1;     // turns of the side to move in `line`
  int gap = 0;              // centi-rings between the two lines
  int found_depth = 0;      // shallowest depth from which the engine kept the solution first
  int rating = 0;           // difficulty estimate (puzzle_rating)
};

// The rings the side to move `c` is ahead after playing `moves` from `pos`, counted against
// the start (+1: it removed one more than the opponent), after each decision; the first entry
// is after moves[0]. Stops at the first decision that is not legal.
std::vector<int> ring_balance(const Position& pos, Color c, const std::vector<Move>& moves);

// Searches `pos` (a ring-move position) with MultiPV 2 at the criteria's depth; fills `out`
// and returns true when it is a puzzle. `engine` must have MultiPV 2 set.
bool find_puzzle(Engine& engine, const Position& pos, const PuzzleCriteria& criteria, Puzzle& out);

// A difficulty estimate on the Elo-like scale of the browser's puzzle rating:
// 1000 + 200 per extra turn of the solver + 50 per depth the engine needed beyond 1, + 100 for
// a save (defending is harder to see).
int puzzle_rating(const Puzzle& p);

// One puzzle as a JSON object (one line); `id` names it.
std::string puzzle_json(const Puzzle& p, const std::string& id);

}  // namespace yinsh::cli

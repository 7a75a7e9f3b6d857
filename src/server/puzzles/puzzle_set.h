// The committed puzzle set (web/src/static/puzzles.json, written by `yinsh puzzles`, format
// in docs/web.md), as the server knows it: the file is embedded into the binary at build time
// (src/server/CMakeLists.txt generates puzzle_set_data.cpp from it), so the server and the
// web UI read the same file and the server needs no web root to check a puzzle id.
// Parsed once, on first use; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"

namespace yinsh::server {

// What a puzzle asks (docs/web.md): `win` a ring, or `save` (do not fall behind).
enum class PuzzleGoal { Win, Save };

struct PuzzleInfo {
  std::string id;     // "p0001"
  double rating = 0;  // the set's difficulty (docs/web.md): a puzzle's starting rating
  Position position;  // where the attempt starts
  Color side = WHITE;  // the solver's colour
  PuzzleGoal goal = PuzzleGoal::Win;
  std::vector<std::string> line;  // the engine's solution, both sides' decisions
  // For a save: how many decisions the threat takes to play out (the longer of the solution
  // and the engine's alternative, which loses the ring by its end).
  size_t horizon = 0;
  // How many turns deep the engine looked to find the puzzle (at least 1); the trainer's engine
  // answers off the solution at depth - 1 (at least 1), and so does the server's referee.
  int depth = 1;
};

class PuzzleSet {
 public:
  // Reads a yinsh-puzzles file of version 1; throws std::runtime_error with the reason when it
  // is not one (a malformed entry or position, a duplicate id).
  static PuzzleSet parse(std::string_view text);
  // The embedded set. A malformed committed file throws here (the tests catch it first).
  static const PuzzleSet& committed();

  std::optional<PuzzleInfo> find(std::string_view id) const;
  size_t size() const { return puzzles_.size(); }

 private:
  std::vector<PuzzleInfo> puzzles_;  // sorted by id
};

}  // namespace yinsh::server

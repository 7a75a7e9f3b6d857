// Game: a start position plus the decisions played from it, with the state stack that lets
// any of them be taken back. The one game object the protocol, CLI, server and records use.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "position.h"

namespace yinsh {

class Game {
 public:
  explicit Game(const Position& start = Position::start());

  const Position& start() const { return start_; }
  const Position& position() const { return pos_; }
  const std::vector<Move>& moves() const { return moves_; }
  // The side that made each decision (the side to move before it).
  Color mover(size_t ply) const { return movers_[ply]; }

  // Plays `m` if it is legal; returns false and changes nothing otherwise.
  bool play(Move m);
  // Parses and plays one decision in the notation; on failure `error` says why.
  bool play(std::string_view text, std::string* error = nullptr);
  // Takes back the last decision; false when there is none.
  bool undo();
  void reset(const Position& start);

 private:
  Position start_, pos_;
  std::vector<Move> moves_;
  std::vector<Color> movers_;
  std::vector<StateInfo> states_;
};

// The start position (position text, or the standard one, blitz or not) with `moves` played.
std::optional<Position> start_position(std::string_view text, bool blitz,
                                       const std::vector<std::string>& moves, std::string* error);

}  // namespace yinsh

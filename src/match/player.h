// A player in a match: the built-in engine with some options, or any external program that
// speaks the engine protocol (SPEC section 6) on stdin/stdout.
#pragma once

#include <memory>
#include <string>

#include "core/game.h"
#include "search/search.h"

namespace yinsh {

class Player {
 public:
  virtual ~Player() = default;
  virtual void new_game() = 0;
  // Chooses a decision for the game's current position within `limits`. False (with
  // `error`) when the player fails: crash, timeout, unreadable answer.
  virtual bool think(const Game& game, const Limits& limits, Move& out, std::string* error) = 0;
  // After a think() that failed: true when the player did answer, with a decision that is not
  // legal (or not readable) in the position, and is still in step; false when it crashed or hung.
  virtual bool answered() const { return false; }
  // The limits it searches under when the match gives `match`: those, or its own overrides.
  virtual Limits limits(const Limits& match) const { return match; }
};

// The per-decision limits as `go` arguments, "depth D nodes N movetime MS" (those given, in
// that order); "" when there are none. What an external engine is sent, and what a match record
// says (match.h).
std::string go_limits(const Limits& limits);

// Spec: "cmd:<shell command>" for an external engine, otherwise comma-separated engine options
// of the built-in engine, e.g. "Level=2" or "Level=8,Hash=32" ("" = defaults); the lower-case
// items movetime=MS, nodes=N, depth=D override the match's limits for this player only.
// An external engine may overrun its limit by `grace_ms` before its decision counts as missing;
// after a missing decision (or a crash) it is brought back in step before its next game: `stop`,
// lines discarded up to the owed `bestmove`, then `isready` and lines discarded up to `readyok`;
// when either does not come within `grace_ms`, the program is killed (its whole process group)
// and started again.
std::unique_ptr<Player> make_player(const std::string& spec, uint64_t seed, int64_t grace_ms,
                                    std::string* error);

}  // namespace yinsh

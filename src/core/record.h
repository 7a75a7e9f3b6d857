// Game records in the official GIPF notation (SPEC section 4): turns numbered per player
// (odd White, even Black), the decisions of one turn joined by ';', a row removal and its
// ring removal written together:  1.e4 2.f6 ... 11.e4-e10 12.xe5-e9xk10;c3-c5;xd2-h6xb4
// A record file puts a header of tags before the moves, one per line: [Name "value"].
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game.h"

namespace yinsh {

struct GameRecord {
  std::vector<std::pair<std::string, std::string>> tags;  // in file order
  Position start = Position::start();
  std::vector<Move> moves;

  std::string tag(std::string_view name) const;  // "" when absent
  void set_tag(std::string_view name, std::string value);
  // The game with every decision played (they were checked when the record was read).
  Game replay() const;
};

// The move text: numbered turns. `start` must be the position the moves start from.
std::string format_moves(const Position& start, const std::vector<Move>& moves);

// Reads move text: numbered turns as above, or bare decisions separated by spaces, plus an
// optional result token at the end (1-0, 0-1, 1/2-1/2, *). Every decision is checked against
// the rules; an error names the turn, the decision and why.
std::optional<std::vector<Move>> parse_moves(const Position& start, std::string_view text,
                                             std::string* error = nullptr);

// Header (Variant, and Position when the start is not the standard one; Result when the game
// is over) then the moves, ending with a newline.
std::string write_record(const GameRecord& record);
std::optional<GameRecord> read_record(std::string_view text, std::string* error = nullptr);

// A game record from a finished or unfinished Game.
GameRecord make_record(const Game& game);

}  // namespace yinsh

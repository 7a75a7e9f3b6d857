// Game records in the official GIPF notation (SPEC section 4): turns numbered per player
// (odd White, even Black), the decisions of one turn joined by ';', a row removal and its
// ring removal written together:  1.e4 2.f6 ... 11.e4-e10 12.xe5-e9xk10;c3-c5;xd2-h6xb4
// A record file puts a header of tags before the moves, one per line: [Name "value"].
//
// Two forms of the GIPF notation (gipf.com, YINSH notation): the complete form writes every
// row removal by its end markers; the short form leaves the row out when the rules allow only
// one row, writing just the ring removal: `11.e4-e10;xk10` for `11.e4-e10;xe5-e9xk10`.
// Reading accepts both forms, mixed.
//
// Header tags (PGN-like; any other tag is kept as it is): Event, Site, Date ("2026.02.23"),
// Time, White, Black, Result (1-0, 0-1, 1/2-1/2, *), Variant (normal, blitz), TimeControl,
// Termination (normal, resignation, unterminated), Position (a start position text).
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
  // Written only (reading skips comments): comments[i], when there and not empty, is written
  // `{like this}` after the turn that holds decision i.
  std::vector<std::string> comments;

  std::string tag(std::string_view name) const;  // "" when absent
  void set_tag(std::string_view name, std::string value);
  // The game with every decision played (they were checked when the record was read).
  Game replay() const;
};

enum class RecordForm { Complete, Short };

// The move text: numbered turns. `start` must be the position the moves start from.
// comments[i] (when given and not empty) is written `{text}` after the turn holding decision
// i; braces in it become parentheses, line breaks spaces.
std::string format_moves(const Position& start, const std::vector<Move>& moves,
                         RecordForm form = RecordForm::Complete,
                         const std::vector<std::string>& comments = {});

// The turn number (as format_moves writes it) of each decision.
std::vector<int> turn_numbers(const Position& start, const std::vector<Move>& moves);

// Reads move text: numbered turns as above, or bare decisions separated by spaces, plus an
// optional result token at the end (1-0, 0-1, 1/2-1/2, *). Comments `{...}` (PGN's form, no
// nesting) may stand between turns and after the result; they are skipped. Every decision is checked against
// the rules; an error names the turn, the decision and why. A ring removal written where a
// row is due stands for the only legal row and that ring (the short form); it is an error
// when several rows are possible. `result_token`, when given, receives the result token
// ("" when there is none).
std::optional<std::vector<Move>> parse_moves(const Position& start, std::string_view text,
                                             std::string* error = nullptr,
                                             std::string* result_token = nullptr);

// Header (Variant, and Position when the start is not the standard one; Result when the game
// is over) then the moves, ending with a newline.
std::string write_record(const GameRecord& record, RecordForm form = RecordForm::Complete);
// Reads a record in either form. Besides every decision it checks the result: the Result tag
// and the result token must agree, and when the game ran to its end by the rules both must be
// the result the rules give (a game that stopped early, e.g. by resignation, may carry any).
std::optional<GameRecord> read_record(std::string_view text, std::string* error = nullptr);

// Why a decision is not legal in a position, as a kind: what a server sends as a refusal's
// reason (to_string: "occupied", "no_ring", ...) for a client to word in its own language.
enum class Illegal : uint8_t {
  None,            // it is legal
  GameOver,
  MustPlace,       // a decision of another kind than the step asks for: the step's
  MustMove,
  MustRemoveRow,
  MustRemoveRing,
  Occupied,        // a placement or a ring's move onto a taken point
  NoRing,          // no ring of the side to move on the point (a move's start, a ring removed)
  NotOnALine,      // a ring's move between two points not on one line
  RingInTheWay,    // a ring's move over a ring
  PastTheMarkers,  // a ring's move that does not stop on the first empty point after markers
  NotARow,         // a row removed that is not five markers of the side to move
  CannotPass,      // a pass with a ring that can move
};
Illegal illegal_kind(const Position& pos, Move m);
std::string_view to_string(Illegal kind);

// Why decision `m` is not legal in `pos`, in words ("there is no white ring on e7", "e9 is
// occupied", "xe5-e9 is not five white markers in a row", ...); "" when it is legal.
std::string why_illegal(const Position& pos, Move m);

// "1-0", "0-1", "1/2-1/2", "*" to a Result (Result::None for "*"); nullopt otherwise.
std::optional<Result> parse_result(std::string_view text);

// A game record from a finished or unfinished Game.
GameRecord make_record(const Game& game);

}  // namespace yinsh

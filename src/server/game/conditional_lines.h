// Conditional lines (docs/api.md "Conditional lines"): the replies a player of a
// correspondence game stores for the opponent's likely decisions, played by the server when
// the opponent plays into one.
//
// A line is a sequence of decisions in SPEC section 4 notation from the position where it was
// stored (`base`: the game's ply count then), each made by whichever side the rules give it:
// first the opponent's whole turn, then the premover's whole turn, and so on; it ends with the
// end of a premover's turn. A set of lines is a tree (common prefixes shared); at any prefix
// all lines that continue with a premover's decision give the same one. Plain data and the
// rules core only: the room reads and writes them through the store.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "server/common/shapes.h"

namespace yinsh::server {

using ConditionalLine = std::vector<std::string>;  // canonical decisions

struct ConditionalLines {
  int base_ply = 0;
  std::string history;  // the game's decisions before base, space-separated (an undo past it drops the lines)
  std::vector<ConditionalLine> lines;
};

constexpr size_t kMaxConditionalLines = 100;
constexpr size_t kMaxConditionalDecisions = 60;

// The decisions of `rules` as one text (space-separated canonical notation).
std::string decisions_text(const Game& rules, size_t from = 0, size_t to = SIZE_MAX);

// Checks `lines` (the request body's "lines": an array of arrays of decision strings) for
// `premover` at the game's current position (the opponent to decide): every decision legal
// by the rules core, each line ending at the end of a premover's turn, the premover's
// decisions agreeing where lines share a prefix, at most kMaxConditionalLines lines of at most
// kMaxConditionalDecisions decisions. The lines in canonical notation; or the error (code
// "bad_line", its params naming the line and decision, both from 0).
struct CheckedLines {
  std::vector<ConditionalLine> lines;
  std::optional<ApiError> error;
};
CheckedLines check_conditional_lines(const Game& rules, Color premover, const nlohmann::json& lines);

// What the lines say when it is `premover`'s decision in `rules`: the decision to play, or
// nullopt when the game has left every line (they are dropped then).
std::optional<std::string> conditional_reply(const Game& rules, const ConditionalLines& stored);

// The stored form of lines (one text column): lines joined by '\n', decisions by ' '.
std::string lines_text(const std::vector<ConditionalLine>& lines);
std::vector<ConditionalLine> parse_lines_text(const std::string& text);

}  // namespace yinsh::server

// Text forms of SPEC sections 4-5: points (`e4`), decisions (`e4`, `e4-e10`, `xe5-e9`,
// `xe10`, `pass`) and the position text. Parsers never throw: they return std::nullopt and,
// when asked, say what is wrong and where.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "position.h"

namespace yinsh {

std::string to_string(Point p);
std::string to_string(Move m);
// The same text written into `out` without allocating; returns its length (at most
// MAX_MOVE_TEXT, no terminating NUL). For code that writes many decisions (the server's
// legal lists).
constexpr size_t MAX_MOVE_TEXT = 8;  // "xa10-k11" has 8
size_t write_move(Move m, char* out);
// Legal lists in the order of their texts without comparing strings: a decision's text
// zero-padded to MAX_MOVE_TEXT bytes and read big-endian is an integer that sorts as the text
// does (a shorter text before its extensions). key_text writes a key's text back into `out`
// and returns its length.
uint64_t move_text_key(Move m);
size_t key_text(uint64_t key, char* out);
std::string_view to_string(Step s);
std::string_view to_string(Variant v);
std::string_view to_string(Result r);  // "1-0", "0-1", "1/2-1/2" or "*"

// Letter a..k (either case) then number 1..11, on the board.
std::optional<Point> parse_point(std::string_view s);
// Syntax only: the decision may still be illegal in a given position.
std::optional<Move> parse_move(std::string_view s, std::string* error = nullptr);
// Syntax and legality in `pos`.
std::optional<Move> parse_legal_move(const Position& pos, std::string_view s,
                                     std::string* error = nullptr);
std::optional<Step> parse_step(std::string_view s);
// The whitespace-separated words of `s` (the tokeniser of every text format here).
std::vector<std::string> split_words(std::string_view s);
std::optional<Variant> parse_variant(std::string_view s);

// `<board> <side> <step> <white-removed> <black-removed> <variant>`
std::string to_text(const Position& pos);
// Refuses text that is malformed or describes a position that cannot arise (is_ok()).
std::optional<Position> parse_position(std::string_view text, std::string* error = nullptr);

}  // namespace yinsh

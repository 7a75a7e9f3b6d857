// Helpers shared by the unit tests. The board builder below writes position texts (SPEC 5)
// from its own table of the board (SPEC 1), independently of src/core, so a test's expected
// text never comes from the code under test.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"

namespace yinsh::test {

// SPEC 1: lowest and highest number of each column a..k.
inline constexpr int SPEC_LO[11] = {2, 1, 1, 1, 1, 2, 2, 3, 4, 5, 7};
inline constexpr int SPEC_HI[11] = {5, 7, 8, 9, 10, 10, 11, 11, 11, 11, 10};

inline bool spec_on_board(int col, int num) {
  return col >= 0 && col < 11 && num >= SPEC_LO[col] && num <= SPEC_HI[col];
}

// Every point name of the board, in SPEC 1's order (column by column, numbers upwards).
inline std::vector<std::string> spec_points() {
  std::vector<std::string> out;
  for (int c = 0; c < 11; ++c)
    for (int n = SPEC_LO[c]; n <= SPEC_HI[c]; ++n) out.push_back(std::string(1, char('a' + c)) + std::to_string(n));
  return out;
}

inline std::vector<std::string> split(std::string_view s) {
  std::vector<std::string> out;
  std::istringstream in{std::string(s)};
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

inline std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
  return s;
}

// "Wa2 Bk7 we5 bf6": piece letter (W B rings, w b markers) then the point.
// Returns the board field of the position text.
inline std::string board(std::string_view pieces) {
  std::map<std::pair<int, int>, char> at;
  for (const auto& tok : split(pieces)) {
    if (tok.size() < 3 || std::string_view("WBwb").find(tok[0]) == std::string_view::npos)
      throw std::invalid_argument("test board: bad piece '" + tok + "'");
    const int col = tok[1] - 'a';
    const int num = std::stoi(tok.substr(2));
    if (!spec_on_board(col, num)) throw std::invalid_argument("test board: off board '" + tok + "'");
    if (!at.emplace(std::make_pair(col, num), tok[0]).second)
      throw std::invalid_argument("test board: point used twice '" + tok + "'");
  }
  std::string out;
  for (int c = 0; c < 11; ++c) {
    if (c) out += '/';
    int empty = 0;
    for (int n = SPEC_LO[c]; n <= SPEC_HI[c]; ++n) {
      auto it = at.find({c, n});
      if (it == at.end()) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty), empty = 0;
      out += it->second;
    }
    if (empty) out += std::to_string(empty);
  }
  return out;
}

// A whole position text: board(pieces) + " " + rest ("w move 0 0 normal").
inline std::string text(std::string_view pieces, std::string_view rest) {
  return board(pieces) + " " + std::string(rest);
}

// Parses a position text that must be valid; the test fails (exception) otherwise.
inline Position pos(const std::string& t) {
  std::string why;
  auto p = parse_position(t, &why);
  if (!p) throw std::runtime_error("position text refused: " + t + " : " + why);
  // The text is written canonically by board(), so printing must give it back.
  if (to_text(*p) != t) throw std::runtime_error("to_text differs: " + to_text(*p) + " vs " + t);
  return *p;
}

// All legal decisions, sorted as strings (byte order), space separated: SPEC 6's `legal`.
inline std::string legal(const Position& p) {
  MoveList list;
  generate(p, list);
  std::vector<std::string> names;
  for (Move m : list) names.push_back(to_string(m));
  std::sort(names.begin(), names.end());
  return join(names);
}

// The legal ring moves of the ring on `from`, sorted.
inline std::string moves_from(const Position& p, const std::string& from) {
  std::vector<std::string> out;
  for (const auto& m : split(legal(p)))
    if (m.rfind(from + "-", 0) == 0) out.push_back(m);
  return join(out);
}

// Plays decisions (space separated); each must be legal, else the test fails.
inline void play(Position& p, std::string_view decisions) {
  for (const auto& d : split(decisions)) {
    std::string why;
    auto m = parse_legal_move(p, d, &why);
    if (!m) throw std::runtime_error("cannot play '" + d + "' in " + to_text(p) + ": " + why);
    StateInfo st;
    p.do_move(*m, st);
    std::string bad;
    if (!p.is_ok(&bad)) throw std::runtime_error("is_ok fails after " + d + ": " + bad);
  }
}

inline std::string after(std::string start, std::string_view decisions) {
  Position p = pos(start);
  play(p, decisions);
  return to_text(p);
}

// A position reached by `plies` seeded uniformly random decisions from the start (stops at
// the end of the game).
inline Position random_position(uint64_t seed, int plies) {
  Rng rng(seed);
  Position pos = Position::start();
  static StateInfo st[512];
  for (int i = 0; i < plies && !pos.is_over(); ++i) pos.do_move(random_move(pos, rng), st[i]);
  return pos;
}

}  // namespace yinsh::test

// The board's 12 symmetries (six turns about f6, each with and without a mirror) leave the
// rules unchanged: a turned position has the same legal decisions, turned, with the same perft
// counts below each, and the same linear evaluation. The trainer (scripts/train --augment)
// relies on this to show the network each training position turned at random.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "core/geometry.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "core/random.h"
#include "search/eval.h"
#include "search/search.h"
#include "search/selfplay_data.h"

namespace yinsh {
namespace {

// Symmetry s (0..11) of a grid cell through cube coordinates about f6: a step along a column
// is (0, +1, -1), along a row (+1, -1, 0), along the diagonal (+1, 0, -1). s % 6 turns by 60
// degrees that many times; s >= 6 then mirrors (swaps x and y). NO_POINT off the grid.
Point transform(Point p, int s) {
  const int c = col_of(p) - 5, r = row_of(p) - 5;
  int x = c, y = r - c, z = -r;
  for (int k = 0; k < s % 6; ++k) {
    const int nx = -z, ny = -x, nz = -y;
    x = nx, y = ny, z = nz;
  }
  if (s >= 6) std::swap(x, y);
  const int col = x + 5, row = -z + 5;
  if (col < 0 || col >= GRID || row < 0 || row >= GRID) return NO_POINT;
  return make_point(col, row);
}

std::string transform_move(const std::string& text, int s) {
  std::string out;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t dash = text.find('-', start);
    const std::string part = text.substr(start, dash == std::string::npos ? std::string::npos : dash - start);
    const auto p = parse_point(part);
    out += p ? to_string(transform(*p, s)) : part;  // "pass" and the like stay
    if (dash == std::string::npos) break;
    out += '-';
    start = dash + 1;
  }
  return out;
}

TrainingRecord transform_record(const TrainingRecord& r, int s) {
  TrainingRecord t = r;
  for (auto& set : t.sets) set = {0, 0};
  for (int k = 0; k < 4; ++k)
    for (int cell = 0; cell < GRID_CELLS; ++cell) {
      const int d = dense_index(Point(cell));
      if (d == NO_DENSE || !((r.sets[size_t(k)][size_t(d / 64)] >> (d % 64)) & 1)) continue;
      const int td = dense_index(transform(Point(cell), s));
      t.sets[size_t(k)][size_t(td / 64)] |= uint64_t(1) << (td % 64);
    }
  return t;
}

TEST(Symmetry, TwelveDistinctMapsOfTheBoardOntoItself) {
  std::vector<std::vector<int>> maps;
  for (int s = 0; s < 12; ++s) {
    std::vector<int> image;
    for (int cell = 0; cell < GRID_CELLS; ++cell) {
      if (dense_index(Point(cell)) == NO_DENSE) continue;
      const Point t = transform(Point(cell), s);
      ASSERT_NE(t, NO_POINT) << s;
      ASSERT_NE(dense_index(t), NO_DENSE) << s << " " << to_string(Point(cell));
      image.push_back(t);
    }
    ASSERT_EQ(image.size(), size_t(NUM_POINTS));
    std::vector<int> sorted = image;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(std::unique(sorted.begin(), sorted.end()), sorted.end()) << s;  // one to one
    maps.push_back(image);
  }
  std::sort(maps.begin(), maps.end());
  EXPECT_EQ(std::unique(maps.begin(), maps.end()), maps.end());
  EXPECT_EQ(transform(make_point(5, 5), 3), make_point(5, 5));  // f6 is the centre
}

// Positions of seeded random games, at placement and ring-move steps, turned by every
// symmetry: the legal decisions and the counts two plies below each map one to one, and the
// linear evaluation is the same.
TEST(Symmetry, TurnedPositionsHaveTurnedDecisionsAndTheSameValue) {
  int checked = 0;
  for (uint64_t game = 0; game < 12; ++game) {
    Rng rng(500 + game);
    Position pos = Position::start();
    std::vector<StateInfo> states(400);
    for (int ply = 0; !pos.is_over() && ply < 300; ++ply) {
      const bool quiet = pos.step() == Step::Place || pos.step() == Step::Move;
      if (quiet && ply % 7 == 3) {
        std::map<std::string, uint64_t> divide;
        for (const auto& [m, n] : perft_divide(pos, 2)) divide[to_string(m)] = n;
        const TrainingRecord r = make_record(pos, 0, ply);
        const int eval = evaluate(pos, default_weights());
        for (int s = 1; s < 12; ++s) {
          Position turned;
          ASSERT_TRUE(record_position(transform_record(r, s), turned)) << game << " " << ply << " " << s;
          std::map<std::string, uint64_t> turned_divide;
          for (const auto& [m, n] : perft_divide(turned, 2)) turned_divide[to_string(m)] = n;
          ASSERT_EQ(turned_divide.size(), divide.size()) << game << " " << ply << " " << s;
          for (const auto& [text, n] : divide) {
            const auto it = turned_divide.find(transform_move(text, s));
            ASSERT_NE(it, turned_divide.end()) << text << " under " << s;
            ASSERT_EQ(it->second, n) << text << " under " << s;
          }
          ASSERT_EQ(evaluate(turned, default_weights()), eval) << game << " " << ply << " " << s;
          ++checked;
        }
      }
      pos.do_move(random_decision(pos, rng), states[size_t(ply)]);
    }
  }
  EXPECT_GT(checked, 500);
}

}  // namespace
}  // namespace yinsh

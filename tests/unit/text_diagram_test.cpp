// The terminal board in the rulebook's orientation: columns a..k vertical, a column's points
// two lines apart, each column one line lower than the one on its left.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/diagram.h"
#include "core/game.h"
#include "core/notation.h"
#include "test_util.h"

using namespace yinsh;
using namespace yinsh::test;

namespace {

struct At {
  int line = -1, col = -1;
};

// Where the only occurrence of `c` stands in the text.
At find(const std::string& text, char c) {
  At at;
  int line = 0;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') ++line, start = i + 1;
    else if (text[i] == c) {
      EXPECT_EQ(at.line, -1) << "'" << c << "' twice in\n" << text;
      at = {line, int(i - start)};
    }
  }
  return at;
}

}  // namespace

// White's ring on e1, Black's on e10 (the placement phase), and `mark` highlighted ('*').
std::string board_with(const char* mark) {
  Game g;
  EXPECT_TRUE(g.play("e1"));
  EXPECT_TRUE(g.play("e10"));
  DiagramStyle style;
  style.highlight = Bitboard::of(*parse_point(mark));
  return diagram(g.position(), style);
}

std::vector<std::string> lines_of(const std::string& d) {
  std::vector<std::string> rows;
  for (size_t s = 0, e; s < d.size(); s = e + 1) rows.push_back(d.substr(s, (e = d.find('\n', s)) - s));
  return rows;
}

TEST(TextDiagram, ColumnsAreVerticalAsInTheRulebook) {
  const std::string d = board_with("f2");
  const At e1 = find(d, 'W'), e10 = find(d, 'B'), f2 = find(d, '*');
  EXPECT_EQ(e1.col, e10.col) << d;            // one column, e10 on top
  EXPECT_EQ(e1.line - e10.line, 2 * 9) << d;  // points two lines apart
  EXPECT_EQ(f2.col - e1.col, 4) << d;         // the next letter to the right
  EXPECT_EQ(f2.line, e1.line - 2 + 1) << d;   // one line below e2, which is two above e1
  const At a2 = find(board_with("a2"), '*'), k7 = find(board_with("k7"), '*');
  EXPECT_EQ(e1.col - a2.col, 16);
  EXPECT_EQ(k7.col - e1.col, 24);
  EXPECT_EQ(a2.line, k7.line) << "a2 and k7, the lowest points of the outer columns, are level";
  // Vertical lines join a column's points; the letters stand on the first and last lines.
  const auto rows = lines_of(d);
  EXPECT_EQ(rows[e1.line - 1][e1.col], '|');
  EXPECT_EQ(rows.front()[e1.col], 'e');
  EXPECT_EQ(rows.back()[e1.col], 'e');
  EXPECT_EQ(rows.front().find_first_not_of(" abcdefghijk"), std::string::npos) << rows.front();
  // 85 points: 2 rings, 1 highlight, 82 empty points.
  EXPECT_EQ(std::count(d.begin(), d.end(), '.'), 82);
}

TEST(TextDiagram, ColoursOnlyWhenAsked) {
  Game g;
  ASSERT_TRUE(g.play("e1"));
  ASSERT_TRUE(g.play("e10"));
  EXPECT_EQ(diagram(g.position()).find('\x1b'), std::string::npos);
  DiagramStyle style;
  style.color = true;
  const std::string c = diagram(g.position(), style);
  EXPECT_NE(c.find("\x1b[1;97mW\x1b[0m"), std::string::npos);
  EXPECT_NE(c.find("\x1b[1;94mB\x1b[0m"), std::string::npos);
}

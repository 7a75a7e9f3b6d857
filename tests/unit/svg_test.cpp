// Position pictures: the SVG shows every piece, highlight and arrow asked for.
#include <gtest/gtest.h>

#include "core/notation.h"
#include "records/png.h"
#include "records/svg.h"

namespace yinsh {
namespace {

int count(const std::string& s, const std::string& part) {
  int n = 0;
  for (size_t i = s.find(part); i != std::string::npos; i = s.find(part, i + 1)) ++n;
  return n;
}

TEST(Svg, DrawsBoardPiecesHighlightsAndArrows) {
  std::string error;
  const auto pos = parse_position("1B2/wwwwww1/W7/W8/W9/W8/W9/B8/B7/B6/B3 w remove-row 0 0 normal", &error);
  ASSERT_TRUE(pos) << error;
  SvgOptions o;
  o.highlight = Bitboard::of(*parse_point("e5")) | Bitboard::of(*parse_point("f6"));
  o.arrows.emplace_back(*parse_point("c1"), *parse_point("c7"));
  o.caption = "White <to> remove";
  const std::string svg = to_svg(*pos, o);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_EQ(count(svg, "class=\"ring-white\""), 5);
  EXPECT_EQ(count(svg, "class=\"ring-black\""), 5);
  EXPECT_EQ(count(svg, "class=\"marker-white\""), 6);
  EXPECT_EQ(count(svg, "class=\"marker-black\""), 0);
  EXPECT_EQ(count(svg, "class=\"highlight\""), 2);
  EXPECT_EQ(count(svg, "class=\"arrow\""), 1);
  EXPECT_EQ(count(svg, "removed-white"), 0);
  EXPECT_EQ(count(svg, "removed-black"), 0);
  EXPECT_NE(svg.find("White &lt;to&gt; remove"), std::string::npos);  // escaped
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
}

TEST(Svg, BoardHasOneLineSegmentPerNeighbourPair) {
  // 85 points; segments between neighbours in the three line directions: 10 per ... counted
  // from the geometry, and every one is drawn exactly once.
  int pairs = 0;
  for (Point p : GEO.points)
    for (Direction d : {N, E, NE}) pairs += neighbour(p, d) != NO_POINT;
  const std::string svg = to_svg(Position::start());
  EXPECT_EQ(count(svg, "<line x1"), pairs);
  EXPECT_EQ(count(svg, "class=\"ring-"), 0);
}

TEST(Png, ConverterIsFoundOnlyOnPath) {
  // Whatever is installed, a missing converter yields a clear message, not a crash.
  const auto conv = find_png_converter();
  std::string error;
  const bool ok = svg_file_to_png("/nonexistent/in.svg", "/nonexistent/out.png", &error);
  EXPECT_FALSE(ok);
  if (!conv) EXPECT_NE(error.find("no SVG to PNG converter is installed"), std::string::npos) << error;
  else EXPECT_NE(error.find("failed to convert"), std::string::npos) << error;
}

}  // namespace
}  // namespace yinsh

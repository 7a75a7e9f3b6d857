// Position pictures: the SVG shows every piece, highlight and arrow asked for.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/notation.h"
#include "records/gif.h"
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

TEST(Png, DrawsTheBoardInProcess) {
  Position pos = Position::start();
  const std::string svg = to_svg(pos);
  std::string error;
  const auto png = svg_to_png(svg, 1.0, &error);
  ASSERT_TRUE(png) << error;
  ASSERT_GT(png->size(), 1000u);
  EXPECT_EQ(png->substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  const auto raster = render_svg(svg, 0.5, &error);
  ASSERT_TRUE(raster) << error;
  // The board's background colour (#f3ead7) fills the corner; the picture is the SVG's size.
  EXPECT_EQ(raster->rgba[0], 0xf3);
  EXPECT_EQ(raster->rgba[1], 0xea);
  EXPECT_EQ(raster->rgba[2], 0xd7);
  EXPECT_EQ(raster->rgba[3], 0xff);
  const auto full = render_svg(svg, 1.0, &error);
  ASSERT_TRUE(full);
  EXPECT_NEAR(full->width, 2 * raster->width, 1);
  // PNG width and height (IHDR, big-endian) are the raster's.
  auto be32 = [&](size_t at) {
    return (uint32_t(uint8_t((*png)[at])) << 24) | (uint32_t(uint8_t((*png)[at + 1])) << 16) |
           (uint32_t(uint8_t((*png)[at + 2])) << 8) | uint32_t(uint8_t((*png)[at + 3]));
  };
  EXPECT_EQ(int(be32(16)), full->width);
  EXPECT_EQ(int(be32(20)), full->height);
}

TEST(Png, BadSvgIsRefusedWithTheReason) {
  std::string error;
  EXPECT_FALSE(svg_to_png("<svg this is not xml", 1.0, &error));
  EXPECT_NE(error.find("not a valid SVG"), std::string::npos) << error;
  EXPECT_FALSE(svg_to_png("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100000\" height=\"10\"/>", 1.0, &error));
  EXPECT_NE(error.find("out of range"), std::string::npos) << error;
}

TEST(Gif, AnimatesFramesThatLoop) {
  Position pos = Position::start();
  std::string error;
  std::vector<Raster> frames;
  frames.push_back(*render_svg(to_svg(pos), 0.5));
  SvgOptions opt;
  opt.highlight = Bitboard::of(*parse_point("e4"));
  frames.push_back(*render_svg(to_svg(pos, opt), 0.5));
  const auto gif = encode_gif(frames, 80, 300, &error);
  ASSERT_TRUE(gif) << error;
  EXPECT_EQ(gif->substr(0, 6), "GIF89a");
  EXPECT_NE(gif->find("NETSCAPE2.0"), std::string::npos);
  // Two image descriptors, each after a graphics control extension (0x21 0xF9).
  size_t gce = 0;
  for (size_t i = 0; i + 1 < gif->size(); ++i)
    if (uint8_t((*gif)[i]) == 0x21 && uint8_t((*gif)[i + 1]) == 0xF9) ++gce;
  EXPECT_GE(gce, 2u);
  // The second frame is written as the rectangle around e4's highlight, not the whole picture:
  // after its graphics control extension (8 bytes) comes the image descriptor, width at +5.
  const size_t second = gif->find("\x21\xF9\x04", gif->find("\x21\xF9\x04") + 1);
  ASSERT_NE(second, std::string::npos);
  ASSERT_EQ(uint8_t((*gif)[second + 8]), 0x2C);
  const int width = uint8_t((*gif)[second + 13]) | uint8_t((*gif)[second + 14]) << 8;
  EXPECT_GT(width, 0);
  EXPECT_LT(width, frames[0].width / 4);
  EXPECT_EQ(uint8_t(gif->back()), 0x3B);  // trailer
  frames.push_back(*render_svg(to_svg(pos), 0.25));
  EXPECT_FALSE(encode_gif(frames, 80, 300, &error));
  EXPECT_NE(error.find("different sizes"), std::string::npos);
}

}  // namespace
}  // namespace yinsh

// Pictures of positions as SVG, in the style of the rulebook's diagrams: the board's lines,
// white and black rings as thick circles, markers as discs, coordinates around the board,
// removed rings in three slots on each player's side, optional highlighted points and arrows.
// png.h turns the SVG into PNG (librsvg + cairo, in-process), gif.h animates several.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/position.h"

namespace yinsh {

struct SvgOptions {
  int spacing = 40;                               // pixels between neighbouring points
  bool coordinates = true;                        // letters a..k and numbers 1..11
  Bitboard highlight;                             // points marked with a green disc
  std::vector<std::pair<Point, Point>> arrows;    // drawn from first to second
  std::string caption;                            // a line of text under the board ("" = none)
};

std::string to_svg(const Position& pos, const SvgOptions& options = {});

// Text made safe inside XML and HTML text and quoted attributes (& < > " ').
std::string xml_escape(std::string_view s);

}  // namespace yinsh

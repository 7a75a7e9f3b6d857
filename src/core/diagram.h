// The board as text for terminals, in the rulebook's orientation: each column (same letter,
// a..k) is a vertical line of points joined by '|', lettered on the top and bottom lines; the points of a
// column are two text lines apart and each column sits one line lower than the one on its
// left, so the numbers (same number) run down to the right and the diagonals up to the right,
// as in the printed diagrams and the SVG pictures. Numbers stand at both ends of each number
// line.
//   W B  rings      w b  markers      .  empty point      *  highlighted empty point
// With `color`, ANSI colours draw white pieces in bold bright white and black in bold blue,
// highlights in green and empty points dim.
#pragma once

#include <string>

#include "position.h"

namespace yinsh {

struct DiagramStyle {
  bool color = false;
  Bitboard highlight;  // e.g. the destinations of a ring
  Bitboard last;       // points of the last decision, shown in brackets
};

std::string diagram(const Position& pos, const DiagramStyle& style = {});

}  // namespace yinsh

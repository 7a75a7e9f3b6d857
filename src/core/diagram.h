// The board as text for terminals: each row (same number) is one screen line, row 11 on
// top, numbered at both ends; the columns (same letter) climb up-left, lettered at both ends.
//   W B  rings      w b  markers      .  empty point      *  highlighted empty point
// With `color`, ANSI colours draw white pieces in bold yellow-white and black in blue.
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

#include "diagram.h"

#include <string>

#include "geometry.h"

namespace yinsh {

namespace {

// A point's height in half steps is 2*row - col: from -4 (e1, g2) to 14 (e10, g11). Line 0
// holds the letters, then a blank line, then one text line per half step, highest first, then
// a blank line and the letters again.
constexpr int HIGH = 14, LOW = -4;
constexpr int LEFT = 4;  // room for the numbers left of a2..a5
constexpr int ROWS_OF_TEXT = HIGH - LOW + 5;

constexpr int line_of(int col, int row) { return 2 + HIGH - (2 * row - col); }
constexpr int x_of(int col) { return LEFT + 4 * col; }

}  // namespace

// The text is built in a grid of characters, each cell with an optional ANSI colour code (a
// cell of strings cost a string per cell: this is the engine protocol's `show`, which the
// protocol fuzzer runs thousands of times a second).
std::string diagram(const Position& pos, const DiagramStyle& style) {
  constexpr int WIDTH = LEFT + 4 * (GRID - 1) + 6;
  char text[ROWS_OF_TEXT][WIDTH];
  const char* code[ROWS_OF_TEXT][WIDTH] = {};  // colour of the cell, when drawn with style.color
  for (auto& line : text)
    for (char& ch : line) ch = ' ';
  auto put = [&](int line, int x, char ch, const char* colour = nullptr) {
    if (line < 0 || line >= ROWS_OF_TEXT || x < 0 || x >= WIDTH) return;
    text[line][x] = ch;
    code[line][x] = style.color ? colour : nullptr;
  };
  for (int c = 0; c < GRID; ++c) {
    const int top = line_of(c, column_min_row(c) + column_length(c) - 1);
    const int bottom = line_of(c, column_min_row(c));
    for (int line = top + 1; line < bottom; line += 2) put(line, x_of(c), '|', "\x1b[2m");
    put(0, x_of(c), char('a' + c));
    put(ROWS_OF_TEXT - 1, x_of(c), char('a' + c));
  }
  for (Point p : GEO.points) {
    const char piece = pos.piece_char(p);
    const char ch = piece == '.' && style.highlight.contains(p) ? '*' : piece;
    const char* colour = ch == 'W' || ch == 'w' ? "\x1b[1;97m"
                         : ch == 'B' || ch == 'b' ? "\x1b[1;94m"
                         : ch == '*'              ? "\x1b[1;92m"
                                                  : "\x1b[2m";
    const int line = line_of(col_of(p), row_of(p)), x = x_of(col_of(p));
    put(line, x, ch, colour);
    if (style.last.contains(p)) {
      put(line, x - 1, '[');
      put(line, x + 1, ']');
    }
  }
  for (int r = 0; r < GRID; ++r) {  // numbers at both ends of each number line
    int first = -1, last = -1;
    for (int c = 0; c < GRID; ++c)
      if (on_board(c, r)) last = c, first = first < 0 ? c : first;
    if (first < 0) continue;
    const std::string n = std::to_string(r + 1);
    for (size_t k = 0; k < n.size(); ++k) {
      put(line_of(first, r), x_of(first) - 2 - int(n.size()) + int(k), n[k]);
      put(line_of(last, r), x_of(last) + 3 + int(k), n[k]);
    }
  }
  std::string out;
  out.reserve(style.color ? 8192 : ROWS_OF_TEXT * (WIDTH + 1));
  for (int line = 0; line < ROWS_OF_TEXT; ++line) {
    int end = WIDTH;  // without the trailing blanks (a coloured cell is never blank)
    while (end > 0 && text[line][end - 1] == ' ' && !code[line][end - 1]) --end;
    if (!style.color) out.append(text[line], size_t(end));
    else
      for (int x = 0; x < end; ++x) {
        if (code[line][x]) out += code[line][x];
        out += text[line][x];
        if (code[line][x]) out += "\x1b[0m";
      }
    out += '\n';
  }
  return out;
}

}  // namespace yinsh

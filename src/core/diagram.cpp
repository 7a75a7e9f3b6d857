#include "diagram.h"

#include <vector>

#include "geometry.h"

namespace yinsh {

namespace {

// A point's height in half steps is 2*row - col: from -4 (e1, g2) to 14 (e10, g11). Line 0
// holds the letters, then a blank line, then one text line per half step, highest first, then
// a blank line and the letters again.
constexpr int HIGH = 14, LOW = -4;
constexpr int LEFT = 4;  // room for the numbers left of a2..a5
constexpr int ROWS_OF_TEXT = HIGH - LOW + 5;

int line_of(int col, int row) { return 2 + HIGH - (2 * row - col); }
int x_of(int col) { return LEFT + 4 * col; }

}  // namespace

std::string diagram(const Position& pos, const DiagramStyle& style) {
  const int width = x_of(GRID - 1) + 6;
  std::vector<std::vector<std::string>> cells(ROWS_OF_TEXT, std::vector<std::string>(width, " "));
  auto put = [&](int line, int x, const std::string& s) {
    if (line >= 0 && line < ROWS_OF_TEXT && x >= 0 && x < width) cells[line][x] = s;
  };
  auto put_text = [&](int line, int x, const std::string& s) {
    for (size_t k = 0; k < s.size(); ++k) put(line, x + int(k), std::string(1, s[k]));
  };
  const char* reset = "\x1b[0m";
  auto paint = [&](const char* code, std::string s) { return style.color ? code + s + reset : s; };
  for (int c = 0; c < GRID; ++c) {
    const int top = line_of(c, column_min_row(c) + column_length(c) - 1);
    const int bottom = line_of(c, column_min_row(c));
    for (int line = top + 1; line < bottom; line += 2) put(line, x_of(c), paint("\x1b[2m", "|"));
    const std::string letter(1, char('a' + c));
    put(0, x_of(c), letter);
    put(ROWS_OF_TEXT - 1, x_of(c), letter);
  }
  for (Point p : GEO.points) {
    const char ch = pos.piece_char(p);
    const std::string s(1, ch == '.' && style.highlight.contains(p) ? '*' : ch);
    const char* code = ch == 'W' || ch == 'w' ? "\x1b[1;97m"
                       : ch == 'B' || ch == 'b' ? "\x1b[1;94m"
                       : s == "*"               ? "\x1b[1;92m"
                                                : "\x1b[2m";
    const int line = line_of(col_of(p), row_of(p)), x = x_of(col_of(p));
    put(line, x, paint(code, s));
    if (style.last.contains(p)) {
      put(line, x - 1, "[");
      put(line, x + 1, "]");
    }
  }
  for (int r = 0; r < GRID; ++r) {  // numbers at both ends of each number line
    int first = -1, last = -1;
    for (int c = 0; c < GRID; ++c)
      if (on_board(c, r)) last = c, first = first < 0 ? c : first;
    if (first < 0) continue;
    const std::string n = std::to_string(r + 1);
    put_text(line_of(first, r), x_of(first) - 2 - int(n.size()), n);
    put_text(line_of(last, r), x_of(last) + 3, n);
  }
  std::string out;
  for (const auto& line : cells) {
    std::string s;
    for (const auto& cell : line) s += cell;
    while (!s.empty() && s.back() == ' ') s.pop_back();
    out += s + "\n";
  }
  return out;
}

}  // namespace yinsh

#include "diagram.h"

#include <vector>

namespace yinsh {

namespace {

// Each board row (same number) is one screen line, row 11 on top; points of a row are 4
// characters apart and each row is shifted 2 characters left of the one below, so columns
// (same letter) climb up-left and the diagonals up-right, all at 60 degrees.
constexpr int LEFT = 12;  // room for the row numbers left of a5 and b7 (x = -8)
constexpr int TOP = 0;

int line_of(Point p) { return TOP + (GRID - 1 - row_of(p)); }
int x_of(Point p) { return LEFT + 4 * col_of(p) - 2 * row_of(p); }

}  // namespace

std::string diagram(const Position& pos, const DiagramStyle& style) {
  const int width = LEFT + 4 * (GRID - 1) + 8, lines = GRID + 1;
  std::vector<std::vector<std::string>> cells(lines, std::vector<std::string>(width, " "));
  auto put = [&](int line, int x, const std::string& s) {
    if (line >= 0 && line < lines && x >= 0 && x < width) cells[line][x] = s;
  };
  auto put_text = [&](int line, int x, const std::string& s) {
    for (size_t k = 0; k < s.size(); ++k) put(line, x + int(k), std::string(1, s[k]));
  };
  const char* reset = "\x1b[0m";
  for (Point p : GEO.points) {
    const char ch = pos.piece_char(p);
    std::string s(1, ch == '.' && style.highlight.contains(p) ? '*' : ch);
    if (style.color) {
      if (ch == 'W' || ch == 'w') s = "\x1b[1;97m" + s + reset;
      else if (ch == 'B' || ch == 'b') s = "\x1b[1;94m" + s + reset;
      else if (s == "*") s = "\x1b[1;92m" + s + reset;
      else s = "\x1b[2m" + s + reset;
    }
    put(line_of(p), x_of(p), s);
    if (style.last.contains(p)) {
      put(line_of(p), x_of(p) - 1, "[");
      put(line_of(p), x_of(p) + 1, "]");
    }
  }
  // Letters on a line of their own below row 1, each where its column (extended down-right)
  // meets that line.
  for (int c = 0; c < GRID; ++c) put(GRID, LEFT + 4 * c + 2, std::string(1, char('a' + c)));
  for (int r = 0; r < GRID; ++r) {  // numbers at both ends of each row
    int first = -1, last = -1;
    for (int c = 0; c < GRID; ++c)
      if (on_board(c, r)) last = c, first = first < 0 ? c : first;
    const std::string n = std::to_string(r + 1);
    put_text(line_of(make_point(first, r)), x_of(make_point(first, r)) - 3 - int(n.size()) + 1, n);
    put_text(line_of(make_point(last, r)), x_of(make_point(last, r)) + 3, n);
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

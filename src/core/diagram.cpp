#include "diagram.h"

#include <vector>

namespace yinsh {

namespace {

constexpr int MAX_LINE = 14;  // max of 2*row - col over the board (e10, g11)
constexpr int LINES = MAX_LINE + 4 + 2;
constexpr int LEFT = 4;

int line_of(Point p) { return MAX_LINE - (2 * row_of(p) - col_of(p)); }
int x_of(Point p) { return LEFT + 4 * col_of(p); }

}  // namespace

std::string diagram(const Position& pos, const DiagramStyle& style) {
  // Each cell holds one visible character plus an optional colour prefix.
  const int width = LEFT + 4 * (GRID - 1) + 3;
  std::vector<std::vector<std::string>> cells(LINES, std::vector<std::string>(width, " "));
  auto put = [&](int line, int x, const std::string& s) {
    if (line >= 0 && line < LINES && x >= 0 && x < width) cells[line][x] = s;
  };
  const char* reset = "\x1b[0m";
  for (Point p : GEO.points) {
    const char ch = pos.piece_char(p);
    std::string s(1, ch);
    if (ch == '.' && style.highlight.contains(p)) s = "*";
    if (style.color) {
      if (ch == 'W' || ch == 'w') s = std::string("\x1b[1;97m") + s + reset;
      else if (ch == 'B' || ch == 'b') s = std::string("\x1b[1;94m") + s + reset;
      else if (s == "*") s = std::string("\x1b[1;92m") + s + reset;
      else s = std::string("\x1b[2m") + s + reset;
    }
    put(line_of(p), x_of(p), s);
    if (style.last.contains(p)) {
      put(line_of(p), x_of(p) - 1, "[");
      put(line_of(p), x_of(p) + 1, "]");
    }
  }
  for (int c = 0; c < GRID; ++c) {  // letters under each column
    const Point bottom = make_point(c, column_min_row(c));
    put(line_of(bottom) + 1, x_of(bottom), std::string(1, char('a' + c)));
  }
  for (int r = 0; r < GRID; ++r) {  // numbers left of each row
    for (int c = 0; c < GRID; ++c) {
      if (!on_board(c, r)) continue;
      const Point p = make_point(c, r);
      const std::string n = std::to_string(r + 1);
      for (size_t k = 0; k < n.size(); ++k) put(line_of(p), x_of(p) - 3 + int(k), std::string(1, n[k]));
      break;
    }
  }
  std::string out;
  for (const auto& line : cells) {
    std::string s;
    for (const auto& cell : line) s += cell;
    while (!s.empty() && s.back() == ' ') s.pop_back();
    out += s + "\n";
  }
  while (out.size() > 1 && out[out.size() - 2] == '\n') out.pop_back();
  if (!out.empty() && out[0] == '\n') out.erase(0, out.find_first_not_of('\n'));
  return out;
}

}  // namespace yinsh

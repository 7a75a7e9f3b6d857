#include "records/svg.h"

#include <cmath>
#include <cstdio>

#include "core/geometry.h"
#include "core/notation.h"

namespace yinsh {

namespace {

// Board coordinates in units of the spacing: columns are vertical lines (x grows with the
// letter), a number's points run down to the right and the diagonal c2-g6 up to the right,
// as in the rulebook and the terminal diagram. y grows downwards as in SVG.
constexpr double SQRT3_2 = 0.8660254037844386;
double ux(int col) { return col * SQRT3_2; }
double uy(int col, int row) { return col * 0.5 - row; }

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  std::string s = buf;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}


}  // namespace

std::string xml_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string to_svg(const Position& pos, const SvgOptions& o) {
  const double s = o.spacing > 4 ? o.spacing : 40;
  // Extent of the board in units: x 0..10*sqrt(3)/2, y from uy(0,4)=-4 ... uy(10,6)=... compute.
  double min_y = 1e9, max_y = -1e9;
  for (Point p : GEO.points) {
    min_y = std::min(min_y, uy(col_of(p), row_of(p)));
    max_y = std::max(max_y, uy(col_of(p), row_of(p)));
  }
  const double margin = 1.6 * s;
  const double width = ux(GRID - 1) * s + 2 * margin;
  const double caption_h = o.caption.empty() ? 0 : 0.9 * s;
  const double height = (max_y - min_y) * s + 2 * margin + caption_h;
  auto X = [&](int col) { return margin + ux(col) * s; };
  auto Y = [&](int col, int row) { return margin + (uy(col, row) - min_y) * s; };
  auto PX = [&](Point p) { return X(col_of(p)); };
  auto PY = [&](Point p) { return Y(col_of(p), row_of(p)); };

  std::string out;
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) + "\" height=\"" + num(height) +
         "\" viewBox=\"0 0 " + num(width) + " " + num(height) + "\" font-family=\"sans-serif\">\n";
  out += "<title>" + xml_escape(to_text(pos)) + "</title>\n";
  out += "<defs><marker id=\"arrowhead\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"4\" "
         "markerHeight=\"4\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#c0392b\"/>"
         "</marker></defs>\n";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"#f3ead7\"/>\n";
  // The lines of the board: each point to its neighbour in the three positive directions.
  out += "<g stroke=\"#6b5b45\" stroke-width=\"" + num(s * 0.04) + "\" stroke-linecap=\"round\">\n";
  for (Point p : GEO.points)
    for (Direction d : {N, E, NE}) {
      const Point q = neighbour(p, d);
      if (q == NO_POINT) continue;
      out += "<line x1=\"" + num(PX(p)) + "\" y1=\"" + num(PY(p)) + "\" x2=\"" + num(PX(q)) + "\" y2=\"" +
             num(PY(q)) + "\"/>\n";
    }
  out += "</g>\n";
  if (o.coordinates) {
    out += "<g fill=\"#6b5b45\" font-size=\"" + num(s * 0.36) + "\" text-anchor=\"middle\">\n";
    for (int c = 0; c < GRID; ++c) {  // letters under each column
      const int r = column_min_row(c);
      out += "<text x=\"" + num(X(c)) + "\" y=\"" + num(Y(c, r) + 1.45 * s) + "\">" + char('a' + c) + "</text>\n";
    }
    for (int r = 0; r < GRID; ++r)  // numbers left of each row's first point
      for (int c = 0; c < GRID; ++c) {
        if (!on_board(c, r)) continue;
        // one step back along the row (which runs down to the right), centred on the line
        out += "<text x=\"" + num(X(c) - 0.95 * s) + "\" y=\"" + num(Y(c, r) - 0.42 * s) + "\">" +
               std::to_string(r + 1) + "</text>\n";
        break;
      }
    out += "</g>\n";
  }
  // Pieces: markers as discs, rings as thick circles with a dark edge.
  for (Point p : GEO.points) {
    const char ch = pos.piece_char(p);
    const std::string cx = num(PX(p)), cy = num(PY(p));
    if (ch == 'w' || ch == 'b')
      out += "<circle class=\"marker-" + std::string(ch == 'w' ? "white" : "black") + "\" cx=\"" + cx +
             "\" cy=\"" + cy + "\" r=\"" + num(s * 0.3) + "\" fill=\"" + (ch == 'w' ? "#fbfbf8" : "#1c1c1c") +
             "\" stroke=\"#1c1c1c\" stroke-width=\"" + num(s * 0.04) + "\"/>\n";
    if (ch == 'W' || ch == 'B') {
      const std::string r = num(s * 0.4);
      out += "<g class=\"ring-" + std::string(ch == 'W' ? "white" : "black") + "\">";
      out += "<circle cx=\"" + cx + "\" cy=\"" + cy + "\" r=\"" + r + "\" fill=\"none\" stroke=\"#1c1c1c\" stroke-width=\"" +
             num(s * 0.17) + "\"/>";
      if (ch == 'W')
        out += "<circle cx=\"" + cx + "\" cy=\"" + cy + "\" r=\"" + r +
               "\" fill=\"none\" stroke=\"#fbfbf8\" stroke-width=\"" + num(s * 0.1) + "\"/>";
      out += "</g>\n";
    }
  }
  // Removed rings: three slots per player, White's under the board's right, Black's above its left.
  for (Color c : {WHITE, BLACK}) {
    for (int k = 0; k < rings_to_win(pos.variant()); ++k) {
      const double cx = c == WHITE ? width - margin * 0.5 - k * 0.9 * s : margin * 0.5 + k * 0.9 * s;
      const double cy = c == WHITE ? height - caption_h - margin * 0.5 : margin * 0.5;
      const bool filled = k < pos.removed(c);
      out += "<circle class=\"slot" + std::string(filled ? (c == WHITE ? " removed-white" : " removed-black") : "") +
             "\" cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"" + num(s * 0.3) + "\" fill=\"none\" stroke=\"" +
             (filled ? "#1c1c1c" : "#c9b99a") + "\" stroke-width=\"" + num(filled ? s * 0.13 : s * 0.04) + "\"/>\n";
      if (filled && c == WHITE)
        out += "<circle cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"" + num(s * 0.3) +
               "\" fill=\"none\" stroke=\"#fbfbf8\" stroke-width=\"" + num(s * 0.07) + "\"/>\n";
    }
  }
  // Highlights go over the pieces, translucent, so a marked piece stays visible.
  for (Point p : o.highlight)
    if (on_board(p))
      out += "<circle class=\"highlight\" cx=\"" + num(PX(p)) + "\" cy=\"" + num(PY(p)) + "\" r=\"" +
             num(s * 0.22) + "\" fill=\"#2ecc71\" fill-opacity=\"0.6\" stroke=\"#1e8449\" stroke-width=\"" + num(s * 0.04) + "\"/>\n";
  for (const auto& [a, b] : o.arrows) {
    if (!on_board(a) || !on_board(b) || a == b) continue;
    const double x1 = PX(a), y1 = PY(a), x2 = PX(b), y2 = PY(b);
    const double len = std::hypot(x2 - x1, y2 - y1), cut = s * 0.3;
    const double ex = x2 - (x2 - x1) * cut / len, ey = y2 - (y2 - y1) * cut / len;
    out += "<line class=\"arrow\" x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(ex) + "\" y2=\"" +
           num(ey) + "\" stroke=\"#c0392b\" stroke-width=\"" + num(s * 0.08) +
           "\" stroke-linecap=\"round\" marker-end=\"url(#arrowhead)\"/>\n";
  }
  if (!o.caption.empty())
    out += "<text x=\"" + num(width / 2) + "\" y=\"" + num(height - caption_h * 0.4) + "\" font-size=\"" +
           num(s * 0.32) + "\" text-anchor=\"middle\" fill=\"#333\">" + xml_escape(o.caption) + "</text>\n";
  out += "</svg>\n";
  return out;
}

}  // namespace yinsh

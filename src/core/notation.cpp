#include "notation.h"

#include <array>
#include <cctype>
#include <cstring>
#include <vector>

#include "movegen.h"

namespace yinsh {

namespace {

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = char(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

bool set_error(std::string* error, std::string msg) {
  if (error) *error = std::move(msg);
  return false;
}

}  // namespace

std::vector<std::string> split_words(std::string_view s) {
  std::vector<std::string> fields;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    size_t j = i;
    while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    if (j > i) fields.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return fields;
}

namespace {

constexpr std::array<std::string_view, NUM_STEPS> STEP_NAMES = {
    "place", "move", "remove-row", "remove-ring", "early-remove-row", "early-remove-ring", "over"};

}  // namespace

std::string to_string(Point p) {
  if (p == NO_POINT || !on_board(p)) return "-";
  return std::string(1, char('a' + col_of(p))) + std::to_string(row_of(p) + 1);
}

// A point on the board as its name ("e5", "k11"); '-' off the board.
static size_t write_point(Point p, char* out) {
  if (p == NO_POINT || !on_board(p)) {
    out[0] = '-';
    return 1;
  }
  const int row = row_of(p) + 1;
  out[0] = char('a' + col_of(p));
  if (row < 10) {
    out[1] = char('0' + row);
    return 2;
  }
  out[1] = char('0' + row / 10);
  out[2] = char('0' + row % 10);
  return 3;
}

uint64_t move_text_key(Move m) {
  static_assert(MAX_MOVE_TEXT == sizeof(uint64_t));
  char text[MAX_MOVE_TEXT] = {};
  write_move(m, text);
  uint64_t k = 0;
  for (char c : text) k = k << 8 | static_cast<unsigned char>(c);
  return k;
}

size_t key_text(uint64_t key, char* out) {
  size_t len = 0;
  for (int shift = 56; shift >= 0 && (key >> shift & 0xff); shift -= 8) out[len++] = char(key >> shift);
  return len;
}

size_t write_move(Move m, char* out) {
  size_t n = 0;
  switch (m.kind()) {
    case Move::Place: return write_point(m.from(), out);
    case Move::Ring:
      n = write_point(m.from(), out);
      out[n++] = '-';
      return n + write_point(m.to(), out + n);
    case Move::Row:
      out[0] = 'x';
      n = 1 + write_point(m.from(), out + 1);
      out[n++] = '-';
      return n + write_point(m.to(), out + n);
    case Move::RemoveRing:
      out[0] = 'x';
      return 1 + write_point(m.from(), out + 1);
    case Move::Pass: std::memcpy(out, "pass", 4); return 4;
    case Move::None: break;
  }
  std::memcpy(out, "none", 4);
  return 4;
}

std::string to_string(Move m) {
  char buf[MAX_MOVE_TEXT];
  return std::string(buf, write_move(m, buf));
}

std::string_view to_string(Step s) { return STEP_NAMES[int(s)]; }
std::string_view to_string(Variant v) { return v == Variant::Blitz ? "blitz" : "normal"; }
std::string_view to_string(Result r) {
  switch (r) {
    case Result::WhiteWins: return "1-0";
    case Result::BlackWins: return "0-1";
    case Result::Draw: return "1/2-1/2";
    case Result::None: break;
  }
  return "*";
}

std::optional<Point> parse_point(std::string_view s) {
  if (s.size() < 2 || s.size() > 3) return std::nullopt;
  const int col = std::tolower(static_cast<unsigned char>(s[0])) - 'a';
  int row = 0;
  for (char c : s.substr(1)) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    row = row * 10 + (c - '0');
  }
  if (s[1] == '0' || !on_board(col, row - 1)) return std::nullopt;
  return make_point(col, row - 1);
}

std::optional<Move> parse_move(std::string_view text, std::string* error) {
  const std::string s = lower(text);
  auto bad = [&](const std::string& why) -> std::optional<Move> {
    set_error(error, "bad decision '" + std::string(text) + "': " + why);
    return std::nullopt;
  };
  if (s.empty()) return bad("empty");
  if (s == "pass") return Move::pass();
  const bool removal = s[0] == 'x';
  std::string_view body = std::string_view(s).substr(removal ? 1 : 0);
  const size_t dash = body.find('-');
  const auto a = parse_point(body.substr(0, dash));
  if (!a) return bad("'" + std::string(body.substr(0, dash)) + "' is not a point of the board");
  if (dash == std::string_view::npos) return removal ? Move::remove_ring(*a) : Move::place(*a);
  const auto b = parse_point(body.substr(dash + 1));
  if (!b) return bad("'" + std::string(body.substr(dash + 1)) + "' is not a point of the board");
  if (direction_between(*a, *b) < 0) return bad("the two points are not on one line");
  if (!removal) return Move::ring(*a, *b);
  if (between(*a, *b).count() != 3) return bad("a row is five points: its ends are 4 apart");
  return Move::row(*a, *b);
}

std::optional<Move> parse_legal_move(const Position& pos, std::string_view text,
                                     std::string* error) {
  const auto m = parse_move(text, error);
  if (!m) return std::nullopt;
  if (!is_legal(pos, *m)) {
    set_error(error, "illegal decision '" + std::string(text) + "': " +
                         (pos.is_over() ? std::string("the game is over")
                                        : "not legal at step " + std::string(to_string(pos.step())) +
                                              " for " + (pos.side_to_move() == WHITE ? "white" : "black")));
    return std::nullopt;
  }
  return m;
}

std::optional<Step> parse_step(std::string_view s) {
  for (int i = 0; i < NUM_STEPS; ++i)
    if (STEP_NAMES[i] == s) return Step(i);
  return std::nullopt;
}

std::optional<Variant> parse_variant(std::string_view s) {
  if (s == "normal") return Variant::Normal;
  if (s == "blitz") return Variant::Blitz;
  return std::nullopt;
}

std::string to_text(const Position& pos) {
  std::string out;
  for (int c = 0; c < GRID; ++c) {
    if (c) out += '/';
    int empty = 0;
    for (int r = column_min_row(c); r < column_min_row(c) + column_length(c); ++r) {
      const char ch = pos.piece_char(make_point(c, r));
      if (ch == '.') {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty), empty = 0;
      out += ch;
    }
    if (empty) out += std::to_string(empty);
  }
  out += pos.side_to_move() == WHITE ? " w " : " b ";
  out += to_string(pos.step());
  out += " " + std::to_string(pos.removed(WHITE)) + " " + std::to_string(pos.removed(BLACK)) + " ";
  out += to_string(pos.variant());
  return out;
}

std::optional<Position> parse_position(std::string_view text, std::string* error) {
  auto bad = [&](const std::string& why) -> std::optional<Position> {
    set_error(error, "bad position text: " + why);
    return std::nullopt;
  };
  const auto f = split_words(text);
  if (f.size() != 6)
    return bad("expected 6 fields (board side step white-removed black-removed variant), got " +
               std::to_string(f.size()));
  const auto variant = parse_variant(f[5]);
  if (!variant) return bad("field 6: variant must be 'normal' or 'blitz', not '" + std::string(f[5]) + "'");
  Position pos = Position::start(*variant);

  int col = 0, row = column_min_row(0);
  for (size_t i = 0; i < f[0].size(); ++i) {
    const char ch = f[0][i];
    const std::string where = "board, character " + std::to_string(i + 1) + " ('" + ch + "'): ";
    const int end = col < GRID ? column_min_row(col) + column_length(col) : 0;
    if (ch == '/') {
      if (col >= GRID - 1) return bad(where + "more than 11 columns");
      if (row != end)
        return bad(where + "column " + char('a' + col) + " describes " +
                   std::to_string(row - column_min_row(col)) + " points, it has " +
                   std::to_string(column_length(col)));
      row = column_min_row(++col);
    } else if (std::isdigit(static_cast<unsigned char>(ch))) {
      int n = ch - '0';
      if (i + 1 < f[0].size() && std::isdigit(static_cast<unsigned char>(f[0][i + 1])))
        n = n * 10 + (f[0][++i] - '0');
      if (n == 0 || row + n > end)
        return bad(where + "column " + char('a' + col) + " overflows (it has " +
                   std::to_string(column_length(col)) + " points)");
      row += n;
    } else if (ch == 'W' || ch == 'B' || ch == 'w' || ch == 'b') {
      if (row >= end)
        return bad(where + "column " + char('a' + col) + " overflows (it has " +
                   std::to_string(column_length(col)) + " points)");
      const Color c = (ch == 'W' || ch == 'w') ? WHITE : BLACK;
      if (ch == 'W' || ch == 'B')
        pos.put_ring(c, make_point(col, row));
      else
        pos.put_marker(c, make_point(col, row));
      ++row;
    } else {
      return bad(where + "expected W, B, w, b, a number or '/'");
    }
  }
  if (col != GRID - 1)
    return bad("board: " + std::to_string(col + 1) + " columns, expected 11 separated by '/'");
  if (row != column_min_row(col) + column_length(col))
    return bad(std::string("board: column ") + char('a' + col) + " describes " +
               std::to_string(row - column_min_row(col)) + " points, it has " +
               std::to_string(column_length(col)));

  if (f[1] != "w" && f[1] != "b") return bad("field 2: side must be 'w' or 'b', not '" + std::string(f[1]) + "'");
  const auto step = parse_step(f[2]);
  if (!step) return bad("field 3: unknown step '" + std::string(f[2]) + "'");
  int removed[2];
  for (int i = 0; i < 2; ++i) {
    const auto& s = f[3 + i];
    if (s.size() != 1 || s[0] < '0' || s[0] > '3')
      return bad("field " + std::to_string(4 + i) + ": removed rings must be 0 to 3, not '" + std::string(s) + "'");
    removed[i] = s[0] - '0';
  }
  pos.set_state(f[1] == "w" ? WHITE : BLACK, *step, removed[0], removed[1]);
  std::string why;
  if (!pos.is_ok(&why)) return bad("impossible position: " + why);
  return pos;
}

}  // namespace yinsh

#include "records/boardspace.h"

#include <array>
#include <cctype>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "records/sgf.h"

namespace yinsh {

namespace {

bool fail(std::string* error, std::string msg) {
  if (error) *error = std::move(msg);
  return false;
}


std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string trim(std::string_view s) {
  size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return std::string(s.substr(a, b - a));
}

bool all_digits(std::string_view s, size_t max_len) {
  if (s.empty() || s.size() > max_len) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// Boardspace's coordinates are the official ones: column letter, then row number counted
// along the column from its lowest point (A 2..5, B 1..7, ..., K 7..10). docs/records.md.
std::optional<Point> bs_point(const std::string& letter, const std::string& number) {
  if (letter.size() != 1 || !all_digits(number, 2)) return std::nullopt;
  const int col = std::toupper(static_cast<unsigned char>(letter[0])) - 'A';
  const int row = std::stoi(number) - 1;
  if (!on_board(col, row)) return std::nullopt;
  return make_point(col, row);
}

std::string bs_name(Point p) {
  return std::string(1, char('A' + col_of(p))) + " " + std::to_string(row_of(p) + 1);
}

constexpr std::array<const char*, 12> MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
constexpr std::array<const char*, 7> DAYS = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};

int weekday(int y, int m, int d) {  // 0 = Sunday (Sakamoto)
  static const int t[] = {0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4};
  if (m < 3) y -= 1;
  return (y + y / 4 - y / 100 + y / 400 + t[m - 1] + d) % 7;
}

std::string two(int n) { return (n < 10 ? "0" : "") + std::to_string(n); }

// DT[Mon Feb 23 17:15:58 MSK 2026] -> "2026.02.23" and "17:15:58 MSK". False when DT has
// another form (or a weekday that does not fit the date): then it is kept as it is.
bool split_date(const std::string& dt, std::string& date, std::string& time) {
  const auto w = split_words(dt);
  if (w.size() != 6 || !all_digits(w[2], 2) || !all_digits(w[5], 4)) return false;
  int m = 0;
  while (m < 12 && w[1] != MONTHS[m]) ++m;
  const int d = std::stoi(w[2]), y = std::stoi(w[5]);
  if (m == 12 || d < 1 || d > 31 || w[0] != DAYS[weekday(y, m + 1, d)] || w[2] != two(d)) return false;
  date = w[5] + "." + two(m + 1) + "." + two(d);
  time = w[3] + " " + w[4];
  return true;
}

std::string join_date(const std::string& date, const std::string& time) {
  const auto t = split_words(time);
  if (date.size() != 10 || date[4] != '.' || date[7] != '.' || t.size() != 2 ||
      !all_digits(date.substr(0, 4), 4) || !all_digits(date.substr(5, 2), 2) ||
      !all_digits(date.substr(8, 2), 2))
    return time.empty() ? date : date + " " + time;
  const int y = std::stoi(date.substr(0, 4)), m = std::stoi(date.substr(5, 2)),
            d = std::stoi(date.substr(8, 2));
  if (m < 1 || m > 12 || d < 1 || d > 31) return date + " " + time;
  return std::string(DAYS[weekday(y, m, d)]) + " " + MONTHS[m - 1] + " " + two(d) + " " + time +
         " " + date.substr(0, 4);
}

// Which player RE[] names as the winner: 0, 1, or -1 when it names neither (or both). RE is
// free text, localised ("Game won by X", "Игру выиграл(а) X."): only the names are looked for.
int re_winner(const std::string& re, const std::string& white, const std::string& black) {
  const bool w = !white.empty() && re.find(white) != std::string::npos;
  const bool b = !black.empty() && re.find(black) != std::string::npos;
  if (w && b) {  // one name inside the other: the longer one is meant
    if (white.size() > black.size() && white.find(black) != std::string::npos) return 0;
    if (black.size() > white.size() && black.find(white) != std::string::npos) return 1;
    return -1;
  }
  return w ? 0 : b ? 1 : -1;
}

std::string player_name(const std::string& value) {
  std::string v = trim(value);
  if (lower(v.substr(0, 2)) == "id") v = trim(v.substr(2));
  if (v.size() >= 2 && v.front() == '"' && v.back() == '"') v = v.substr(1, v.size() - 2);
  return v;
}

const char* color_name(Color c) { return c == WHITE ? "White" : "Black"; }

}  // namespace

bool looks_like_sgf(std::string_view text) {
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) return c == '(';
  return false;
}

std::optional<GameRecord> read_boardspace(std::string_view text, std::string* error,
                                          BoardspaceInfo* info) {
  BoardspaceInfo local;
  BoardspaceInfo& inf = info ? *info : local;
  inf = BoardspaceInfo();
  std::string why;
  const auto nodes = parse_sgf(text, &why);
  if (!nodes) {
    fail(error, "SGF syntax: " + why);
    return std::nullopt;
  }
  const SgfNode& root = nodes->front();
  const std::string* gm = root.get("GM");
  if (!gm) {
    fail(error, "root node: no GM[] (game type): not a Boardspace record");
    return std::nullopt;
  }
  if (trim(*gm) != "24") {
    fail(error, "GM[" + *gm + "]: not a YINSH record (Boardspace's YINSH is game type 24)");
    return std::nullopt;
  }
  Variant variant = Variant::Normal;
  if (const std::string* su = root.get("SU")) {
    const std::string v = lower(trim(*su));
    if (v == "yinsh-blitz") variant = Variant::Blitz;
    else if (v != "yinsh") {
      fail(error, "SU[" + *su + "]: unknown variant (Boardspace names Yinsh and Yinsh-Blitz)");
      return std::nullopt;
    }
  }
  std::string names[2];
  for (const auto& p : root.properties)
    if ((p.id == "P0" || p.id == "P1") && names[p.id[1] - '0'].empty())
      names[p.id[1] - '0'] = player_name(p.values.front());

  GameRecord r;
  r.start = Position::start(variant);
  r.set_tag("Site", "boardspace.net");
  if (const std::string* gn = root.get("GN")) r.set_tag("GameName", *gn);
  if (const std::string* dt = root.get("DT")) {
    std::string date, time;
    if (split_date(*dt, date, time)) {
      r.set_tag("Date", date);
      r.set_tag("Time", time);
    } else {
      r.set_tag("Date", *dt);
    }
  }
  r.set_tag("White", names[0].empty() ? "?" : names[0]);
  r.set_tag("Black", names[1].empty() ? "?" : names[1]);
  r.set_tag("Variant", std::string(to_string(variant)));
  if (const std::string* tc = root.get("TC")) r.set_tag("TimeControl", *tc);
  r.set_tag("Result", "*");
  r.set_tag("Termination", "");
  const std::string* re = root.get("RE");
  if (re) r.set_tag("ResultText", *re);

  Game game(r.start);
  int turn = r.start.side_to_move() == WHITE ? 1 : 2;
  int resigner = -1;
  struct Pending {
    bool active = false, dropped = false;
    Point from = NO_POINT, to = NO_POINT;
    int turn_before = 0;
  } pending;
  std::string clocks[2];

  for (size_t n = 1; n < nodes->size(); ++n) {
    const SgfNode& node = (*nodes)[n];
    for (const SgfProperty& prop : node.properties) {
      if (prop.id != "P0" && prop.id != "P1") continue;  // TM[] (clock, ms) and others
      const int player = prop.id[1] - '0';
      const Color color = player == 0 ? WHITE : BLACK;
      for (const std::string& value : prop.values) {
        const auto w = split_words(value);
        const std::string what = "line " + std::to_string(node.line) + ", " + prop.id + "[" + trim(value) + "]";
        auto bad = [&](const std::string& msg) {
          fail(error, what + ": " + msg);
          return std::nullopt;
        };
        if (w.empty()) return bad("empty action");
        if (lower(w[0]) == "time") {
          if (w.size() >= 2) clocks[player] = w[1];
          continue;
        }
        if (lower(w[0]) == "id") continue;
        if (!all_digits(w[0], 6)) return bad("an action starts with its number");
        if (w.size() < 2) return bad("an action number without an action");
        ++inf.actions;
        const std::string verb = lower(w[1]);
        const std::vector<std::string> args(w.begin() + 2, w.end());
        auto point_at = [&](size_t i) -> std::optional<Point> {
          if (i + 1 >= args.size()) return std::nullopt;
          return bs_point(args[i], args[i + 1]);
        };
        // Plays one decision, or says why it cannot be played.
        auto decide = [&](Move m) -> bool {
          const Position& pos = game.position();
          int next_turn = turn;
          // Numbered by who acts (the side to move, for any legal decision).
          if (!game.moves().empty() && color != game.mover(game.moves().size() - 1)) next_turn = turn + 1;
          const std::string dec = "decision " + std::to_string(next_turn) + "." + to_string(m);
          if (resigner >= 0) return fail(error, what + ": " + dec + " after the resignation");
          if (pos.is_over())
            return fail(error, what + ": " + dec + ": the game is already over (" +
                                   std::string(to_string(pos.result())) + ")");
          if (pos.side_to_move() != color)
            return fail(error, what + ": " + dec + " is made by " + prop.id + " (" + color_name(color) +
                                   ") but " + color_name(pos.side_to_move()) + " is to decide");
          const std::string illegal = why_illegal(pos, m);
          if (!illegal.empty()) return fail(error, what + ": " + dec + " breaks the rules: " + illegal);
          game.play(m);
          turn = next_turn;
          return true;
        };
        const std::string obj = args.empty() ? "" : lower(args[0]);
        if (verb == "start") {
          const std::string who = obj;
          if (who == "black" || who == "p1")
            return bad("games where Black starts are not supported: White moves first");
          if (who != "white" && who != "p0") return bad("Start names White or Black");
        } else if (verb == "place") {
          const auto p = point_at(1);
          if (args.size() != 3 || !p) return bad("expected 'place <wr|br|w|b> <letter> <number>' with a point of the board");
          const bool ring = obj == "wr" || obj == "br";
          const bool marker = obj == "w" || obj == "b";
          if (!ring && !marker) return bad("unknown piece '" + args[0] + "' (wr, br, w or b)");
          if ((obj[0] == 'w') != (color == WHITE))
            return bad(std::string(prop.id) + " plays " + color_name(color) + " but places a " +
                       (obj[0] == 'w' ? "white" : "black") + " piece");
          if (ring) {
            if (!decide(Move::place(*p))) return std::nullopt;
          } else {
            // The marker goes into one of the player's rings: the start of a ring move.
            if (pending.active) return bad("a second marker before the ring of the first was dropped");
            const Position& pos = game.position();
            if (pos.is_over()) return bad("the game is already over");
            if (pos.side_to_move() != color)
              return bad(std::string(color_name(color)) + " puts a marker but " + color_name(pos.side_to_move()) +
                         " is to decide");
            if (pos.step() != Step::Move || !pos.rings(color).contains(*p))
              return bad("cannot start a ring move on " + to_string(*p) + ": " + why_illegal(pos, Move::ring(*p, *p)));
            pending = Pending{true, false, *p, NO_POINT, turn};
          }
        } else if (verb == "drop") {
          const auto p = point_at(1);
          if (obj != "board" || args.size() != 3 || !p)
            return bad("expected 'drop board <letter> <number>' with a point of the board");
          if (!pending.active) return bad("drops a ring that was not picked up (no 'place w|b' before it)");
          if (pending.dropped) return bad("drops the ring a second time");
          if (!decide(Move::ring(pending.from, *p))) return std::nullopt;
          pending.dropped = true;
          pending.to = *p;
        } else if (verb == "pick") {
          const auto p = point_at(1);
          if (obj != "board" || args.size() != 3 || !p || !pending.active || !pending.dropped || *p != pending.to)
            return bad("only picking up again a ring just dropped in this turn is supported");
          game.undo();
          turn = pending.turn_before;
          pending.dropped = false;
        } else if (verb == "move") {
          const auto a = point_at(0), b = point_at(2);
          if (args.size() != 4 || !a || !b) return bad("expected 'move <from> <to>', each a letter and a number of the board");
          if (!decide(Move::ring(*a, *b))) return std::nullopt;
        } else if (verb == "remove") {
          const bool ring = obj == "wr" || obj == "br";
          const bool row = obj == "w" || obj == "b";
          if (!ring && !row) return bad("unknown piece '" + (args.empty() ? std::string() : args[0]) + "' (w, b, wr or br)");
          if ((obj[0] == 'w') != (color == WHITE))
            return bad(std::string(prop.id) + " plays " + color_name(color) + " but removes " +
                       (obj[0] == 'w' ? "white" : "black") + " pieces");
          if (ring) {
            const auto p = point_at(1);
            if (args.size() != 3 || !p) return bad("expected 'remove " + obj + " <letter> <number>'");
            if (!decide(Move::remove_ring(*p))) return std::nullopt;
          } else {
            const auto a = point_at(1), b = point_at(3);
            if (args.size() != 5 || !a || !b) return bad("expected 'remove " + obj + " <first end> <last end>'");
            if (direction_between(*a, *b) < 0 || between(*a, *b).count() != 3)
              return bad(to_string(*a) + " and " + to_string(*b) + " are not the ends of five points in a line");
            if (!decide(Move::row(*a, *b))) return std::nullopt;
          }
        } else if (verb == "done") {
          if (pending.active && !pending.dropped) return bad("Done before the ring was dropped");
          pending = Pending();
        } else if (verb == "pass") {
          if (!decide(Move::pass())) return std::nullopt;
        } else if (verb == "resign") {
          if (game.position().is_over()) return bad("resigns after the game is over");
          if (resigner >= 0) return bad("resigns a second time");
          resigner = player;
        } else {
          return bad("unsupported action '" + w[1] +
                     "' (known: Start, place, drop, pick, move, remove, Done, Pass, Resign)");
        }
      }
    }
  }
  if (pending.active && !pending.dropped) {
    fail(error, "the file ends in the middle of a ring move (a marker was put in the ring on " +
                    to_string(pending.from) + ", the ring was never dropped)");
    return std::nullopt;
  }

  r.moves = game.moves();
  const Position& end = game.position();
  const int named = re ? re_winner(*re, names[0], names[1]) : -1;
  inf.resigned = resigner >= 0;
  inf.re_winner = named >= 0 ? names[named] : "";
  const std::string re_text = re ? "RE[" + *re + "]" : "";
  if (end.is_over()) {
    const Result res = end.result();
    const int winner = res == Result::WhiteWins ? 0 : res == Result::BlackWins ? 1 : -1;
    if (named >= 0 && named != winner) {
      fail(error, re_text + " names " + names[named] + " the winner, but the game ran to its end and the rules give " +
                      std::string(to_string(res)) + " (rings removed: white " + std::to_string(end.removed(WHITE)) +
                      ", black " + std::to_string(end.removed(BLACK)) + ")");
      return std::nullopt;
    }
    r.set_tag("Result", std::string(to_string(res)));
    r.set_tag("Termination", "normal");
  } else if (resigner >= 0) {
    if (named == resigner) {
      fail(error, re_text + " names " + names[named] + " the winner, but " + names[named] + " resigned");
      return std::nullopt;
    }
    r.set_tag("Result", resigner == 0 ? "0-1" : "1-0");
    r.set_tag("Termination", "resignation");
  } else {
    if (named >= 0) r.set_tag("Result", named == 0 ? "1-0" : "0-1");
    r.set_tag("Termination", "unterminated");
  }
  if (!clocks[0].empty()) r.set_tag("WhiteClock", clocks[0]);
  if (!clocks[1].empty()) r.set_tag("BlackClock", clocks[1]);
  return r;
}

std::optional<std::string> write_boardspace(const GameRecord& record, std::string* error) {
  const Variant variant = record.start.variant();
  if (!(record.start == Position::start(variant))) {
    fail(error, "Boardspace records start from the empty board; this one starts from " + to_text(record.start));
    return std::nullopt;
  }
  Game game(record.start);
  for (size_t i = 0; i < record.moves.size(); ++i)
    if (!game.play(record.moves[i])) {
      fail(error, "decision " + std::to_string(i + 1) + " (" + to_string(record.moves[i]) + ") is illegal");
      return std::nullopt;
    }
  const Result result = game.position().is_over() ? game.position().result()
                                                  : parse_result(record.tag("Result")).value_or(Result::None);
  auto tag_or = [&](const char* name, std::string fallback) {
    std::string v = record.tag(name);
    return v.empty() ? fallback : v;
  };
  const std::string white = tag_or("White", "?"), black = tag_or("Black", "?");
  std::string out = "(;\nGM[24]VV[2]\nCM[0,1]\n";
  out += "TC[" + sgf_escape(tag_or("TimeControl", "None")) + "]\n";
  out += std::string("SU[") + (variant == Variant::Blitz ? "Yinsh-Blitz" : "Yinsh") + "]\n";
  if (const std::string date = record.tag("Date"); !date.empty())
    out += "DT[" + sgf_escape(join_date(date, record.tag("Time"))) + "]\n";
  if (const std::string gn = record.tag("GameName"); !gn.empty()) out += "GN[" + sgf_escape(gn) + "]\n";
  std::string re = record.tag("ResultText");
  if (re.empty() && result == Result::WhiteWins) re = "Game won by " + white;
  if (re.empty() && result == Result::BlackWins) re = "Game won by " + black;
  if (re.empty() && result == Result::Draw) re = "Game drawn";
  if (!re.empty()) out += "RE[" + sgf_escape(re) + "]\n";
  out += "P0[id \"" + sgf_escape(white) + "\"]\nP1[id \"" + sgf_escape(black) + "\"]\n";
  out += "; P0[0 Start White]\n";
  int n = 1;
  auto action = [&](int player, const std::string& text) {
    out += "; P" + std::to_string(player) + "[" + std::to_string(n++) + " " + sgf_escape(text) + "]\n";
  };
  for (size_t i = 0; i < record.moves.size(); ++i) {
    const Move m = record.moves[i];
    const int p = game.mover(i) == WHITE ? 0 : 1;
    const std::string c = p == 0 ? "w" : "b";
    switch (m.kind()) {
      case Move::Place: action(p, "place " + c + "r  " + bs_name(m.from())); break;
      case Move::Ring: action(p, "move " + bs_name(m.from()) + " " + bs_name(m.to())); break;
      case Move::Row: action(p, "remove " + c + " " + bs_name(m.from()) + " " + bs_name(m.to())); break;
      case Move::RemoveRing: action(p, "remove " + c + "r " + bs_name(m.from())); break;
      case Move::Pass: action(p, "Pass "); break;
      case Move::None: break;
    }
    action(p, "Done ");
  }
  if (!game.position().is_over() && record.tag("Termination") == "resignation" &&
      (result == Result::WhiteWins || result == Result::BlackWins)) {
    const int loser = result == Result::WhiteWins ? 1 : 0;
    action(loser, "Resign ");
    action(loser, "Done ");
  }
  const std::string wc = record.tag("WhiteClock"), bc = record.tag("BlackClock");
  if (!wc.empty() || !bc.empty()) {
    out += ";\n";
    if (!wc.empty()) out += "P0[time " + sgf_escape(wc) + " ]\n";
    if (!bc.empty()) out += "P1[time " + sgf_escape(bc) + " ]\n";
  }
  out += ")\n";
  return out;
}

std::optional<GameRecord> read_any_record(std::string_view text, std::string* error) {
  return looks_like_sgf(text) ? read_boardspace(text, error) : read_record(text, error);
}

}  // namespace yinsh

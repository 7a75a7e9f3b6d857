#include "protocol.h"

#include <algorithm>
#include <charconv>
#include <vector>

#include "core/diagram.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"

namespace yinsh {

namespace {


bool to_int(const std::string& s, int64_t& v, int64_t lo, int64_t hi) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && p == s.data() + s.size() && v >= lo && v <= hi;
}

// The numeric limits of `go` (SPEC 6 plus movestogo): one table for the parser and for the end
// of a searchmoves list, so a new limit is added in one place.
struct GoLimit {
  std::string_view key;
  void (*set)(Limits&, int64_t);
};
constexpr GoLimit GO_LIMITS[] = {
    {"depth", [](Limits& l, int64_t v) { l.depth = int(std::min<int64_t>(v, 1000)); }},
    {"nodes", [](Limits& l, int64_t v) { l.nodes = uint64_t(v); }},
    {"movetime", [](Limits& l, int64_t v) { l.movetime = v; }},
    {"wtime", [](Limits& l, int64_t v) { l.time[WHITE] = v; }},
    {"btime", [](Limits& l, int64_t v) { l.time[BLACK] = v; }},
    {"winc", [](Limits& l, int64_t v) { l.inc[WHITE] = v; }},
    {"binc", [](Limits& l, int64_t v) { l.inc[BLACK] = v; }},
    {"movestogo", [](Limits& l, int64_t v) { l.movestogo = int(std::min<int64_t>(v, 100000)); }},
};

const GoLimit* find_go_limit(std::string_view w) {
  for (const GoLimit& g : GO_LIMITS)
    if (g.key == w) return &g;
  return nullptr;
}

bool is_go_keyword(const std::string& w) {
  return w == "infinite" || w == "searchmoves" || find_go_limit(w) != nullptr;
}

// One `info` line per MultiPV line of a finished depth (SPEC 6, docs/api.md).
std::string info_lines(const SearchInfo& i) {
  const std::string nps = std::to_string(i.time_ms > 0 ? i.nodes * 1000 / uint64_t(i.time_ms) : i.nodes);
  std::string s;
  const std::vector<PvLine> one{PvLine{i.pv.empty() ? Move::none() : i.pv[0], i.score, i.winprob, i.pv}};
  const std::vector<PvLine>& lines = i.lines.empty() ? one : i.lines;
  for (size_t k = 0; k < lines.size(); ++k) {
    const PvLine& l = lines[k];
    s += (k ? "\n" : "") + std::string("info depth ") + std::to_string(i.depth) + " multipv " +
         std::to_string(k + 1) + " score " + std::to_string(l.score) + " winprob " +
         std::to_string(l.winprob) + " nodes " + std::to_string(i.nodes) + " nps " + nps +
         " time " + std::to_string(i.time_ms) + " pv";
    for (Move m : l.pv) s += " " + to_string(m);
  }
  return s;
}

}  // namespace

Protocol::Protocol(Engine& engine, std::ostream& out) : engine_(engine), out_(out) {}

void Protocol::send(const std::string& line) {
  std::lock_guard lock(out_mutex_);
  out_ << line << "\n" << std::flush;
}

void Protocol::error(const std::string& what) { send("error " + what); }

void Protocol::run(std::istream& in) {
  for (std::string line; std::getline(in, line);)
    if (!handle(line)) break;
  engine_.wait();
}

bool Protocol::handle(std::string_view line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
  const size_t start = line.find_first_not_of(' ');
  if (start == std::string_view::npos) return true;
  line.remove_prefix(start);
  const size_t sp = line.find(' ');
  const std::string cmd(line.substr(0, sp));
  const std::string_view args = sp == std::string_view::npos ? std::string_view() : line.substr(sp + 1);
  static constexpr std::string_view KNOWN[] = {"quit", "isready", "stop", "help", "position", "legal",
                                                "perft", "go", "newgame", "setoption", "show"};
  if (std::find(std::begin(KNOWN), std::end(KNOWN), cmd) == std::end(KNOWN)) {
    error("unknown command '" + cmd + "' (try help)");
    return true;
  }
  const bool busy = searching_;
  // The search has answered: let its thread finish before the engine is used again.
  if (!busy && (cmd == "go" || cmd == "setoption" || cmd == "newgame")) engine_.wait();

  if (cmd == "quit") {
    engine_.stop();
    return false;
  } else if (cmd == "isready") {
    send("readyok");
  } else if (cmd == "stop") {
    engine_.stop();
  } else if (cmd == "help") {
    cmd_help();
  } else if (busy && (cmd == "go" || cmd == "setoption" || cmd == "newgame")) {
    // The engine searches its own copy, so position/legal/perft/show are fine meanwhile.
    error("a search is running; send stop first (command '" + cmd + "' ignored)");
  } else if (cmd == "position") {
    cmd_position(args);
  } else if (cmd == "legal") {
    cmd_legal();
  } else if (cmd == "perft") {
    cmd_perft(args);
  } else if (cmd == "go") {
    cmd_go(args);
  } else if (cmd == "newgame") {
    engine_.new_game();
  } else if (cmd == "setoption") {
    cmd_setoption(args);
  } else if (cmd == "show") {
    cmd_show();
  }
  return true;
}

void Protocol::cmd_position(std::string_view args) {
  const auto w = split_words(args);
  size_t i = 0;
  bool blitz = false;
  std::string text;
  if (i < w.size() && w[i] == "startpos") {
    ++i;
    if (i < w.size() && w[i] == "blitz") blitz = true, ++i;
  } else if (i < w.size() && w[i] == "text") {
    ++i;
    for (int k = 0; k < 6 && i < w.size() && w[i] != "moves"; ++k, ++i) text += (k ? " " : "") + w[i];
    if (text.empty()) return error("position text: missing the position text");
  } else {
    return error("position: expected 'startpos' or 'text <position text>'");
  }
  std::vector<std::string> moves;
  if (i < w.size()) {
    if (w[i] != "moves") return error("position: unexpected '" + w[i] + "' (expected 'moves')");
    moves.assign(w.begin() + long(i) + 1, w.end());
  }
  std::string why;
  auto start = start_position(text, blitz, {}, &why);
  if (!start) return error(why);
  Game game(*start);
  for (size_t k = 0; k < moves.size(); ++k)
    if (!game.play(moves[k], &why)) return error("position: move " + std::to_string(k + 1) + ": " + why);
  game_ = std::move(game);
}

// The legal decisions in the order of their texts, sorted as keys (core/notation.h; sorting
// the strings was 6% of the protocol fuzzer's time: libFuzzer hooks memcmp).
void Protocol::cmd_legal() {
  MoveList list;
  generate(game_.position(), list);
  uint64_t keys[MAX_MOVES];
  size_t n = 0;
  for (Move m : list) keys[n++] = move_text_key(m);
  std::sort(keys, keys + n);
  std::string s;
  for (size_t i = 0; i < n; ++i) {
    char text[MAX_MOVE_TEXT];
    if (i) s += ' ';
    s.append(text, key_text(keys[i], text));
  }
  send(s);
}

void Protocol::cmd_perft(std::string_view args) {
  const auto w = split_words(args);
  int64_t depth = 0;
  if (w.size() != 1 || !to_int(w[0], depth, 0, 20)) return error("perft: expected one depth from 0 to 20");
  Position pos = game_.position();
  send("nodes " + std::to_string(perft(pos, int(depth))));
}

void Protocol::cmd_go(std::string_view args) {
  const auto w = split_words(args);
  Limits limits;
  for (size_t i = 0; i < w.size(); ++i) {
    const std::string& key = w[i];
    if (key == "infinite") {
      limits.infinite = true;
      continue;
    }
    if (key == "searchmoves") {  // decisions up to the next keyword
      for (; i + 1 < w.size() && !is_go_keyword(w[i + 1]); ++i) {
        std::string why;
        const auto m = parse_legal_move(game_.position(), w[i + 1], &why);
        if (!m) return error("go: searchmoves: '" + w[i + 1] + "': " + why);
        limits.searchmoves.push_back(*m);
      }
      if (limits.searchmoves.empty()) return error("go: 'searchmoves' needs at least one decision");
      continue;
    }
    const GoLimit* limit = find_go_limit(key);
    if (!limit) return error("go: unknown limit '" + key + "'");
    int64_t v = 0;
    if (i + 1 >= w.size() || !to_int(w[i + 1], v, 0, int64_t(1) << 50))
      return error("go: '" + key + "' needs a non-negative whole number");
    ++i;
    limit->set(limits, v);
  }
  if (game_.position().is_over()) return error("go: the game is over");
  searching_ = true;
  engine_.start(
      game_.position(), limits, [this](const SearchInfo& info) { send(info_lines(info)); },
      [this](const SearchResult& r) {
        std::lock_guard lock(out_mutex_);
        searching_ = false;
        out_ << "bestmove " << to_string(r.best) << "\n" << std::flush;
      });
}

void Protocol::cmd_setoption(std::string_view args) {
  const auto w = split_words(args);
  if (w.size() < 2 || w[0] != "name") return error("setoption: expected 'name <name> value <value>'");
  size_t i = 1;
  std::string name;
  for (; i < w.size() && w[i] != "value"; ++i) name += w[i];
  std::string value;
  for (size_t k = i + 1; k < w.size(); ++k) value += (value.empty() ? "" : " ") + w[k];
  if (i >= w.size()) return error("setoption: missing 'value'");
  std::string why;
  if (!engine_.set_option(name, value, &why)) error("setoption: " + why);
}

void Protocol::cmd_show() {
  const Position& pos = game_.position();
  std::string s = diagram(pos);
  s += "position " + to_text(pos);
  if (pos.is_over()) s += "\nresult " + std::string(to_string(pos.result()));
  send(s);
}

void Protocol::cmd_help() {
  std::string s =
      "commands: position startpos [blitz] [moves D...] | position text <text> [moves D...] | legal | "
      "perft N | go [depth D] [nodes N] [movetime MS] [wtime MS btime MS winc MS binc MS] [movestogo N] "
      "[infinite] [searchmoves D...] | "
      "stop | isready | newgame | setoption name <name> value <value> | show | quit\noptions:";
  for (const auto& o : Options::specs())
    s += "\n  " + o.name + " (" + (o.type == OptionSpec::Type::Int ? "int " + std::to_string(o.min) + ".." + std::to_string(o.max) : "text") +
         ", default " + o.default_value + "): " + o.help;
  send(s);
}

}  // namespace yinsh

// The rules half of api.h: positions, decisions, replays and records.
#include <string>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "core/record.h"
#include "wasm/api.h"
#include "wasm/json.h"
#include "wasm/threats.h"

using namespace yinsh;
using namespace yinsh::wasm;

namespace {

std::string out;  // the text the last call returned

const char* reply(std::string s) {
  out = std::move(s);
  return out.c_str();
}

std::optional<Position> read_position(const char* text, std::string* error) {
  const std::string_view t = text ? std::string_view(text) : std::string_view();
  if (split_words(t).empty()) return Position::start();
  if (t == "blitz") return Position::start(Variant::Blitz);
  return parse_position(t, error);
}

// `text` without the spaces around it (a decision typed by a player).
std::string_view trimmed(const char* text) {
  std::string_view t = text ? text : "";
  const size_t a = t.find_first_not_of(" \t\r\n");
  if (a == std::string_view::npos) return {};
  return t.substr(a, t.find_last_not_of(" \t\r\n") - a + 1);
}

// A decision in notation that is legal in `pos`, or nullopt with `error` saying why in words.
std::optional<Move> legal_move(const Position& pos, std::string_view text, std::string& error) {
  const auto m = parse_move(text, &error);
  if (!m) return std::nullopt;
  if (is_legal(pos, *m)) return m;
  error = to_string(*m) + ": " + why_illegal(pos, *m);
  return std::nullopt;
}

// Plays the decisions of `text` (separated by spaces or newlines) from `pos`, calling
// on_played(mover, state) after each; false with `error` ("decision N: why") on a bad one.
template <class F>
bool play_all(Position& pos, const char* text, std::vector<Move>& moves, std::string& error, F&& on_played) {
  for (const std::string& word : split_words(text ? text : "")) {
    const auto m = legal_move(pos, word, error);
    if (!m) {
      error = "decision " + std::to_string(moves.size() + 1) + ": " + error;
      return false;
    }
    const Color mover = pos.side_to_move();
    StateInfo st;
    pos.do_move(*m, st);
    moves.push_back(*m);
    on_played(mover, st);
  }
  return true;
}

// Comments in braces are the record's business, not the notation's: they are dropped.
std::string without_comments(std::string_view text) {
  std::string s;
  int depth = 0;
  for (char c : text) {
    if (c == '{') ++depth;
    if (depth == 0) s += c;
    if (c == '}' && depth > 0) --depth;
  }
  return s;
}

std::string_view kind_name(Move m) {
  switch (m.kind()) {
    case Move::Place: return "place";
    case Move::Ring: return "move";
    case Move::Row: return "remove-row";
    case Move::RemoveRing: return "remove-ring";
    default: return "pass";
  }
}

}  // namespace

extern "C" {

const char* yinsh_position(const char* text) {
  std::string error;
  const auto pos = read_position(text, &error);
  if (!pos) return reply(error_json(error));
  std::string s;
  JsonOut o(s);
  write_position(o, *pos, true);
  return reply(std::move(s));
}

const char* yinsh_apply(const char* position, const char* decision) {
  std::string error;
  auto pos = read_position(position, &error);
  if (!pos) return reply(error_json(error));
  const auto m = legal_move(*pos, trimmed(decision), error);
  if (!m) return reply(error_json(error));
  StateInfo st;
  pos->do_move(*m, st);
  std::string s;
  JsonOut o(s);
  o.begin_object().key("position");
  write_position(o, *pos, true);
  o.key("decision").value(to_string(*m)).key("flipped");
  write_points(o, st.flipped);
  o.end_object();
  return reply(std::move(s));
}

const char* yinsh_replay(const char* start, const char* decisions) {
  std::string error;
  auto pos = read_position(start, &error);
  if (!pos) return reply(error_json(error));
  const Position first = *pos;
  std::string positions, sides, flipped;
  JsonOut p(positions), sd(sides), f(flipped);
  p.begin_array();
  sd.begin_array();
  f.begin_array();
  write_position(p, *pos, false);
  std::vector<Move> moves;
  const bool ok = play_all(*pos, decisions, moves, error, [&](Color mover, const StateInfo& st) {
    sd.value(mover == WHITE ? "w" : "b");
    write_position(p, *pos, false);
    write_points(f, st.flipped);
  });
  p.end_array();
  sd.end_array();
  f.end_array();
  // Turns as the record writes them: "N.body" words of format_moves, each starting at a ply.
  const std::vector<int> numbers = turn_numbers(first, moves);
  const std::vector<std::string> words = split_words(format_moves(first, moves));
  std::string s;
  JsonOut o(s);
  o.begin_object().key("positions").raw(positions).key("sides").raw(sides).key("flipped").raw(flipped);
  if (!ok) o.key("error").value(error).key("ply").value(int(moves.size()) + 1);
  o.key("turns").begin_array();
  size_t ply = 0;
  for (const std::string& w : words) {
    const size_t dot = w.find('.');
    if (dot == std::string::npos || ply >= numbers.size()) break;
    const int n = std::stoi(w.substr(0, dot));
    o.begin_object().key("number").value(n).key("first").value(int(ply)).key("text").value(w.substr(dot + 1)).end_object();
    while (ply < numbers.size() && numbers[ply] == n) ++ply;
  }
  o.end_array().end_object();
  return reply(std::move(s));
}

const char* yinsh_parse_decision(const char* text) {
  std::string error;
  const auto m = parse_move(trimmed(text), &error);
  if (!m) return reply(error_json(error));
  std::string s;
  JsonOut o(s);
  o.begin_object().key("decision").value(to_string(*m)).key("kind").value(kind_name(*m));
  if (m->kind() != Move::Pass) o.key("from").value(to_string(m->from())).key("to").value(to_string(m->to()));
  o.end_object();
  return reply(std::move(s));
}

const char* yinsh_parse_record(const char* text) {
  std::string error;
  const auto r = read_record(without_comments(text ? text : ""), &error);
  if (!r) return reply(error_json(error));
  std::string s;
  JsonOut o(s);
  o.begin_object().key("start").value(to_text(r->start)).key("decisions");
  write_moves(o, r->moves);
  o.key("tags").begin_array();
  for (const auto& [k, v] : r->tags) o.begin_array().value(k).value(v).end_array();
  o.end_array().end_object();
  return reply(std::move(s));
}

const char* yinsh_format_record(const char* start, const char* decisions) {
  std::string error;
  auto pos = read_position(start, &error);
  if (!pos) return reply(error_json(error));
  const Position first = *pos;
  std::vector<Move> moves;
  if (!play_all(*pos, decisions, moves, error, [](Color, const StateInfo&) {})) return reply(error_json(error));
  std::string s;
  JsonOut(s).begin_object().key("record").value(format_moves(first, moves)).end_object();
  return reply(std::move(s));
}

const char* yinsh_threats(const char* position) {
  std::string error;
  auto pos = read_position(position, &error);
  if (!pos) return reply(error_json(error));
  if (pos->is_over()) return reply(error_json("the game is over"));
  std::string s;
  JsonOut o(s);
  o.begin_object().key("side").value(pos->side_to_move() == WHITE ? "b" : "w").key("threats").begin_array();
  for (const wasm::Threat& t : wasm::opponent_threats(*pos)) {
    o.begin_object().key("row").value(to_string(t.row));
    o.key("from").value(to_string(t.row.from())).key("to").value(to_string(t.row.to())).key("by");
    write_moves(o, t.by);
    o.end_object();
  }
  o.end_array().end_object();
  return reply(std::move(s));
}

double yinsh_perft(const char* position, int depth) {
  auto pos = read_position(position, nullptr);
  if (!pos || depth < 0 || depth > 30) return -1;
  return double(perft(*pos, depth));
}

}  // extern "C"

// The search half of api.h: one single-threaded Searcher (the browser runs it in a Web Worker,
// which gives the page its concurrency), searched with a level, a budget and a number of lines
// (MultiPV, docs/ai.md "Analysis outputs").
#include <atomic>
#include <cmath>
#include <string>

#include "core/notation.h"
#include "search/levels.h"
#include "search/nnue.h"
#include "search/search.h"
#include "wasm/api.h"
#include "wasm/json.h"

using namespace yinsh;
using namespace yinsh::wasm;

namespace {

std::string out;

// The most lines one search reports (the engine's MultiPV option allows as many).
constexpr int MAX_MULTIPV = 130;

SearchConfig config_for(int level, int multipv = 1) {
  SearchConfig c;
  c.multipv = multipv;
  c.threads = 1;
  c.hash_mb = 16;  // the worker's memory grows on demand; 16 MB is plenty at browser speeds
  c.move_overhead_ms = 0;
  c.level = level < 0 ? 0 : level > MAX_LEVEL ? MAX_LEVEL : level;
#ifdef __wasm_simd128__
  // The network (the native default, Eval=nnue) with its SIMD128 path. The build without SIMD
  // (yinsh-core-nosimd.mjs) keeps the linear evaluation: its scalar network path searches 4
  // times slower, too slow to pay for the network (docs/ai.md, "The network in the browser").
  c.net = nnue::embedded_network();
#endif
  return c;
}

Searcher& searcher() {
  static Searcher s(config_for(MAX_LEVEL));
  return s;
}

void write_info(JsonOut& o, const SearchInfo& info) {
  o.key("depth").value(info.depth).key("score").value(info.score).key("winprob").value(info.winprob);
  o.key("nodes").value(int64_t(info.nodes)).key("time_ms").value(int64_t(info.time_ms)).key("pv");
  write_moves(o, info.pv);
}

// The MultiPV lines, best first: [{"best", "score", "winprob", "pv"}, ...].
void write_lines(JsonOut& o, const std::vector<PvLine>& lines) {
  o.begin_array();
  for (const PvLine& l : lines) {
    o.begin_object().key("best").value(to_string(l.move)).key("score").value(l.score);
    o.key("winprob").value(l.winprob).key("pv");
    write_moves(o, l.pv);
    o.end_object();
  }
  o.end_array();
}

}  // namespace

extern "C" {

const char* yinsh_search(const char* position, int level, double nodes, int movetime_ms, int depth,
                         int multipv) {
  std::string error;
  const std::string_view text = position ? position : "";
  auto pos = split_words(text).empty() ? std::optional(Position::start()) : parse_position(text, &error);
  if (!pos) return (out = error_json(error)).c_str();
  if (pos->is_over()) return (out = error_json("the game is over")).c_str();
  if (!(nodes >= 0) || nodes > 1e15 || movetime_ms < 0 || depth < 0)
    return (out = error_json("budgets must be 0 (none) or positive")).c_str();
  if (multipv < 0 || multipv > MAX_MULTIPV)
    return (out = error_json("multipv must be 0 or 1 (one line) .. " + std::to_string(MAX_MULTIPV))).c_str();
  searcher().configure(config_for(level, multipv < 1 ? 1 : multipv));
  Limits limits;
  limits.nodes = uint64_t(nodes);
  limits.movetime = movetime_ms;
  limits.depth = depth;
  if (limits.nodes == 0 && limits.movetime == 0 && limits.depth == 0) limits.movetime = 1000;
  std::string lines;
  JsonOut l(lines);
  l.begin_array();
  const std::atomic<bool> stop{false};
  const SearchResult r = searcher().run(*pos, limits, stop, [&](const SearchInfo& info) {
    l.begin_object();
    write_info(l, info);
    l.end_object();
  });
  l.end_array();
  std::string s;
  JsonOut o(s);
  o.begin_object().key("best").value(to_string(r.best));
  write_info(o, r.info);
  o.key("lines").raw(lines).key("multipv");
  write_lines(o, r.info.lines);
  o.end_object();
  out = std::move(s);
  return out.c_str();
}

void yinsh_new_game() { searcher().clear(); }

const char* yinsh_levels() {
  std::string s;
  JsonOut o(s);
  o.begin_object().key("levels").begin_array();
  for (int l = 0; l <= MAX_LEVEL; ++l)
    o.begin_object().key("level").value(l).key("name").value(level_params(l).name).end_object();
  o.end_array().end_object();
  out = std::move(s);
  return out.c_str();
}

}  // extern "C"

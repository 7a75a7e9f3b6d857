#include "puzzle_finder.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "core/movegen.h"
#include "core/notation.h"

namespace yinsh::cli {

namespace {

// Plays `moves` from `pos` and says after each how many turns of `c` began with a ring move.
struct Replayed {
  std::vector<int> balance;
  std::vector<int> solver_turns;
};

Replayed replay(const Position& start, Color c, const std::vector<Move>& moves) {
  Replayed r;
  Position pos = start;
  std::vector<StateInfo> states(moves.size());
  const int base = start.removed(c) - start.removed(~c);
  int turns = 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (pos.is_over() || !is_legal(pos, moves[i])) break;
    if (pos.side_to_move() == c && pos.step() == Step::Move) ++turns;
    pos.do_move(moves[i], states[i]);
    r.balance.push_back(pos.removed(c) - pos.removed(~c) - base);
    r.solver_turns.push_back(turns);
  }
  return r;
}

std::string moves_json(const std::vector<Move>& moves) {
  std::string s = "[";
  for (size_t i = 0; i < moves.size(); ++i) s += (i ? ",\"" : "\"") + to_string(moves[i]) + "\"";
  return s + "]";
}

std::vector<Move> prefix(const std::vector<Move>& v, size_t n) {
  return {v.begin(), v.begin() + std::ptrdiff_t(std::min(n, v.size()))};
}

}  // namespace

std::vector<int> ring_balance(const Position& pos, Color c, const std::vector<Move>& moves) {
  return replay(pos, c, moves).balance;
}

bool find_puzzle(Engine& engine, const Position& pos, const PuzzleCriteria& criteria, Puzzle& out) {
  if (pos.step() != Step::Move || pos.is_over() || pos.markers_on_board() < criteria.min_markers) return false;
  if (criteria.quick_depth > 0 && criteria.quick_depth < criteria.depth) {
    Limits quick;
    quick.depth = criteria.quick_depth;
    const auto& l = engine.search(pos, quick).info.lines;
    if (l.size() < 2 || l[0].score - l[1].score < criteria.min_gap / 2) return false;
  }
  Limits limits;
  limits.depth = criteria.depth;
  std::vector<std::pair<int, Move>> bests;  // (depth, best decision) of each completed depth
  const SearchResult r = engine.search(pos, limits, [&](const SearchInfo& info) {
    if (!info.lines.empty()) bests.emplace_back(info.depth, info.lines[0].move);
  });
  const auto& lines = r.info.lines;
  if (lines.size() < 2 || r.info.depth < criteria.depth) return false;
  const PvLine& best = lines[0];
  const PvLine& second = lines[1];
  const int gap = std::min(best.score - second.score, 9999);
  if (gap < criteria.min_gap) return false;
  const Color us = pos.side_to_move();
  const Replayed a = replay(pos, us, best.pv);
  const Replayed b = replay(pos, us, second.pv);
  if (a.balance.empty() || b.balance.empty()) return false;
  const auto [a_min, a_max] = std::minmax_element(a.balance.begin(), a.balance.end());
  const auto [b_min, b_max] = std::minmax_element(b.balance.begin(), b.balance.end());
  Puzzle p;
  p.position = pos;
  if (*a_max >= 1) {
    // Win: the best line gains a ring and keeps it (within what the engine saw); the second
    // best never gains one.
    const size_t k = size_t(std::find_if(a.balance.begin(), a.balance.end(), [](int v) { return v >= 1; }) -
                            a.balance.begin());
    if (*std::min_element(a.balance.begin() + std::ptrdiff_t(k), a.balance.end()) < 1 || *b_max >= 1) return false;
    p.goal = PuzzleGoal::Win;
    p.line = prefix(best.pv, k + 1);
    p.solver_turns = a.solver_turns[k];
    p.other = second.pv;
  } else {
    // Save: the best line never falls behind; the second best loses a ring.
    if (*a_min < 0 || *b_min > -1) return false;
    const size_t k = size_t(std::find_if(b.balance.begin(), b.balance.end(), [](int v) { return v <= -1; }) -
                            b.balance.begin());
    p.goal = PuzzleGoal::Save;
    p.line = prefix(best.pv, k + 1);  // as far as the alternative's loss
    p.solver_turns = 1;
    p.other = prefix(second.pv, k + 1);
  }
  p.gap = gap;
  p.found_depth = criteria.depth;
  for (auto it = bests.rbegin(); it != bests.rend() && it->second == best.move; ++it) p.found_depth = it->first;
  p.rating = puzzle_rating(p);
  out = std::move(p);
  return true;
}

int puzzle_rating(const Puzzle& p) {
  return 1000 + 200 * (p.solver_turns - 1) + 50 * std::max(0, p.found_depth - 1) +
         (p.goal == PuzzleGoal::Save ? 100 : 0);
}

std::string puzzle_json(const Puzzle& p, const std::string& id) {
  return "{\"id\":\"" + id + "\",\"position\":\"" + to_text(p.position) + "\",\"side\":\"" +
         (p.position.side_to_move() == WHITE ? "w" : "b") + "\",\"goal\":\"" +
         (p.goal == PuzzleGoal::Win ? "win" : "save") + "\",\"line\":" + moves_json(p.line) +
         ",\"other\":" + moves_json(p.other) + ",\"turns\":" + std::to_string(p.solver_turns) +
         ",\"gap\":" + std::to_string(p.gap) + ",\"depth\":" + std::to_string(p.found_depth) +
         ",\"rating\":" + std::to_string(p.rating) + "}";
}

}  // namespace yinsh::cli

// yng-driver: temhelk/yngine (an MCTS engine in C++, MIT licence, not part of this project)
// behind the engine protocol of SPEC section 6, so that `yinsh match -b "cmd:yng-driver"`
// plays it. Build: build.sh next to this file. Usage: yng-driver [tree-MB] [seconds]
// (seconds: a fixed time per decision instead of the `go` limits). `go movetime` and the
// clock forms (a 25th of the remaining time plus 0.8 x the increment) are honoured; `go
// nodes N` runs N playouts; `go depth` has no meaning for MCTS and gets 1 s.
//
// Points: yngine numbers the hexagon 11 * y + x with lines along (1,0), (0,1) and (-1,1);
// the project's point (column c, row r, both from 0; core/types.h) maps to
// x = c - r + 5, y = r, which takes SPEC's three lines onto those (checked at start
// against the project's own 85 points, core/geometry.h, both ways). Decisions are matched
// by their notation against yngine's own legal list, so the driver adds no rules of its
// own: where yngine's rules differ (along the moved ring's own line it finds only a row of
// the mover's that passes through the ring's start point) it answers `error` and `bestmove
// (none)`, and the match scores the game as yngine's forfeit with that message.
#include <yngine/mcts.hpp>

#include "core/geometry.h"  // the project's board (header only, nothing to link)

#include <algorithm>
#include <cmath>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace Yngine;

static yinsh::Point ours(int idx) {
  const int x = idx % 11, y = idx / 11;
  return yinsh::make_point(x + y - 5, y);
}
static int theirs(yinsh::Point p) {
  return 11 * yinsh::row_of(p) + yinsh::col_of(p) - yinsh::row_of(p) + 5;
}
// SPEC's text of a point; the project's own (core/notation.cpp) needs the whole core linked.
static std::string text(yinsh::Point p) {
  return std::string(1, char('a' + yinsh::col_of(p))) + std::to_string(yinsh::row_of(p) + 1);
}
static std::string notation(const Move& m) {
  return std::visit(variant_overloaded{
      [](PlaceRingMove p) { return text(ours(p.index)); },
      [](RingMove p) { return text(ours(p.from)) + "-" + text(ours(p.to)); },
      [](RemoveRowMove p) {
        // Points order as SPEC orders a row's ends: lower letter first, then lower number.
        const yinsh::Point from = ours(p.from);
        const yinsh::Point to = ours(Bitboard::index_move_direction(p.from, p.direction, 4));
        const auto [a, b] = std::minmax(from, to);  // references to the two locals
        return "x" + text(a) + "-" + text(b);
      },
      [](RemoveRingMove p) { return "x" + text(ours(p.index)); },
      [](PassMove) { return std::string("pass"); },
  }, m);
}
static bool find_move(const BoardState& b, const std::string& s, Move& out) {
  if (b.get_next_action() == NextAction::Done) return false;
  MoveList ml;
  b.generate_moves(ml);
  for (std::size_t i = 0; i < ml.get_size(); ++i)
    if (notation(ml[i]) == s) { out = ml[i]; return true; }
  return false;
}

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::size_t mem = 2048ull << 20;
  double fixed = 0;
  try {  // whole arguments only: tree 1..65536 MB, finite seconds >= 0 (0 = the `go` limits)
    std::size_t end = 0;
    if (argc > 1) {
      const std::string a = argv[1];
      const unsigned long mb = a.empty() || a[0] == '-' ? 0 : std::stoul(a, &end);
      if (end != a.size() || mb < 1 || mb > 65536) throw std::invalid_argument(a);
      mem = std::size_t(mb) << 20;
    }
    if (argc > 2) {
      const std::string a = argv[2];
      fixed = std::stod(a, &end);
      if (end != a.size() || !std::isfinite(fixed) || fixed < 0) throw std::invalid_argument(a);
    }
    if (argc > 3) throw std::invalid_argument(argv[3]);
  } catch (const std::exception&) {
    std::cerr << "usage: yng-driver [tree-MB 1..65536] [seconds-per-decision >= 0]\n";
    return 2;
  }
  // The coordinate map is a bijection: each of the project's 85 points lands on a point of
  // yngine's board and comes back, and yngine's board has no other point.
  for (yinsh::Point p : yinsh::GEO.points)
    if (!Bitboard::is_index_in_game(uint8_t(theirs(p))) || ours(theirs(p)) != p) {
      std::cout << "error coordinate map broken at " << text(p) << std::endl;
      return 1;
    }
  if (Bitboard::get_game_board().popcount() != yinsh::NUM_POINTS) {
    std::cout << "error yngine's board does not have 85 points" << std::endl;
    return 1;
  }
  std::unique_ptr<MCTS> mcts = std::make_unique<MCTS>(mem);
  bool searched = false, lost = false;
  std::vector<std::string> applied;
  auto reset = [&] {
    if (searched) mcts.reset(); else (void)mcts.release();  // never joined: leak, not abort
    mcts = std::make_unique<MCTS>(mem);
    searched = false;
    lost = false;
    applied.clear();
  };
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string cmd;
    in >> cmd;
    if (cmd == "isready") { std::cout << "readyok" << std::endl; }
    else if (cmd == "newgame") { reset(); }
    else if (cmd == "quit") { std::cout.flush(); std::_Exit(0); }
    else if (cmd == "position") {
      std::string s;
      in >> s;
      if (s != "startpos") { std::cout << "error only startpos" << std::endl; continue; }
      std::vector<std::string> moves;
      if (in >> s && s == "moves") while (in >> s) moves.push_back(s);
      bool extends = moves.size() >= applied.size();
      for (std::size_t i = 0; extends && i < applied.size(); ++i) extends = moves[i] == applied[i];
      if (!extends) reset();
      lost = false;
      for (std::size_t i = applied.size(); i < moves.size(); ++i) {
        Move m;
        if (!find_move(mcts->get_board(), moves[i], m)) {
          std::cout << "error yngine cannot follow decision " << i + 1 << " " << moves[i]
                    << std::endl;
          reset();
          lost = true;
          break;
        }
        mcts->apply_move(m);
        applied.push_back(moves[i]);
      }
    } else if (cmd == "go") {
      double secs = 1.0;
      long long wt = -1, bt = -1, wi = 0, bi = 0, playouts = 0;
      std::string k;
      long long v;
      while (in >> k >> v) {
        if (k == "movetime") secs = v / 1000.0;
        else if (k == "nodes") playouts = v;
        else if (k == "wtime") wt = v; else if (k == "btime") bt = v;
        else if (k == "winc") wi = v; else if (k == "binc") bi = v;
      }
      if (wt >= 0) {
        const bool white = mcts->get_board().whose_move() == Color::White;
        secs = ((white ? wt : bt) / 25.0 + (white ? wi : bi) * 0.8) / 1000.0;
      }
      if (fixed > 0) secs = fixed;
      if (lost) {
        std::cout << "bestmove (none)" << std::endl;
        continue;
      }
      if (mcts->get_board().get_next_action() == NextAction::Done) {
        std::cout << "error game over" << std::endl;
        continue;
      }
      auto fut = playouts > 0 && fixed <= 0
                     ? mcts->search(MCTS::SearchLimit{int(std::min(playouts, 1LL << 30))}, 1)
                     : mcts->search(MCTS::SearchLimit{float(secs)}, 1);
      searched = true;
      const Move best = fut.get();
      std::cout << "bestmove " << notation(best) << std::endl;
    }
  }
  std::_Exit(0);
}

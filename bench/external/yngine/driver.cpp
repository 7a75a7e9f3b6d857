// yng-driver: temhelk/yngine (an MCTS engine in C++, MIT licence, not part of this project)
// behind the engine protocol of SPEC section 6, so that `yinsh match -b "cmd:yng-driver"`
// plays it. Build: build.sh next to this file. Usage: yng-driver [tree-MB] [seconds]
// (seconds: a fixed time per decision instead of the `go` limits). `go movetime` and the
// clock forms (a 25th of the remaining time plus 0.8 x the increment) are honoured; `go
// nodes N` runs N playouts; `go depth` has no meaning for MCTS and gets 1 s.
//
// Points: yngine numbers the hexagon 11 * y + x with lines along (1,0), (0,1) and (-1,1);
// SPEC's column c (a = 0) and row r map to x = c - r + 6, y = r - 1, which takes SPEC's
// three lines onto those (checked for all 85 points at start). Decisions are matched by
// their notation against yngine's own legal list, so the driver adds no rules of its own:
// where yngine's rules differ (along the moved ring's own line it finds only a row of the
// mover's that passes through the ring's start point) it answers `error` and `bestmove
// (none)`, and the match scores the game as yngine's forfeit with that message.
#include <yngine/mcts.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace Yngine;

static int to_index(int c, int r) { return 11 * (r - 1) + (c - r + 6); }
static std::string point(int idx) {
  const int x = idx % 11, y = idx / 11;
  const int r = y + 1, c = x + r - 6;
  return std::string(1, char('a' + c)) + std::to_string(r);
}
static bool point_less(int a, int b) {
  const int ya = a / 11, xa = a % 11, yb = b / 11, xb = b % 11;
  const int ca = xa + ya - 5, cb = xb + yb - 5;  // column index (up to a constant)
  return ca != cb ? ca < cb : ya < yb;
}
static std::string notation(const Move& m) {
  return std::visit(variant_overloaded{
      [](PlaceRingMove p) { return point(p.index); },
      [](RingMove p) { return point(p.from) + "-" + point(p.to); },
      [](RemoveRowMove p) {
        int a = p.from, b = Bitboard::index_move_direction(p.from, p.direction, 4);
        if (point_less(b, a)) std::swap(a, b);
        return "x" + point(a) + "-" + point(b);
      },
      [](RemoveRingMove p) { return "x" + point(p.index); },
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
  try {
    if (argc > 1) mem = std::stoul(argv[1]) << 20;
    if (argc > 2) fixed = std::stod(argv[2]);
  } catch (const std::exception&) {
    std::fprintf(stderr, "usage: yng-driver [tree-MB] [seconds-per-decision]\n");
    return 2;
  }
  // Check the coordinate map: our 85 points are exactly yngine's board.
  int n = 0;
  for (int c = 0; c < 11; ++c)
    for (int r = 1; r <= 11; ++r) {
      const int dc = c - 5, dr = r - 6;
      if (std::abs(dc) > 5 || std::abs(dr) > 5 || std::abs(dc - dr) > 5) continue;
      if ((dc == -5 && (dr == -5 || dr == 0)) || (dc == 0 && std::abs(dr) == 5) ||
          (dc == 5 && (dr == 0 || dr == 5)))
        continue;
      const int i = to_index(c, r);
      if (!Bitboard::is_index_in_game(i) || point(i) != std::string(1, char('a' + c)) + std::to_string(r)) {
        std::printf("error coordinate map broken at %c%d\n", 'a' + c, r);
        return 1;
      }
      ++n;
    }
  if (n != 85 || Bitboard::get_game_board().popcount() != 85) {
    std::printf("error board has %d points\n", n);
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
          std::cout << "error yngine cannot follow decision " << i + 1 << " " << moves[i] << std::endl;
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

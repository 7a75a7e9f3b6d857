#include "perft.h"

#include "movegen.h"

namespace yinsh {

uint64_t perft(Position& pos, int depth) {
  if (depth == 0) return 1;
  if (depth == 1) return uint64_t(count_moves(pos));
  MoveList list;
  generate(pos, list);
  uint64_t nodes = 0;
  StateInfo st;
  for (Move m : list) {
    pos.do_move(m, st);
    nodes += perft(pos, depth - 1);
    pos.undo_move(m, st);
  }
  return nodes;
}

std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, uint64_t>> out;
  if (depth < 1) return out;
  MoveList list;
  generate(pos, list);
  StateInfo st;
  for (Move m : list) {
    pos.do_move(m, st);
    out.emplace_back(m, perft(pos, depth - 1));
    pos.undo_move(m, st);
  }
  return out;
}

}  // namespace yinsh

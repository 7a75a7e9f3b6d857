#include "wasm/threats.h"

#include <algorithm>

#include "core/movegen.h"

namespace yinsh::wasm {

std::vector<Threat> opponent_threats(const Position& pos) {
  std::vector<Threat> out;
  if (pos.step() != Step::Move) return out;
  const Color them = ~pos.side_to_move();
  // The same board with the opponent to move its rings (no row of theirs is on the board in
  // the move step: rows are removed before a ring moves).
  Position p = pos;
  p.set_state(them, Step::Move, pos.removed(WHITE), pos.removed(BLACK));
  MoveList moves;
  generate(p, moves);
  for (Move m : moves) {
    if (m.kind() != Move::Ring) continue;
    StateInfo st;
    p.do_move(m, st);
    if (p.step() == Step::RemoveRow) {
      MoveList rows;
      generate(p, rows);
      for (Move r : rows) {
        auto t = std::find_if(out.begin(), out.end(), [r](const Threat& x) { return x.row == r; });
        if (t == out.end()) out.push_back(Threat{r, {m}});
        else if (t->by.empty() || t->by.back() != m) t->by.push_back(m);
      }
    }
    p.undo_move(m, st);
  }
  return out;
}

}  // namespace yinsh::wasm

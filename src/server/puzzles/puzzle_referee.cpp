// The engine's check of an opponent's answer off a puzzle's solution (puzzle_referee.h).
#include "server/puzzles/puzzle_referee.h"

#include <atomic>

#include "core/movegen.h"
#include "search/levels.h"
#include "search/nnue.h"
#include "search/search.h"

namespace yinsh::server {
namespace {

// Whether `side`, to move in `pos`, wins a ring within its turn (a row made, or handed to it,
// and a ring taken off), by the rules alone: every decision of the turn, depth first.
bool wins_ring_this_turn(Position& pos, Color side, int removed, int decisions_left) {
  if (pos.removed(side) > removed) return true;
  if (decisions_left == 0 || pos.is_over() || pos.side_to_move() != side) return false;
  MoveList moves;
  generate(pos, moves);
  for (const Move m : moves) {
    StateInfo st;
    pos.do_move(m, st);
    const bool won = wins_ring_this_turn(pos, side, removed, decisions_left - 1);
    pos.undo_move(m, st);
    if (won) return true;
  }
  return false;
}

// Whether answering `answer` in `before` lets the other side win a ring on its next turn.
bool hands_over_a_ring(const Position& before, Move answer) {
  Position pos = before;
  const Color other = before.side_to_move() == WHITE ? BLACK : WHITE;
  StateInfo st;
  pos.do_move(answer, st);
  // A turn: rows handed over taken off (a row, a ring), a ring move, its row and ring.
  constexpr int kTurnDecisions = 5;
  return pos.side_to_move() == other && wins_ring_this_turn(pos, other, pos.removed(other), kTurnDecisions);
}

}  // namespace

bool engine_could_answer(const Position& before, Move reply, int depth) {
  if (count_moves(before) <= 1) return true;  // no choice: nothing to check
  SearchConfig config;
  config.threads = 1;
  config.hash_mb = 4;
  config.level = MAX_LEVEL;
  config.net = nnue::embedded_network();
  Searcher searcher(config);
  const std::atomic<bool> stop{false};
  Limits limits;
  limits.depth = depth < 1 ? 1 : depth;
  limits.nodes = kPuzzleReplyNodes;
  const SearchResult best = searcher.run(before, limits, stop, nullptr);
  if (best.best == reply) return true;
  // A ring handed over where the engine's answer gives none: never the engine's.
  if (hands_over_a_ring(before, reply) && !hands_over_a_ring(before, best.best)) return false;
  // The answer beside the engine's best, both scored by one search of two lines from a clear
  // table (one root decision alone would not be searched at all): the same depth and budget.
  config.multipv = 2;
  searcher.configure(config);
  searcher.clear();
  limits.searchmoves = {best.best, reply};
  const SearchResult both = searcher.run(before, limits, stop, nullptr);
  int best_score = best.info.score, answer_score = -SCORE_MATE;
  for (const PvLine& l : both.info.lines) {
    if (l.move == reply) answer_score = l.score;
    if (l.move == best.best) best_score = l.score;
  }
  return answer_score >= best_score - kPuzzleReplyMargin;
}

}  // namespace yinsh::server

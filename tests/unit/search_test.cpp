
namespace yinsh {
namespace {

// Positions from random games where the side to move has removed two rings and some ring
// move makes a row: the search must see the win (a row, then the third ring).
TEST(Search, FindsTheWinningRow) {
  int found = 0;
  for (uint64_t seed = 1; seed <= 3000 && found < 8; ++seed) {
    Rng rng(seed);
    Position pos = Position::start();
    StateInfo st[300];
    for (int ply = 0; ply < 299 && !pos.is_over(); ++ply) {
      const Color us = pos.side_to_move();
      if (pos.step() == Step::Move && pos.removed(us) == 2) {
        MoveList list;
        generate(pos, list);
        bool can_row = false;
        for (Move m : list) {
          StateInfo s;
          pos.do_move(m, s);
          can_row |= pos.step() == Step::RemoveRow;
          pos.undo_move(m, s);
        }
        if (can_row) {
          Searcher searcher;
          Limits l;
          l.depth = 1;
          std::atomic<bool> stop{false};
          const SearchResult r = searcher.run(pos, l, stop, {});
          EXPECT_GE(r.info.score, SCORE_MATE_BOUND) << to_text(pos);
          StateInfo s;
          pos.do_move(r.best, s);
          EXPECT_EQ(pos.step(), Step::RemoveRow) << to_text(pos);
          ++found;
          break;
        }
      }
      pos.do_move(random_decision(pos, rng), st[ply]);
    }
  }
  EXPECT_GE(found, 3);
}

}  // namespace
}  // namespace yinsh

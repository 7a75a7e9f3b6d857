// Why a decision is illegal, as a kind (core/record.h): along random games, every probed
// decision is None exactly when it is legal, a decision of the wrong kind for the step is the
// step's Must*, and the words of why_illegal are empty exactly when it is legal. Every kind is
// met along the way, and a few are checked by hand where the board makes them plain.
#include <gtest/gtest.h>

#include <deque>
#include <set>

#include "core/geometry.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/random.h"
#include "core/record.h"

using namespace yinsh;

namespace {

Illegal must_for(Step s) {
  switch (s) {
    case Step::Place: return Illegal::MustPlace;
    case Step::Move: return Illegal::MustMove;
    case Step::RemoveRow:
    case Step::EarlyRemoveRow: return Illegal::MustRemoveRow;
    case Step::RemoveRing:
    case Step::EarlyRemoveRing: return Illegal::MustRemoveRing;
    case Step::Over: break;
  }
  return Illegal::GameOver;
}

bool kind_fits(Step s, Move::Kind k) {
  switch (s) {
    case Step::Place: return k == Move::Place;
    case Step::Move: return k == Move::Ring || k == Move::Pass;
    case Step::RemoveRow:
    case Step::EarlyRemoveRow: return k == Move::Row;
    case Step::RemoveRing:
    case Step::EarlyRemoveRing: return k == Move::RemoveRing;
    case Step::Over: break;
  }
  return false;
}

}  // namespace

TEST(IllegalKind, IsNoneExactlyWhenLegalAndNamesTheStepForAWrongKind) {
  Rng rng(20261207);
  std::set<Illegal> seen;
  for (int game = 0; game < 40; ++game) {
    Position pos = Position::start();
    std::deque<StateInfo> states;
    while (true) {
      std::vector<Move> probes = {Move::pass()};
      for (int i = 0; i < 24; ++i) {
        const Point a = GEO.points[rng.below(NUM_POINTS)], b = GEO.points[rng.below(NUM_POINTS)];
        probes.push_back(Move::place(a));
        probes.push_back(Move::ring(a, b));
        probes.push_back(Move::row(a, b));
        probes.push_back(Move::remove_ring(a));
      }
      for (const Point r : GEO.points)  // from our own rings, and our own rings removed
        if (pos.rings(pos.side_to_move()).contains(r)) {
          probes.push_back(Move::ring(r, GEO.points[rng.below(NUM_POINTS)]));
          probes.push_back(Move::remove_ring(r));
        }
      MoveList legal;
      generate(pos, legal);
      for (Move m : legal) probes.push_back(m);
      for (const Move m : probes) {
        const Illegal k = illegal_kind(pos, m);
        seen.insert(k);
        ASSERT_EQ(k == Illegal::None, is_legal(pos, m)) << to_string(m) << " in " << to_text(pos);
        ASSERT_EQ(why_illegal(pos, m).empty(), k == Illegal::None) << to_string(m);
        if (pos.is_over()) ASSERT_TRUE(k == Illegal::GameOver || k == Illegal::None);
        else if (!kind_fits(pos.step(), m.kind())) ASSERT_EQ(k, must_for(pos.step())) << to_string(m);
      }
      if (pos.is_over()) break;
      states.emplace_back();
      pos.do_move(legal[int(rng.below(uint32_t(legal.size())))], states.back());
    }
  }
  for (Illegal k : {Illegal::None, Illegal::GameOver, Illegal::MustPlace, Illegal::MustMove, Illegal::MustRemoveRow,
                    Illegal::MustRemoveRing, Illegal::Occupied, Illegal::NoRing, Illegal::NotOnALine,
                    Illegal::RingInTheWay, Illegal::PastTheMarkers, Illegal::NotARow, Illegal::CannotPass})
    EXPECT_TRUE(seen.count(k)) << "never met: " << to_string(k);
}

TEST(IllegalKind, PlainCasesByHand) {
  Position pos = Position::start();
  const Point e5 = *parse_point("e5"), e6 = *parse_point("e6");
  EXPECT_EQ(illegal_kind(pos, Move::ring(e5, e6)), Illegal::MustPlace);
  StateInfo st;
  pos.do_move(Move::place(e5), st);
  EXPECT_EQ(illegal_kind(pos, Move::place(e5)), Illegal::Occupied);
  EXPECT_EQ(why_illegal(pos, Move::place(e5)), "e5 is occupied");
  EXPECT_EQ(illegal_kind(pos, Move::place(e6)), Illegal::None);
  EXPECT_EQ(to_string(Illegal::PastTheMarkers), "past_the_markers");
  EXPECT_EQ(to_string(Illegal::NotOnALine), "not_on_a_line");
}

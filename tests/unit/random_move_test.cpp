// nth_move / random_move against the generated list, over random games of both variants.
#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/random.h"
#include "core/ring_counts.h"

namespace yinsh {
namespace {

void check_games(Variant v, uint64_t seed, int games) {
  Rng rng(seed);
  int positions = 0;
  for (int g = 0; g < games; ++g) {
    Position pos = Position::start(v);
    StateInfo st;
    while (!pos.is_over()) {
      MoveList list;
      generate(pos, list);
      ASSERT_EQ(count_moves(pos), list.size()) << to_text(pos);
      for (int k = 0; k < list.size(); ++k)
        ASSERT_EQ(nth_move(pos, k), list[k]) << to_text(pos) << " k=" << k;
      // The same draw from the same generator state picks the same decision.
      Rng a = rng, b = rng;
      const Move m = random_move(pos, a);
      ASSERT_EQ(m, list[int(b.below(uint32_t(list.size())))]) << to_text(pos);
      rng = a;
      pos.do_move(m, st);
      ++positions;
    }
    EXPECT_EQ(random_move(pos, rng), Move::none());
  }
  EXPECT_GT(positions, games * 20);
}

TEST(RandomMove, MatchesTheGeneratedListNormal) { check_games(Variant::Normal, 11, 60); }
TEST(RandomMove, MatchesTheGeneratedListBlitz) { check_games(Variant::Blitz, 12, 60); }

// The per-ring destination counts (vectorised when the CPU has AVX-512) equal the scalar
// reference and the generated list, for both colours, over random games; the random ring
// move drawn is the same on both paths.
TEST(RandomMove, RingCountsEqualTheScalarReferenceAndTheList) {
  Rng rng(21);
  int checked = 0;
  for (int g = 0; g < 200; ++g) {
    Position pos = Position::start(g % 2 ? Variant::Blitz : Variant::Normal);
    StateInfo st;
    while (!pos.is_over()) {
      for (Color c : {WHITE, BLACK}) {
        Point fa[RINGS_PER_SIDE], fb[RINGS_PER_SIDE];
        int ca[RINGS_PER_SIDE], cb[RINGS_PER_SIDE];
        const int na = ring_move_counts(pos, c, fa, ca), nb = ring_move_counts_scalar(pos, c, fb, cb);
        ASSERT_EQ(na, nb) << to_text(pos);
        ASSERT_EQ(na, pos.rings(c).count()) << to_text(pos);
        for (int i = 0; i < na; ++i) {
          ASSERT_EQ(fa[i], fb[i]) << to_text(pos);
          ASSERT_EQ(ca[i], cb[i]) << to_text(pos) << " ring " << i;
          ASSERT_EQ(ca[i], ring_destinations(fa[i], pos.rings(), pos.markers()).count()) << to_text(pos);
        }
        ++checked;
      }
      if (pos.step() == Step::Move) {  // the same draw picks the same ring move on both paths
        Rng a = rng, b = rng;
        ASSERT_EQ(random_ring_move(pos, a), random_ring_move_scalar(pos, b)) << to_text(pos);
      }
      pos.do_move(random_move(pos, rng), st);
    }
  }
  EXPECT_GT(checked, 20000);
  RecordProperty("vectorised", ring_move_counts_vectorised() ? "yes" : "no");
}

TEST(RandomMove, EveryLegalDecisionIsReachable) {
  // From a mid-game position, 20000 draws hit every legal decision (uniformity's support).
  Position pos = Position::start();
  Rng rng(3);
  StateInfo st[40];
  for (int i = 0; i < 30; ++i) pos.do_move(random_move(pos, rng), st[i]);
  MoveList list;
  generate(pos, list);
  std::vector<int> hits(list.size());
  for (int i = 0; i < 20000; ++i) {
    const Move m = random_move(pos, rng);
    const auto it = std::find(list.begin(), list.end(), m);
    ASSERT_NE(it, list.end());
    ++hits[it - list.begin()];
  }
  for (int h : hits) EXPECT_GT(h, 20000 / list.size() / 3);
}

}  // namespace
}  // namespace yinsh

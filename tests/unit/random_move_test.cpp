// nth_move / random_move against the generated list, over random games of both variants.
#include <gtest/gtest.h>

#include <vector>

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

// On every path (scalar, AVX2 with and without BMI2, AVX-512; those this CPU lacks fall back to
// scalar), the per-ring destination counts equal the ray scans (ring_destinations) for both
// colours, over random games of both variants; the random ring move drawn is generate()'s
// list at the same draw.
TEST(RandomMove, RingCountsOfEveryPathEqualTheRaysAndTheList) {
  // Paths this CPU lacks run the scalar path (and must not stop the program).
  const std::vector<RingLanes> paths = {RingLanes::Scalar, RingLanes::Avx2, RingLanes::Avx2Bmi2,
                                        RingLanes::Avx512};
  ASSERT_TRUE(ring_lanes_supported(RingLanes::Scalar));
  ASSERT_TRUE(ring_lanes_supported(ring_lanes_path()));
  Rng rng(21);
  int checked = 0;
  for (int g = 0; g < 200; ++g) {
    Position pos = Position::start(g % 2 ? Variant::Blitz : Variant::Normal);
    StateInfo st;
    while (!pos.is_over()) {
      for (RingLanes path : paths) {
        for (Color c : {WHITE, BLACK}) {
          Point from[RINGS_PER_SIDE];
          int count[RINGS_PER_SIDE];
          const int n = ring_move_counts_on(path, pos, c, from, count);
          ASSERT_EQ(n, pos.rings(c).count()) << to_string(path) << " " << to_text(pos);
          int i = 0;
          for (Point p : pos.rings(c)) {
            ASSERT_EQ(from[i], p) << to_string(path) << " " << to_text(pos);
            ASSERT_EQ(count[i], ring_destinations(p, pos.rings(), pos.markers()).count())
                << to_string(path) << " " << to_text(pos) << " ring " << i;
            ++i;
          }
          ++checked;
        }
        if (pos.step() == Step::Move) {
          MoveList list;
          generate(pos, list);
          Rng a = rng, b = rng;
          const Move m = random_ring_move_on(path, pos, a);
          ASSERT_EQ(m, list[int(b.below(uint32_t(list.size())))]) << to_string(path) << " " << to_text(pos);
          if (m != Move::pass()) {  // one draw, as generate()'s
            ASSERT_EQ(a.next(), b.next());
          }
        }
      }
      pos.do_move(random_move(pos, rng), st);
    }
  }
  EXPECT_GT(checked, 20000 * int(paths.size()));
  RecordProperty("ring_lanes", to_string(ring_lanes_path()));
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

// The linear evaluation's features, computed bit-parallel (all windows of a direction at once,
// all rings of a direction at once), against plain scans of the 123 windows and of each ring's
// destinations, on positions of random games, in every compiled form (eval.h EvalCode).
#include <gtest/gtest.h>

#include "core/geometry.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "search/eval.h"
#include "test_util.h"

namespace yinsh {
namespace {

// Reference: one window at a time (k own markers, none of the opponent's; a 4-window with
// one of the side's movable rings is a row next turn).
struct Counts {
  int w2 = 0, w3 = 0, w4 = 0, rownow = 0;
};
Counts scan_windows(Bitboard own, Bitboard other, Bitboard movable) {
  Counts c;
  for (const Window& w : GEO.windows) {
    if (w.mask & other) continue;
    const int a = (w.mask & own).count();
    c.w2 += a == 2;
    c.w3 += a == 3;
    c.w4 += a == 4;
    c.rownow += a == 4 && bool(w.mask & movable);
  }
  return c;
}

// Reference ring features from the move generator: destinations, rings without any,
// opposing markers between a ring and its farthest destination on a ray (jumped).
struct RingCounts {
  int mobility = 0, stuck = 0, central = 0;
  Bitboard flippable, movable;
};
RingCounts scan_rings(const Position& pos, Color c) {
  RingCounts r;
  for (Point p : pos.rings(c)) {
    int n = 0;
    for (int d = 0; d < NUM_DIRECTIONS; ++d) {
      r.central += ray(p, Direction(d)).count();
      const Bitboard dest = ring_destinations(p, Direction(d), pos.rings(), pos.markers());
      n += dest.count();
      for (Point q : dest) r.flippable |= between(p, q) & pos.markers(~c);
    }
    r.mobility += n;
    if (n == 0) ++r.stuck;
    else r.movable |= Bitboard::of(p);
  }
  return r;
}
Bitboard movable_rings(const Position& pos, Color c) { return scan_rings(pos, c).movable; }

TEST(Eval, FeaturesEqualAPlainScanOfWindowsAndRingMoves) {
  int checked = 0, with_fours = 0, with_flips = 0, with_stuck = 0;
  for (uint64_t seed = 1; seed <= 1500; ++seed) {
    const Position pos = test::random_position(seed, 10 + int(seed % 90));
    if (pos.step() != Step::Move) continue;
    const Color us = pos.side_to_move(), them = ~us;
    const Counts u = scan_windows(pos.markers(us), pos.markers(them), movable_rings(pos, us));
    const Counts t = scan_windows(pos.markers(them), pos.markers(us), movable_rings(pos, them));
    const RingCounts ru = scan_rings(pos, us), rt = scan_rings(pos, them);
    FeatureVector used;
    extract_features(pos, used);
    // Every compiled form (ones this build or CPU lacks run the one it has) gives the same.
    for (EvalCode code : {EvalCode::Generic, EvalCode::Popcnt, EvalCode::Native, EvalCode::Avx2, EvalCode::Avx512}) {
      SCOPED_TRACE(to_string(code));
      FeatureVector f;
      extract_features_on(code, pos, f);
      ASSERT_EQ(f, used) << to_text(pos);
      ASSERT_EQ(f[F_W2], u.w2 - t.w2) << to_text(pos);
      ASSERT_EQ(f[F_W3_US], u.w3) << to_text(pos);
      ASSERT_EQ(f[F_W3_THEM], t.w3) << to_text(pos);
      ASSERT_EQ(f[F_W4_US], u.w4) << to_text(pos);
      ASSERT_EQ(f[F_W4_THEM], t.w4) << to_text(pos);
      ASSERT_EQ(f[F_ROWNOW_US], u.rownow) << to_text(pos);
      ASSERT_EQ(f[F_ROWNOW_THEM], t.rownow) << to_text(pos);
      ASSERT_EQ(f[F_MOBILITY], ru.mobility - rt.mobility) << to_text(pos);
      ASSERT_EQ(f[F_RINGS_STUCK], ru.stuck - rt.stuck) << to_text(pos);
      ASSERT_EQ(f[F_CENTRAL], ru.central - rt.central) << to_text(pos);
      ASSERT_EQ(f[F_FLIP], ru.flippable.count() - rt.flippable.count()) << to_text(pos);
    }
    ++checked;
    with_flips += ru.flippable.count() > 0;
    with_stuck += ru.stuck + rt.stuck > 0;
    with_fours += u.w4 + t.w4 > 0;
  }
  EXPECT_GT(checked, 800);
  EXPECT_GT(with_fours, 50);  // the rare features are exercised too
  EXPECT_GT(with_flips, 400);
  EXPECT_GT(with_stuck, 5);
}

// While rings are placed there is no marker: only the ring features, in every form.
TEST(Eval, PlacementFeaturesEqualAPlainScanOfRingMoves) {
  int checked = 0;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    const Position pos = test::random_position(seed, int(seed % 10));
    ASSERT_EQ(pos.step(), Step::Place);
    const Color us = pos.side_to_move(), them = ~us;
    const RingCounts ru = scan_rings(pos, us), rt = scan_rings(pos, them);
    for (EvalCode code : {EvalCode::Generic, EvalCode::Popcnt, EvalCode::Native, EvalCode::Avx2, EvalCode::Avx512}) {
      SCOPED_TRACE(to_string(code));
      FeatureVector f;
      extract_features_on(code, pos, f);
      ASSERT_EQ(f[F_MOBILITY], ru.mobility - rt.mobility) << to_text(pos);
      ASSERT_EQ(f[F_RINGS_STUCK], ru.stuck - rt.stuck) << to_text(pos);
      ASSERT_EQ(f[F_CENTRAL], ru.central - rt.central) << to_text(pos);
      ASSERT_EQ(f[F_REMOVED], 0);
      ASSERT_EQ(f[F_MARKERS], 0);
      ASSERT_EQ(f[F_FLIP], 0);
      ASSERT_EQ(f[F_W2] | f[F_W3_US] | f[F_W3_THEM] | f[F_W4_US] | f[F_W4_THEM], 0);
    }
    ++checked;
  }
  EXPECT_EQ(checked, 300);
}

}  // namespace
}  // namespace yinsh

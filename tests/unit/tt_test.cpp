// The transposition table's buckets: four keys of one bucket live side by side, a fifth
// replaces the entry worth least (the shallowest, older searches' entries counting for less),
// and an entry of the same key is updated in place.
#include <gtest/gtest.h>

#include "search/tt.h"

namespace yinsh {
namespace {

// Keys that differ only far above any table's index bits share a bucket.
uint64_t key_in_bucket(int k) { return 0x1234567ull + (uint64_t(k + 1) << 44); }
Move move_for(int k) { return Move::ring(Point(k + 1), Point(k + 2)); }

TEST(TranspositionTable, FourKeysOfOneBucketAreAllKept) {
  TranspositionTable tt;
  tt.resize(1);
  for (int k = 0; k < 4; ++k) tt.store(key_in_bucket(k), move_for(k), 10 * k, 3 + k, BOUND_EXACT);
  for (int k = 0; k < 4; ++k) {
    TTData d;
    ASSERT_TRUE(tt.probe(key_in_bucket(k), d)) << k;
    EXPECT_EQ(d.move, move_for(k).raw());
    EXPECT_EQ(d.score, 10 * k);
    EXPECT_EQ(d.depth, 3 + k);
    EXPECT_EQ(d.bound, BOUND_EXACT);
  }
  TTData d;
  EXPECT_FALSE(tt.probe(key_in_bucket(9), d));
}

TEST(TranspositionTable, AFifthKeyReplacesTheShallowest) {
  TranspositionTable tt;
  tt.resize(1);
  const int depths[4] = {7, 2, 9, 5};
  for (int k = 0; k < 4; ++k) tt.store(key_in_bucket(k), move_for(k), 0, depths[k], BOUND_LOWER);
  tt.store(key_in_bucket(4), move_for(4), 0, 1, BOUND_UPPER);
  TTData d;
  EXPECT_FALSE(tt.probe(key_in_bucket(1), d));  // depth 2 was the shallowest
  for (int k : {0, 2, 3, 4}) EXPECT_TRUE(tt.probe(key_in_bucket(k), d)) << k;
}

TEST(TranspositionTable, OlderSearchesEntriesGoFirst) {
  TranspositionTable tt;
  tt.resize(1);
  tt.store(key_in_bucket(0), move_for(0), 0, 8, BOUND_EXACT);  // deep, but three searches old
  tt.new_search();
  tt.new_search();
  tt.new_search();
  for (int k = 1; k < 4; ++k) tt.store(key_in_bucket(k), move_for(k), 0, 2, BOUND_EXACT);
  tt.store(key_in_bucket(4), move_for(4), 0, 2, BOUND_EXACT);
  TTData d;
  EXPECT_FALSE(tt.probe(key_in_bucket(0), d));  // 8 - 4 * 3 < 2
  for (int k = 1; k < 5; ++k) EXPECT_TRUE(tt.probe(key_in_bucket(k), d)) << k;
}

TEST(TranspositionTable, TheSameKeyIsUpdatedInPlace) {
  TranspositionTable tt;
  tt.resize(1);
  for (int k = 0; k < 4; ++k) tt.store(key_in_bucket(k), move_for(k), 0, 4, BOUND_EXACT);
  // A shallower bound does not overwrite a much deeper entry of the same key...
  tt.store(key_in_bucket(2), move_for(7), 55, 1, BOUND_UPPER);
  TTData d;
  ASSERT_TRUE(tt.probe(key_in_bucket(2), d));
  EXPECT_EQ(d.depth, 4);
  EXPECT_EQ(d.move, move_for(2).raw());
  // ...an exact one does, keeping the move when it has none, and no other key is evicted.
  tt.store(key_in_bucket(2), Move::none(), 66, 1, BOUND_EXACT);
  ASSERT_TRUE(tt.probe(key_in_bucket(2), d));
  EXPECT_EQ(d.score, 66);
  EXPECT_EQ(d.depth, 1);
  EXPECT_EQ(d.move, move_for(2).raw());
  for (int k = 0; k < 4; ++k) EXPECT_TRUE(tt.probe(key_in_bucket(k), d)) << k;
}

TEST(TranspositionTable, ClearEmptiesEveryBucket) {
  TranspositionTable tt;
  tt.resize(1);
  for (int k = 0; k < 4; ++k) tt.store(key_in_bucket(k), move_for(k), 0, 4, BOUND_EXACT);
  tt.clear();
  TTData d;
  for (int k = 0; k < 4; ++k) EXPECT_FALSE(tt.probe(key_in_bucket(k), d)) << k;
}

}  // namespace
}  // namespace yinsh

// Glicko-2 against the worked example of Glickman's "Example of the Glicko-2 system", and the
// rating categories' boundaries.
#include <gtest/gtest.h>

#include <vector>

#include "rating/category.h"
#include "rating/glicko2.h"

namespace yinsh::rating {
namespace {

// The paper's player: 1500 / 200 / 0.06, tau 0.5, beats 1400/30, loses to 1550/100 and
// 1700/300. The paper's result: 1464.06 / 151.52 / 0.05999.
TEST(Glicko2, MatchesGlickmansWorkedExample) {
  const Rating player{1500, 200, 0.06};
  const std::vector<Outcome> games = {{{1400, 30, 0.06}, 1.0}, {{1550, 100, 0.06}, 0.0}, {{1700, 300, 0.06}, 0.0}};
  const Rating r = update(player, games, 0.5);
  EXPECT_NEAR(r.rating, 1464.06, 0.01);
  EXPECT_NEAR(r.deviation, 151.52, 0.01);
  EXPECT_NEAR(r.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, NoGameOnlyWidensTheDeviation) {
  const Rating player{1650, 80, 0.06};
  const Rating r = update(player, {});
  EXPECT_EQ(r.rating, 1650);
  EXPECT_EQ(r.volatility, 0.06);
  EXPECT_GT(r.deviation, 80);
  EXPECT_LT(r.deviation, 81);
}

TEST(Glicko2, WinRaisesLossLowersDrawBetweenEqualsKeeps) {
  const Rating a, b;
  const Outcome win[] = {{b, 1.0}}, loss[] = {{b, 0.0}}, draw[] = {{b, 0.5}};
  EXPECT_GT(rate(a, win).rating, 1500);
  EXPECT_LT(rate(a, loss).rating, 1500);
  EXPECT_NEAR(rate(a, draw).rating, 1500, 1e-9);
  // Symmetric: what one gains the other (with the same rating) loses.
  EXPECT_NEAR(rate(a, win).rating - 1500, 1500 - rate(b, loss).rating, 1e-9);
  EXPECT_LT(rate(a, win).deviation, 350);
}

TEST(Glicko2, DeviationStaysWithinItsBounds) {
  Rating r{1500, 46, 0.06};
  const Rating opponent{1500, 45, 0.06};
  const Outcome games[] = {{opponent, 1.0}, {opponent, 1.0}, {opponent, 0.0}};
  for (int i = 0; i < 50; ++i) r = rate(r, games);
  EXPECT_GE(r.deviation, kMinDeviation);
  EXPECT_FALSE(provisional(r));
  EXPECT_TRUE(provisional(Rating{}));
  const Rating wide = rate(Rating{1500, 349.9, 0.5}, {});
  EXPECT_EQ(wide.deviation, kMaxDeviation);
}

TEST(Glicko2, ExpectedScoreIsAProbability) {
  EXPECT_NEAR(expected_score(Rating{}, Rating{}), 0.5, 1e-12);
  EXPECT_GT(expected_score(Rating{1900, 50, 0.06}, Rating{1500, 50, 0.06}), 0.85);
  EXPECT_NEAR(expected_score(Rating{1700, 50, 0.06}, Rating{1500, 50, 0.06}) +
                  expected_score(Rating{1500, 50, 0.06}, Rating{1700, 50, 0.06}),
              1.0, 0.01);
}

TEST(Category, ClassesFollowTheEstimatedDuration) {
  EXPECT_EQ(categorize(false, 0, 0), Category::Untimed);
  EXPECT_EQ(categorize(true, 0, 0), Category::BlitzVariant);
  EXPECT_EQ(categorize(true, 600'000, 5'000), Category::BlitzVariant);
  EXPECT_EQ(categorize(false, 60'000, 0), Category::Bullet);
  EXPECT_EQ(categorize(false, 120'000, 1'000), Category::Bullet);   // 150 s
  EXPECT_EQ(categorize(false, 120'000, 2'000), Category::Blitz);    // 180 s
  EXPECT_EQ(categorize(false, 300'000, 5'000), Category::Blitz);        // 450 s
  EXPECT_EQ(categorize(false, 479'000, 0), Category::Blitz);            // the class's bound
  EXPECT_EQ(categorize(false, 480'000, 0), Category::Rapid);
  EXPECT_EQ(categorize(false, 900'000, 10'000), Category::Rapid);       // 1,200 s
  EXPECT_EQ(categorize(false, 1'500'000, 0), Category::Classical);
  EXPECT_EQ(categorize(false, 0, 60'000), Category::Classical);         // 1,800 s, no base
}

TEST(Category, DaysPerMoveAreCorrespondenceWhateverTheVariant) {
  EXPECT_EQ(categorize(false, 86'400'000, 0), Category::Correspondence);
  EXPECT_EQ(categorize(true, 14 * 86'400'000LL, 0), Category::Correspondence);
  EXPECT_EQ(categorize(false, 10'800'000, 0), Category::Classical);  // 3 hours: the longest real-time base
  EXPECT_EQ(name(Category::Correspondence), "correspondence");
}

TEST(Category, NamesRoundTrip) {
  for (int i = 0; i < kNumCategories; ++i) {
    const auto c = static_cast<Category>(i);
    EXPECT_EQ(parse_category(name(c)), c);
  }
  EXPECT_FALSE(parse_category("Bullet"));
  EXPECT_FALSE(parse_category(""));
}

}  // namespace
}  // namespace yinsh::rating

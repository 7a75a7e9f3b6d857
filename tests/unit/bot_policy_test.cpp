// The challenge policy of `yinsh bot`: each rule declines what it should, with its reason, and
// a challenge inside every bound is accepted; a challenge's clock flag is read or refused.
#include <gtest/gtest.h>

#include "cli/bot_policy.h"

using yinsh::cli::ChallengeOffer;
using yinsh::cli::ChallengePolicy;
using yinsh::cli::clock_of;
using yinsh::cli::decline_reason;

namespace {

ChallengeOffer offer() {
  ChallengeOffer o;
  o.id = "c1";
  o.challenger = "Ada";
  o.rating = 1600;
  o.rated = true;
  o.initial_ms = 300000;
  o.increment_ms = 5000;
  return o;
}

TEST(BotPolicy, AChallengeInsideEveryBoundIsAccepted) {
  EXPECT_EQ(decline_reason(ChallengePolicy{}, offer(), 0), "");
  ChallengePolicy p;
  p.min_initial_s = p.max_initial_s = 300;
  p.min_increment_s = p.max_increment_s = 5;
  p.min_rating = p.max_rating = 1600;
  p.max_games = 1;
  EXPECT_EQ(decline_reason(p, offer(), 0), "") << "the bounds are inclusive";
}

TEST(BotPolicy, EachRuleDeclinesWithItsReason) {
  ChallengePolicy p;
  p.max_games = 2;
  EXPECT_EQ(decline_reason(p, offer(), 2), "busy: 2 games at once");
  p = {};
  p.rated = false;
  EXPECT_EQ(decline_reason(p, offer(), 0), "casual games only");
  p = {};
  p.casual = false;
  ChallengeOffer casual = offer();
  casual.rated = false;
  EXPECT_EQ(decline_reason(p, casual, 0), "rated games only");
  p = {};
  p.variants = {"normal"};
  ChallengeOffer blitz = offer();
  blitz.variant = "blitz";
  EXPECT_EQ(decline_reason(p, blitz, 0), "the variant blitz is not played");
  p = {};
  p.humans = false;
  EXPECT_EQ(decline_reason(p, offer(), 0), "bots only");
  p = {};
  p.bots = false;
  ChallengeOffer bot = offer();
  bot.challenger_bot = true;
  EXPECT_EQ(decline_reason(p, bot, 0), "no games with bots");
  p = {};
  p.untimed = false;
  ChallengeOffer untimed = offer();
  untimed.initial_ms.reset();
  EXPECT_EQ(decline_reason(p, untimed, 0), "games with a clock only");
  p = {};
  p.min_initial_s = 301;
  EXPECT_EQ(decline_reason(p, offer(), 0), "the clock's initial time is outside 301..604800 s");
  p = {};
  p.max_increment_s = 4;
  EXPECT_EQ(decline_reason(p, offer(), 0), "the clock's increment is outside 0..4 s");
  p = {};
  p.max_rating = 1599;
  EXPECT_EQ(decline_reason(p, offer(), 0), "the challenger's rating 1600 is outside 0..1599");
}

TEST(BotPolicy, AnUnratedChallengerCountsAs1500) {
  ChallengePolicy p;
  p.min_rating = 1501;
  ChallengeOffer o = offer();
  o.rating.reset();
  EXPECT_EQ(decline_reason(p, o, 0), "the challenger's rating 1500 is outside 1501..100000");
  p.min_rating = 1500;
  EXPECT_EQ(decline_reason(p, o, 0), "");
}

TEST(BotPolicy, AChallengesClockIsReadFromItsFlagOrRefused) {
  EXPECT_EQ(clock_of("180+2"), (nlohmann::json{{"initial_ms", 180000}, {"increment_ms", 2000}}));
  EXPECT_EQ(clock_of("60"), (nlohmann::json{{"initial_ms", 60000}, {"increment_ms", 0}}));
  EXPECT_EQ(clock_of("none"), nlohmann::json(nullptr));
  for (const char* bad : {"", "0+1", "-5+1", "60+", "60+-1", "60+1x", "x", "60 +1", "+5", "99999999999999999999"})
    EXPECT_EQ(clock_of(bad), std::nullopt) << bad;
}

}  // namespace

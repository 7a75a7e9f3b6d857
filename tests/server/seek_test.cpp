// The lobby as plain data: the creation rate limit, the cap of open games, seeks, quick
// pairing and its widening range, direct challenges, and the rules that end games nobody
// plays (expiry, abandonment) on an OnlineGame. No threads, no network; times are passed in.
#include <gtest/gtest.h>

#include "server/lobby/seek_book.h"
#include "server/lobby/seek_challenges.h"
#include "server/lobby/seek_expiry.h"
#include "server/lobby/seek_limits.h"
#include "server/lobby/seek_pairing.h"
#include "server/lobby/seek_ratings.h"

using namespace yinsh;
using namespace yinsh::server;

namespace {

Seeker guest(const std::string& key, const std::string& address = "10.0.0.1") { return {key, address, key, std::nullopt, false, ""}; }
Seeker rated(const std::string& key, int rating) { return {key, "10.0.0." + key, key, rating, false, ""}; }
const GameKind kBlitz5{Variant::Normal, ClockSpec{300000, 3000}};
const GameKind kUntimed{};

}  // namespace

TEST(CreationLimiter, AllowsTheBurstThenRefusesWithTheWaitAndRefills) {
  SeekOptions o;
  o.create_per_minute = 6;  // one per 10 s
  o.create_burst = 3;
  CreationLimiter l(o);
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(l.take("a", 1000)) << i;
  int64_t retry = 0;
  EXPECT_FALSE(l.take("a", 1000, &retry));
  EXPECT_EQ(retry, 10000);
  EXPECT_TRUE(l.take("b", 1000)) << "another address has its own bucket";
  EXPECT_FALSE(l.take("a", 10999));
  EXPECT_TRUE(l.take("a", 11000));
  EXPECT_EQ(retry_text(10000), "try again in 10 s");
  SeekOptions off;
  off.create_per_minute = 0;
  CreationLimiter none(off);
  for (int i = 0; i < 1000; ++i) ASSERT_TRUE(none.take("a", 0));
}

TEST(OpenGames, CountsOnlyTheGamesStillOpenAndForgetsTheOthers) {
  OpenGames g;
  g.add("a", "g1");
  g.add("a", "g2");
  g.add("b", "g3");
  std::set<std::string> open = {"g1", "g2", "g3"};
  auto is_open = [&](const std::string& id) { return open.count(id) > 0; };
  EXPECT_EQ(g.count("a", is_open), 2);
  open.erase("g1");
  EXPECT_EQ(g.count("a", is_open), 1);
  EXPECT_EQ(g.count("nobody", is_open), 0);
  open.clear();
  g.prune(is_open);
  EXPECT_EQ(g.owners(), 0u);
}

TEST(SeekBook, CapsOpenSeeksPerKeyAndPerAddressCountingWaitingGames) {
  SeekBook b;
  EXPECT_FALSE(b.add({"s1", guest("c:1"), kBlitz5, false, std::nullopt, 0}, 3, 0));
  EXPECT_FALSE(b.add({"s2", guest("c:1"), kBlitz5, false, std::nullopt, 0}, 3, 0));
  auto e = b.add({"s3", guest("c:1"), kBlitz5, false, std::nullopt, 0}, 3, 1);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, "too_many_open");
  EXPECT_NE(e->message.find("at most 3"), std::string::npos) << e->message;
  // Another connection from the same address is capped too; another address is not.
  EXPECT_FALSE(b.add({"s4", guest("c:2"), kBlitz5, false, std::nullopt, 0}, 3, 0));
  EXPECT_TRUE(b.add({"s5", guest("c:3"), kBlitz5, false, std::nullopt, 0}, 3, 0));
  EXPECT_FALSE(b.add({"s6", guest("c:4", "10.0.0.2"), kBlitz5, false, std::nullopt, 0}, 3, 0));
  EXPECT_EQ(b.seeks().size(), 4u);
  EXPECT_EQ(b.remove_connection("c:1"), 2);
  EXPECT_EQ(b.count_address("10.0.0.1"), 1);
}

TEST(SeekBook, RatedSeeksNeedAccountsAndRangesCountGuestsAs1500) {
  SeekBook b;
  auto e = b.add({"s1", guest("c:1"), kBlitz5, true, std::nullopt, 0}, 5, 0);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, "not_allowed");
  EXPECT_EQ(e->params, json({{"reason", "rated_needs_account"}})) << "clients word the refusal by its reason";
  EXPECT_FALSE(b.add({"s2", rated("a:1", 1500), kBlitz5, true, RatingRange{1400, 1600}, 0}, 5, 0));
  EXPECT_FALSE(b.add({"s3", rated("a:2", 1500), kBlitz5, false, RatingRange{1400, 1600}, 0}, 5, 0));
  const Seek& rated_seek = *b.find("s2");
  const Seek& casual = *b.find("s3");
  EXPECT_TRUE(b.acceptable(rated_seek, guest("c:9"))) << "a guest cannot take a rated seek";
  EXPECT_FALSE(b.acceptable(rated_seek, rated("a:3", 1550)));
  ASSERT_TRUE(b.acceptable(rated_seek, rated("a:4", 1700)));
  EXPECT_EQ(b.acceptable(rated_seek, rated("a:4", 1700))->code, "out_of_range");
  EXPECT_NE(b.acceptable(rated_seek, rated("a:4", 1700))->message.find("outside"), std::string::npos);
  EXPECT_FALSE(b.acceptable(casual, guest("c:9"))) << "a guest counts as 1500: in range";
  EXPECT_FALSE(b.add({"s6", rated("a:6", 1900), kBlitz5, false, RatingRange{1800, 2000}, 0}, 5, 0));
  auto out = b.acceptable(*b.find("s6"), guest("c:9"));
  ASSERT_TRUE(out) << "a guest counts as 1500: out of range";
  EXPECT_EQ(out->code, "out_of_range");
  EXPECT_NE(out->message.find("guest's rating 1500"), std::string::npos) << out->message;
  EXPECT_EQ(out->params, json({{"rating", 1500}, {"min", 1800}, {"max", 2000}}));
  ASSERT_TRUE(b.acceptable(casual, rated("a:2", 1500))) << "one's own seek";
  EXPECT_EQ(b.acceptable(casual, rated("a:2", 1500))->params["reason"], "own_seek");
  EXPECT_TRUE(b.add({"s4", rated("a:5", 1500), kBlitz5, false, RatingRange{1600, 1400}, 0}, 5, 0));
}

TEST(SeekBook, SeeksExpireAndAreShownWithTheirOwner) {
  SeekBook b;
  b.add({"s1", guest("c:1"), kBlitz5, false, std::nullopt, 1000}, 0, 0);
  b.add({"s2", guest("c:2", "x"), kUntimed, false, std::nullopt, 5000}, 0, 0);
  EXPECT_EQ(b.expire(1000 + 3999, 4000), 0);
  EXPECT_EQ(b.expire(1000 + 4000, 4000), 1);
  ASSERT_EQ(b.seeks().size(), 1u);
  const json j = to_json(*b.find("s2"), true);
  EXPECT_EQ(j["id"], "s2");
  EXPECT_EQ(j["variant"], "normal");
  EXPECT_TRUE(j["clock"].is_null());
  EXPECT_EQ(j["mine"], true);
  EXPECT_FALSE(j.contains("rating"));
  EXPECT_EQ(b.expire(1 << 30, 0), 0) << "0: seeks do not expire";
}

TEST(PairingPool, GuestsCountAs1500AndRatedMeetsRatedOnly) {
  PairingPool p;
  p.add({rated("a:1", 1900), kBlitz5, 0});
  p.add({guest("c:1"), kBlitz5, 0});
  EXPECT_TRUE(p.match(0).empty()) << "400 apart";
  EXPECT_EQ(p.match(30000).size(), 1u) << "400 allowed after 30 s";
  p.add({rated("a:2", 1500), kBlitz5, 0, true});
  p.add({rated("a:3", 1500), kBlitz5, 0, false});
  EXPECT_TRUE(p.match(0).empty()) << "a rated request meets rated ones only";
  p.add({rated("a:4", 1510), kBlitz5, 0, true});
  auto pairs = p.match(0);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].first.who.key, "a:2");
  EXPECT_EQ(pairs[0].second.who.key, "a:4");
  EXPECT_TRUE(pairs[0].first.rated);
  EXPECT_FALSE(p.remove_connection("c:other")) << "another connection's";
  EXPECT_TRUE(p.remove_connection("a:3")) << "made on the key's own connection";
}

TEST(LobbyRatings, ShowsTheRatingOfTheSeeksCategoryAndMovesAfterARatedGame) {
  LobbyRatings r;
  EXPECT_EQ(r.of("7", kBlitz5).rating, 1500) << "unknown: 1500?";
  EXPECT_TRUE(r.of("7", kBlitz5).provisional);
  r.set("7", {{rating::Category::Blitz, 1712.4, 80}, {rating::Category::Untimed, 1400, 200}});
  EXPECT_EQ(r.of("7", kBlitz5).rating, 1712);
  EXPECT_FALSE(r.of("7", kBlitz5).provisional);
  EXPECT_EQ(r.of("7", kUntimed).rating, 1400);
  EXPECT_TRUE(r.of("7", kUntimed).provisional);
  EXPECT_EQ(r.of("7", GameKind{Variant::Blitz, std::nullopt}).rating, 1500) << "no blitz-variant game yet";
  RatedGame g;
  g.category = rating::Category::Blitz;
  g.change[0] = RatingChange{"7", 1712, 1730, 79, false};
  g.change[1] = RatingChange{"8", 1500, 1480, 300, true};  // not connected: not kept
  r.update(g);
  EXPECT_EQ(r.of("7", kBlitz5).rating, 1730);
  EXPECT_EQ(r.accounts(), 1u);
  r.forget("7");
  EXPECT_EQ(r.accounts(), 0u);
  Seeker s = rated("a:7", 1730);
  s.provisional = true;
  const json j = to_json(Seek{"s1", s, kBlitz5, true, std::nullopt, 0}, false);
  EXPECT_EQ(j["rating"], 1730);
  EXPECT_EQ(j["provisional"], true);
}

TEST(PairingPool, TheAllowedGapWidensWithTheWait) {
  EXPECT_EQ(PairingPool::allowed_gap(0), 100);
  EXPECT_EQ(PairingPool::allowed_gap(4999), 100);
  EXPECT_EQ(PairingPool::allowed_gap(5000), 150);
  EXPECT_EQ(PairingPool::allowed_gap(30000), 400);
  EXPECT_EQ(PairingPool::allowed_gap(59999), 650);
  EXPECT_EQ(PairingPool::allowed_gap(60000), std::nullopt);
}

TEST(PairingPool, GuestsArePairedAtOnceWithTheSameKindOnly) {
  PairingPool p;
  p.add({guest("c:1"), kBlitz5, 0});
  p.add({guest("c:2"), kUntimed, 0});
  EXPECT_TRUE(p.match(0).empty());
  p.add({guest("c:3"), kBlitz5, 10});
  p.add({guest("c:4"), kBlitz5, 20});
  auto pairs = p.match(20);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].first.who.key, "c:1");
  EXPECT_EQ(pairs[0].second.who.key, "c:3") << "the one waiting longest";
  EXPECT_EQ(p.size(), 2u);
  EXPECT_TRUE(p.find("c:4"));
  p.add({guest("c:4"), kUntimed, 30});  // changes its mind: one request per key
  EXPECT_EQ(p.size(), 2u);
  ASSERT_EQ(p.match(30).size(), 1u);
  EXPECT_EQ(p.size(), 0u);
}

TEST(PairingPool, RatedPlayersMeetTheClosestOnceTheRangeAllowsIt) {
  PairingPool p;
  p.add({rated("a", 1500), kBlitz5, 0});
  p.add({rated("b", 1800), kBlitz5, 0});
  EXPECT_TRUE(p.match(0).empty()) << "300 apart, 100 allowed";
  EXPECT_TRUE(p.match(19999).empty()) << "250 allowed after 15 s";
  ASSERT_EQ(p.match(20000).size(), 1u) << "300 allowed after 20 s";

  p.add({rated("a", 1500), kBlitz5, 0});
  p.add({rated("b", 1580), kBlitz5, 0});
  p.add({rated("c", 1520), kBlitz5, 0});
  auto pairs = p.match(0);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].first.who.key, "a");
  EXPECT_EQ(pairs[0].second.who.key, "c") << "the closest rating, not the longest wait";
  p.add({guest("g"), kBlitz5, 1});
  pairs = p.match(1);
  ASSERT_EQ(pairs.size(), 1u) << "a guest counts as 1500: 80 from b";
  EXPECT_EQ(pairs[0].first.who.key, "b");
  p.add({rated("d", 1000), kBlitz5, 0});
  EXPECT_EQ(p.expire(1000, 1000), 1);
  EXPECT_EQ(p.size(), 0u);
}

TEST(ChallengeBook, ChallengesByNameWithCapsAndNoSelfChallenge) {
  ChallengeBook b;
  const Seeker alice{"c:1", "x", "Alice", std::nullopt, false, ""};
  EXPECT_TRUE(b.add({"c1", alice, "alice", kBlitz5, false, 0, "", std::nullopt}, 2)) << "oneself";
  EXPECT_TRUE(b.add({"c1", alice, "bob", kBlitz5, true, 0, "", std::nullopt}, 2)) << "rated needs an account";
  EXPECT_FALSE(b.add({"c1", alice, "bob", kBlitz5, false, 0, "", std::nullopt}, 2));
  EXPECT_FALSE(b.add({"c2", alice, "Carol", kUntimed, false, 10, "", std::nullopt}, 2));
  auto e = b.add({"c3", alice, "dave", kUntimed, false, 0, "", std::nullopt}, 2);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, "too_many_open");
  ASSERT_EQ(b.sent_to("c:9", "BOB").size(), 1u);
  EXPECT_EQ(b.sent_to("c:9", "BOB")[0]->id, "c1");
  EXPECT_TRUE(b.sent_to("a:9", "BOB").empty()) << "an account named bob is not the guest challenged";
  EXPECT_EQ(b.sent_by("c:1").size(), 2u);
  const json j = to_json(*b.find("c2"), true);
  EXPECT_EQ(j["from"], "Alice");
  EXPECT_EQ(j["to"], "Carol");
  EXPECT_EQ(j["outgoing"], true);
  EXPECT_EQ(j["color"], "random") << "no colour asked: drawn when accepted";
  EXPECT_EQ(b.expire(5, 5), 1);
  EXPECT_EQ(b.remove_connection("c:1"), 1);
  EXPECT_TRUE(b.empty());
}

// The challenger's colour is shown and travels to the site's other servers with the row.
TEST(ChallengeBook, AChallengersColourIsShownAndCarriedByItsSiteRow) {
  const Seeker alice{"a:1", "x", "Alice", 1500, true, "c:1", ""};
  for (const std::optional<Color> color : {std::optional<Color>(WHITE), std::optional<Color>(BLACK),
                                           std::optional<Color>()}) {
    Challenge c{"c5", alice, "bob", kBlitz5, false, 7, "a:2", color};
    const std::string name = color ? (*color == WHITE ? "white" : "black") : "random";
    EXPECT_EQ(to_json(c, false)["color"], name);
    const auto back = challenge_from_row(challenge_row(c), "server-b");
    ASSERT_TRUE(back) << challenge_row(c).dump();
    EXPECT_EQ(back->color, color) << name;
    EXPECT_EQ(back->from.server, "server-b");
  }
  json row = challenge_row(Challenge{"c6", alice, "bob", kBlitz5, false, 7, "a:2", WHITE});
  row["color"] = "green";
  EXPECT_FALSE(challenge_from_row(row, "server-b")) << "a colour that is none is no challenge";
}

// A challenger that is a bot account is shown as one, here and on the site's other servers; a
// row put by a server that did not carry the mark reads as no bot.
TEST(ChallengeBook, ABotChallengerIsMarkedAndItsSiteRowCarriesTheMark) {
  for (const bool bot : {true, false}) {
    const Seeker from{"a:1", "x", bot ? "RoboA" : "Alice", 1500, false, "c:1", "", bot};
    const Challenge c{"c7", from, "bob", kBlitz5, false, 7, "a:2", std::nullopt};
    EXPECT_EQ(to_json(c, false)["bot"], bot);
    EXPECT_EQ(to_json(c, true)["bot"], bot);
    const auto back = challenge_from_row(challenge_row(c), "server-b");
    ASSERT_TRUE(back) << challenge_row(c).dump();
    EXPECT_EQ(back->from.bot, bot);
    EXPECT_EQ(to_json(*back, false)["bot"], bot) << "shown on the other server as on this one";
  }
  json row = challenge_row(Challenge{"c8", Seeker{"a:1", "x", "RoboA", 1500, false, "c:1", "", true}, "bob", kBlitz5,
                                     false, 7, "a:2", std::nullopt});
  row.erase("bot");
  const auto old = challenge_from_row(row, "server-b");
  ASSERT_TRUE(old) << row.dump();
  EXPECT_FALSE(old->from.bot);
}

namespace {

// A game with both seats taken (by people), started at `at` when `start`.
OnlineGame two_player_game(std::optional<ClockSpec> clock, int64_t at, bool start) {
  OnlineGame g(GameMeta{"abcdefabcdef", Variant::Normal, clock, at});
  auto apply = [&](Outcome o) {
    ASSERT_TRUE(o.ok()) << o.error.message;
    o.event->version = g.version() + 1;
    g.apply(*o.event);
  };
  apply(g.join("ann", WHITE, "t1", at));
  if (!start) return g;
  apply(g.join("ben", BLACK, "t2", at));
  apply(g.start(at));
  return g;
}

}  // namespace

TEST(LobbyRules, AWaitingGameExpiresWithItsReason) {
  SeekOptions o;
  o.expiry_ms = 1000;
  OnlineGame g = two_player_game(std::nullopt, 5000, false);
  EXPECT_EQ(lobby_deadline(g, o), 6000);
  EXPECT_FALSE(lobby_due(g, o, 5999).ok());
  Outcome out = lobby_due(g, o, 6000);
  ASSERT_TRUE(out.ok());
  out.event->version = g.version() + 1;
  g.apply(*out.event);
  EXPECT_EQ(g.status(), Status::Aborted);
  EXPECT_EQ(g.result()->reason, "expired");
  // The event's stored form reads back the same.
  EXPECT_EQ(write_event(read_event(write_event(*out.event), 1)), write_event(*out.event));
  o.expiry_ms = 0;
  EXPECT_EQ(lobby_deadline(two_player_game(std::nullopt, 5000, false), o), std::nullopt);
}

TEST(LobbyRules, AnIdleUntimedGameIsLostByThePlayerToMove) {
  SeekOptions o;
  o.untimed_idle_ms = 1000;
  OnlineGame g = two_player_game(std::nullopt, 5000, true);
  EXPECT_EQ(lobby_deadline(g, o), 6000);
  Outcome out = lobby_due(g, o, 6000);
  ASSERT_TRUE(out.ok());
  const auto& over = std::get<ev::GameOver>(out.event->body);
  EXPECT_EQ(over.result.reason, "abandoned");
  EXPECT_EQ(over.result.winner, BLACK) << "white was to move";
  EXPECT_EQ(over.result.score, "0-1");
  EXPECT_EQ(lobby_deadline(two_player_game(ClockSpec{60000, 0}, 5000, true), o), std::nullopt) << "timed: claims instead";
}

TEST(LobbyRules, AnAbsentOpponentOfATimedGameCanBeClaimedAfterTheGrace) {
  SeekOptions o;
  o.claim_grace_ms = 60000;
  OnlineGame g = two_player_game(ClockSpec{600000, 0}, 1000, true);
  EXPECT_EQ(claim_abandoned(g, WHITE, false, std::nullopt, o, 2000).error.message, "your opponent is connected");
  const Outcome early = claim_abandoned(g, WHITE, false, 1000, o, 31000);
  ASSERT_FALSE(early.ok());
  EXPECT_NE(early.error.message.find("in 30 s"), std::string::npos) << early.error.message;
  Outcome win = claim_abandoned(g, WHITE, false, 1000, o, 61000);
  ASSERT_TRUE(win.ok());
  EXPECT_EQ(std::get<ev::GameOver>(win.event->body).result, (GameResult{"1-0", WHITE, "abandoned"}));
  Outcome draw = claim_abandoned(g, BLACK, true, 1000, o, 61000);
  ASSERT_TRUE(draw.ok());
  EXPECT_EQ(std::get<ev::GameOver>(draw.event->body).result, (GameResult{"1/2-1/2", std::nullopt, "abandoned"}));
  EXPECT_FALSE(claim_abandoned(two_player_game(std::nullopt, 1000, true), WHITE, false, 0, o, 1 << 30).ok())
      << "untimed games end by themselves";
  EXPECT_FALSE(claim_abandoned(two_player_game(ClockSpec{600000, 0}, 1000, false), WHITE, false, 0, o, 1 << 30).ok())
      << "not started";
}

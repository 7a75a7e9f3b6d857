// The puzzle-rating endpoints over real sockets (in-process server on SQLite): a solve raises
// the account's rating and a failure lowers it, a double submission counts once (also when
// posted from several tabs at once), and unknown puzzles, malformed bodies, guests, wrong
// methods and cross-site POSTs are refused with a clear 4xx and nothing changed; the server
// judges the posted line itself (a claim of `solved` is refused, an illegal line changes
// nothing, a wrong line fails); the player page shows the rating.
#include <future>
#include <set>

#include "account_helpers.h"

using namespace yinsh;
using namespace yinsh::test;
namespace http = boost::beast::http;

namespace {

// Lines of the committed set (web/src/static/puzzles.json): p0001 and p0003 are `win`
// puzzles; `kMiss1` is p0001's `other` line (the engine's best alternative, no ring won) and
// `kMiss2` p0002's (its solver falls behind).
const json kSolve1 = {"f8-f6", "xf7-j7", "xi11"};
const json kMiss1 = {"f8-f9", "i8-g6", "f9-d7", "b5-e5", "k8-e8", "g6-g9"};
const json kMiss2 = {"e7-f8", "d5-j5", "xc5-g5", "xj5"};
const json kSolve3 = {"j7-k7", "f2-f3", "k7-k8", "xg3-k7", "xa4"};
// p0004 left at once, and an answer (e6-c6) that hands the solver a ring where the engine's
// answer keeps it: a ring won by the rules alone, a forgery to the referee (such lines are
// found by PuzzleJudge.AnAnswerOffTheSolutionThatHandsOverARingIsNotASolve).
const json kForged4 = {"c2-a2", "e6-c6", "i4-g4", "xi4-i8", "xa2"};

class PuzzleHttpTest : public AccountServerTest {
 protected:
  HttpResult attempt(const std::string& session, const json& body, Headers headers = {}) {
    if (!session.empty()) headers.emplace_back("Cookie", std::string(server::kSessionCookie) + "=" + session);
    return http_request(port_, http::verb::post, "/api/account/puzzles/attempts", body.dump(), headers);
  }
  json puzzles(const std::string& session) {
    auto r = http_request(port_, http::verb::get, "/api/account/puzzles", "", cookie(session));
    EXPECT_EQ(r.status, 200) << r.text;
    return r.body;
  }
};

TEST_F(PuzzleHttpTest, SolvingRaisesTheRatingFailingLowersItAndADoubleSubmissionCountsOnce) {
  const std::string ann = account(port_, "ann");
  const json fresh = puzzles(ann);
  EXPECT_EQ(fresh["rating"], 1200);
  EXPECT_EQ(fresh["attempts"], 0);
  EXPECT_EQ(fresh["provisional"], true);
  EXPECT_EQ(fresh["recent"], json::array());
  EXPECT_EQ(fresh["done"], json::object());

  auto solved = attempt(ann, {{"puzzle", "p0001"}, {"line", kSolve1}});
  ASSERT_EQ(solved.status, 200) << solved.text;
  EXPECT_EQ(solved.body["counted"], true);
  EXPECT_EQ(solved.body["attempt"]["before"], 1200);
  EXPECT_GT(solved.body["attempt"]["diff"].get<int>(), 0) << solved.body;
  const int up = solved.body["rating"]["rating"];
  EXPECT_EQ(up, solved.body["attempt"]["after"].get<int>());

  auto twice = attempt(ann, {{"puzzle", "p0001"}, {"line", kSolve1}});
  ASSERT_EQ(twice.status, 200) << twice.text;
  EXPECT_EQ(twice.body["counted"], false);
  EXPECT_EQ(twice.body["rating"]["rating"], up);
  EXPECT_EQ(twice.body["rating"]["attempts"], 1);
  // A retry that now fails is not rated either: only the first attempt at a puzzle counts.
  auto retry = attempt(ann, {{"puzzle", "p0001"}, {"line", kMiss1}});
  EXPECT_EQ(retry.body["counted"], false);
  EXPECT_EQ(retry.body["attempt"]["solved"], true);

  auto failed = attempt(ann, {{"puzzle", "p0002"}, {"line", kMiss2}});
  ASSERT_EQ(failed.status, 200) << failed.text;
  EXPECT_EQ(failed.body["counted"], true);
  EXPECT_EQ(failed.body["attempt"]["before"], up);
  EXPECT_LT(failed.body["rating"]["rating"].get<int>(), up);

  const json now = puzzles(ann);
  EXPECT_EQ(now["attempts"], 2);
  EXPECT_EQ(now["solved"], 1);
  EXPECT_EQ(now["done"], json({{"p0001", "solved"}, {"p0002", "failed"}}));
  ASSERT_EQ(now["recent"].size(), 2u);
  EXPECT_EQ(now["recent"][0]["puzzle"], "p0002") << "newest first";
  // The player page shows it; another account's is its own.
  auto page = http_request(port_, http::verb::get, "/api/players/ann");
  ASSERT_EQ(page.status, 200) << page.text;
  EXPECT_EQ(page.body["puzzles"]["rating"], now["rating"]);
  EXPECT_EQ(page.body["puzzles"]["attempts"], 2);
  account(port_, "bea");
  EXPECT_TRUE(http_request(port_, http::verb::get, "/api/players/bea").body["puzzles"].is_null());
}

TEST_F(PuzzleHttpTest, BadInputGuestsAndCrossSitePostsAreRefusedAndChangeNothing) {
  const std::string cid = account(port_, "cid");
  struct Case {
    json body;
    int status;
    std::string code;
  };
  const std::vector<Case> cases = {
      {{{"puzzle", "p9999"}, {"line", kSolve1}}, 400, "unknown_puzzle"},
      {{{"puzzle", "../p0001"}, {"line", kSolve1}}, 400, "unknown_puzzle"},
      {{{"puzzle", "p0001"}}, 400, "bad_request"},
      {{{"puzzle", "p0001"}, {"line", "f8-f6"}}, 400, "bad_request"},
      {{{"puzzle", "p0001"}, {"line", {1, 2}}}, 400, "bad_request"},
      {{{"puzzle", "p0001"}, {"line", {""}}}, 400, "bad_request"},
      {{{"puzzle", "p0001"}, {"line", {std::string(40, 'x')}}}, 400, "bad_request"},
      {{{"puzzle", "p0001"}, {"line", json(std::vector<std::string>(65, "f8-f6"))}}, 400, "bad_request"},
      {{{"puzzle", 1}, {"line", kSolve1}}, 400, "bad_request"},
      {{{"puzzle", std::string(100, 'p')}, {"line", kSolve1}}, 400, "bad_request"},
      {json::array(), 400, "bad_json"},
  };
  for (const auto& c : cases) {
    auto r = attempt(cid, c.body);
    EXPECT_EQ(r.status, c.status) << c.body << " " << r.text;
    EXPECT_EQ(r.body["error"]["code"], c.code) << c.body;
  }
  auto text = http_request(port_, http::verb::post, "/api/account/puzzles/attempts", "{not json", cookie(cid));
  EXPECT_EQ(text.status, 400);
  // A guest has no account to rate.
  auto guest = attempt("", {{"puzzle", "p0001"}, {"line", kSolve1}});
  EXPECT_EQ(guest.status, 401);
  EXPECT_EQ(guest.body["error"]["code"], "not_logged_in");
  EXPECT_EQ(http_request(port_, http::verb::get, "/api/account/puzzles").status, 401);
  // Another site's page cannot submit for the cookie's owner.
  auto evil = attempt(cid, {{"puzzle", "p0001"}, {"line", kSolve1}}, {{"Origin", "https://evil.example"}});
  EXPECT_EQ(evil.status, 403);
  EXPECT_EQ(evil.body["error"]["code"], "origin_refused");
  // Wrong methods.
  EXPECT_EQ(http_request(port_, http::verb::get, "/api/account/puzzles/attempts", "", cookie(cid)).status, 405);
  EXPECT_EQ(http_request(port_, http::verb::post, "/api/account/puzzles", "{}", cookie(cid)).status, 405);
  const json after = puzzles(cid);
  EXPECT_EQ(after["attempts"], 0);
  EXPECT_EQ(after["rating"], 1200);
  EXPECT_EQ(after["done"], json::object());
  // The same origin may.
  const std::string self = "127.0.0.1:" + std::to_string(port_);
  auto same = attempt(cid, {{"puzzle", "p0001"}, {"line", kSolve1}}, {{"Origin", "http://" + self}, {"Host", self}});
  EXPECT_EQ(same.status, 200) << same.text;
  EXPECT_EQ(puzzles(cid)["attempts"], 1);
}

// Issue 68: ten posts of `solved: true` once moved a rating from 1200 to 2047. The server now
// replays the posted line through the rules core: a claim without a line, garbage and an
// illegal line are refused and change nothing, a wrong line is a failure, and only the line
// that reaches the goal raises the rating.
TEST_F(PuzzleHttpTest, TheServerReplaysTheLineAndOnlyTheRightOneRaisesTheRating) {
  const std::string eve = account(port_, "eve");
  const auto rating = [&] { return puzzles(eve)["rating"].get<int>(); };
  struct Refused {
    json body;
    std::string code;
  };
  const std::vector<Refused> refused = {
      {{{"puzzle", "p0001"}, {"solved", true}}, "bad_request"},
      {{{"puzzle", "p0003"}, {"solved", true}, {"line", json::array({"garbage"})}}, "illegal_line"},
      {{{"puzzle", "p0003"}, {"line", {"a1-a2"}}}, "illegal_line"},           // no ring there
      {{{"puzzle", "p0001"}, {"line", {"f8-f6", "xi11"}}}, "illegal_line"},   // the row first
      {{{"puzzle", "p0003"}, {"line", {"j7-k7", "f2-f3", "k7-k8", "xg3-k7", "xa4", "f3-f4"}}}, "illegal_line"},
  };
  for (const auto& c : refused) {
    auto r = attempt(eve, c.body);
    EXPECT_EQ(r.status, 400) << c.body << " " << r.text;
    EXPECT_EQ(r.body["error"]["code"], c.code) << c.body << " " << r.text;
  }
  EXPECT_EQ(rating(), 1200);
  EXPECT_EQ(puzzles(eve)["attempts"], 0);

  // A wrong line (legal, no ring won) is a failure and lowers the rating.
  auto wrong = attempt(eve, {{"puzzle", "p0001"}, {"line", kMiss1}});
  ASSERT_EQ(wrong.status, 200) << wrong.text;
  EXPECT_EQ(wrong.body["counted"], true);
  EXPECT_EQ(wrong.body["attempt"]["solved"], false);
  const int down = rating();
  EXPECT_LT(down, 1200);
  // An empty line gives up: a failure too.
  auto none = attempt(eve, {{"puzzle", "p0002"}, {"line", json::array()}});
  ASSERT_EQ(none.status, 200) << none.text;
  EXPECT_EQ(none.body["attempt"]["solved"], false);
  EXPECT_LT(rating(), down);
  // A ring won off the solution by an answer the engine would not give: a failure too.
  const int before_forged = rating();
  auto forged = attempt(eve, {{"puzzle", "p0004"}, {"line", kForged4}});
  ASSERT_EQ(forged.status, 200) << forged.text;
  EXPECT_EQ(forged.body["counted"], true);
  EXPECT_EQ(forged.body["attempt"]["solved"], false);
  EXPECT_LT(rating(), before_forged);
  const int low = rating();

  // The right line is solved; the right line posted again for the failed puzzle counts nothing.
  auto right = attempt(eve, {{"puzzle", "p0003"}, {"line", kSolve3}});
  ASSERT_EQ(right.status, 200) << right.text;
  EXPECT_EQ(right.body["counted"], true);
  EXPECT_EQ(right.body["attempt"]["solved"], true);
  const int up = rating();
  EXPECT_GT(up, low);
  for (int i = 0; i < 10; ++i) {
    auto again = attempt(eve, {{"puzzle", "p0001"}, {"line", kSolve1}});
    EXPECT_EQ(again.body["counted"], false) << again.text;
  }
  EXPECT_EQ(rating(), up);
  EXPECT_EQ(puzzles(eve)["done"], json({{"p0001", "failed"}, {"p0002", "failed"}, {"p0003", "solved"}, {"p0004", "failed"}}));
}

TEST_F(PuzzleHttpTest, TheSameAttemptPostedFromSeveralTabsAtOnceCountsOnce) {
  const std::string dan = account(port_, "dan");
  std::vector<std::future<HttpResult>> posts;
  for (int i = 0; i < 6; ++i)
    posts.push_back(std::async(std::launch::async, [&] { return attempt(dan, {{"puzzle", "p0003"}, {"line", kSolve3}}); }));
  int counted = 0;
  std::set<int> ratings;
  for (auto& f : posts) {
    const auto r = f.get();
    ASSERT_EQ(r.status, 200) << r.text;
    counted += r.body["counted"].get<bool>() ? 1 : 0;
    ratings.insert(r.body["rating"]["rating"].get<int>());
  }
  EXPECT_EQ(counted, 1);
  EXPECT_EQ(ratings.size(), 1u) << "every answer shows the one rating";
  EXPECT_EQ(puzzles(dan)["attempts"], 1);
}

}  // namespace

// The puzzle-rating endpoints over real sockets (in-process server on SQLite): a solve raises
// the account's rating and a failure lowers it, a double submission counts once (also when
// posted from several tabs at once), and unknown puzzles, malformed bodies, guests, wrong
// methods and cross-site POSTs are refused with a clear 4xx and nothing changed; the player
// page shows the rating.
#include <future>
#include <set>

#include "account_helpers.h"

using namespace yinsh;
using namespace yinsh::test;
namespace http = boost::beast::http;

namespace {

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

  auto solved = attempt(ann, {{"puzzle", "p0001"}, {"solved", true}});
  ASSERT_EQ(solved.status, 200) << solved.text;
  EXPECT_EQ(solved.body["counted"], true);
  EXPECT_EQ(solved.body["attempt"]["before"], 1200);
  EXPECT_GT(solved.body["attempt"]["diff"].get<int>(), 0) << solved.body;
  const int up = solved.body["rating"]["rating"];
  EXPECT_EQ(up, solved.body["attempt"]["after"].get<int>());

  auto twice = attempt(ann, {{"puzzle", "p0001"}, {"solved", true}});
  ASSERT_EQ(twice.status, 200) << twice.text;
  EXPECT_EQ(twice.body["counted"], false);
  EXPECT_EQ(twice.body["rating"]["rating"], up);
  EXPECT_EQ(twice.body["rating"]["attempts"], 1);
  // A retry that now fails is not rated either: only the first attempt at a puzzle counts.
  auto retry = attempt(ann, {{"puzzle", "p0001"}, {"solved", false}});
  EXPECT_EQ(retry.body["counted"], false);
  EXPECT_EQ(retry.body["attempt"]["solved"], true);

  auto failed = attempt(ann, {{"puzzle", "p0002"}, {"solved", false}});
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
      {{{"puzzle", "p9999"}, {"solved", true}}, 400, "unknown_puzzle"},
      {{{"puzzle", "../p0001"}, {"solved", true}}, 400, "unknown_puzzle"},
      {{{"puzzle", "p0001"}}, 400, "bad_request"},
      {{{"puzzle", "p0001"}, {"solved", "yes"}}, 400, "bad_request"},
      {{{"puzzle", 1}, {"solved", true}}, 400, "bad_request"},
      {{{"puzzle", std::string(100, 'p')}, {"solved", true}}, 400, "bad_request"},
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
  auto guest = attempt("", {{"puzzle", "p0001"}, {"solved", true}});
  EXPECT_EQ(guest.status, 401);
  EXPECT_EQ(guest.body["error"]["code"], "not_logged_in");
  EXPECT_EQ(http_request(port_, http::verb::get, "/api/account/puzzles").status, 401);
  // Another site's page cannot submit for the cookie's owner.
  auto evil = attempt(cid, {{"puzzle", "p0001"}, {"solved", true}}, {{"Origin", "https://evil.example"}});
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
  auto same = attempt(cid, {{"puzzle", "p0001"}, {"solved", true}}, {{"Origin", "http://" + self}, {"Host", self}});
  EXPECT_EQ(same.status, 200) << same.text;
  EXPECT_EQ(puzzles(cid)["attempts"], 1);
}

TEST_F(PuzzleHttpTest, TheSameAttemptPostedFromSeveralTabsAtOnceCountsOnce) {
  const std::string dan = account(port_, "dan");
  std::vector<std::future<HttpResult>> posts;
  for (int i = 0; i < 6; ++i)
    posts.push_back(std::async(std::launch::async, [&] { return attempt(dan, {{"puzzle", "p0003"}, {"solved", true}}); }));
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

// Pictures and link previews of games: /game/ID.png (?turn=N), /game/ID.gif, and the Open
// Graph / Twitter meta tags in the HTML of /game/ID and /replay/ID.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/record.h"
#include "game_driver.h"
#include "server/pages/game_pages.h"
#include "server/server.h"
#include "test_server.h"

using namespace yinsh;
using namespace yinsh::test;
namespace http = boost::beast::http;

namespace {

class Pages : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::create_directories(dir_ / "web");
    std::ofstream(dir_ / "web" / "index.html") << "<!doctype html><html><head><title>YINSH</title></head><body></body></html>";
    server_ = start_test_server(test_server_options(dir_));
    ASSERT_TRUE(server_);
    port_ = server_->port();
  }
  void TearDown() override { server_.reset(); }
  HttpResult get(const std::string& target) { return http_request(port_, http::verb::get, target); }
  ScratchDir scratch_{"yinsh-pages"};
  const std::filesystem::path& dir_ = scratch_.path();
  std::unique_ptr<server::Server> server_;
  uint16_t port_ = 0;
};

}  // namespace

TEST_F(Pages, PreviewTagsPngAndGifOfAGame) {
  auto c = http_request(port_, http::verb::post, "/api/games", R"({"color":"white","name":"<b>\"Al\" & co"})");
  ASSERT_EQ(c.status, 201) << c.text;
  const std::string id = c.body["game"];
  auto j = http_request(port_, http::verb::post, "/api/games/" + id + "/join", R"({"name":"bob"})");
  Follower w(port_, id, c.body["token"]), b(port_, id, j.body["token"]);
  start_game(w, b, {&w, &b});
  std::mt19937 rng(3);
  play_random(w, b, {&w, &b}, rng, 14);  // 10 placements and 4 decisions of the move phase

  const auto page = get("/game/" + id);
  ASSERT_EQ(page.status, 200) << page.text;
  EXPECT_EQ(page.content_type, "text/html; charset=utf-8");
  // Before </head>, escaped: the name cannot break out of the attribute.
  const auto head_end = page.text.find("</head>");
  const auto og_title = page.text.find("<meta property=\"og:title\" content=\"&lt;b&gt;&quot;Al&quot; &amp; co vs bob - YINSH\">");
  EXPECT_NE(og_title, std::string::npos) << page.text;
  EXPECT_LT(og_title, head_end);
  EXPECT_EQ(page.text.find("<b>"), std::string::npos);
  EXPECT_NE(page.text.find("<meta property=\"og:image\" content=\"http://127.0.0.1:" + std::to_string(port_) + "/game/" + id + ".png\">"), std::string::npos);
  EXPECT_NE(page.text.find("<meta name=\"twitter:card\" content=\"summary_large_image\">"), std::string::npos);
  EXPECT_NE(page.text.find("in progress"), std::string::npos);
  const auto replay = get("/replay/" + id);
  EXPECT_NE(replay.text.find("content=\"http://127.0.0.1:" + std::to_string(port_) + "/replay/" + id + "\""), std::string::npos) << replay.text;

  const auto png = get("/game/" + id + ".png");
  ASSERT_EQ(png.status, 200) << png.text;
  EXPECT_EQ(png.content_type, "image/png");
  EXPECT_EQ(png.text.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  const auto start = get("/game/" + id + ".png?turn=0");
  ASSERT_EQ(start.status, 200);
  EXPECT_NE(start.text, png.text);
  EXPECT_EQ(get("/game/" + id + ".png?turn=14").text, png.text);  // 14 decisions, one per turn so far
  EXPECT_EQ(get("/game/" + id + ".png?turn=15").status, 400);
  EXPECT_EQ(get("/game/" + id + ".png?turn=x").status, 400);

  const auto gif = get("/game/" + id + ".gif");
  ASSERT_EQ(gif.status, 200) << gif.text;
  EXPECT_EQ(gif.content_type, "image/gif");
  EXPECT_EQ(gif.text.substr(0, 6), "GIF89a");
  EXPECT_NE(gif.text.find("NETSCAPE2.0"), std::string::npos);

  EXPECT_EQ(get("/game/zzzzzzzzzzzz.png").status, 404);
  const auto unknown = get("/game/zzzzzzzzzzzz");  // the UI's page, which says so, without tags
  EXPECT_EQ(unknown.status, 200);
  EXPECT_EQ(unknown.text.find("og:"), std::string::npos);
}

TEST(PreviewTags, WithoutAHeadTheTagsComeFirst) {
  const std::string html = server::with_preview_tags("<p>x</p>", "t", "d", "u", "i");
  EXPECT_EQ(html.find("<meta property=\"og:type\""), 0u);
  EXPECT_NE(html.find("<p>x</p>"), std::string::npos);
}

// The GIFs' drawing slots (GamePages: 2 for all, 1 per client address): one client asking for
// animation after animation never holds every slot.
TEST(ClientSlots, OneSlotPerClientTwoForAll) {
  using server::ClientSlots;
  ClientSlots d(2, 1);
  EXPECT_EQ(d.take("203.0.113.1"), ClientSlots::Take::Taken);
  EXPECT_EQ(d.take("203.0.113.1"), ClientSlots::Take::ClientFull) << "its one slot is taken";
  EXPECT_EQ(d.take("198.51.100.2"), ClientSlots::Take::Taken) << "another client has its own";
  EXPECT_EQ(d.take("192.0.2.3"), ClientSlots::Take::Full) << "both slots of the server are taken";
  EXPECT_EQ(d.in_use(), 2);
  d.give_back("203.0.113.1");
  EXPECT_EQ(d.take("192.0.2.3"), ClientSlots::Take::Taken);
  EXPECT_EQ(d.take("203.0.113.1"), ClientSlots::Take::Full);
  d.give_back("198.51.100.2");
  EXPECT_EQ(d.take("203.0.113.1"), ClientSlots::Take::Taken);
  d.give_back("203.0.113.1");
  d.give_back("192.0.2.3");
  EXPECT_EQ(d.in_use(), 0);
  d.wait_idle();  // none is in use: returns at once
}

// Browser defences on every response (net/security_headers.h): the Content-Security-Policy,
// nosniff, no framing, the Referrer-Policy; HSTS only over TLS (here: never over plain HTTP,
// not even when an untrusted client says X-Forwarded-Proto: https; tls_test.cpp checks it is
// there over TLS). And the Open Graph URLs of a game's page come from the configured public
// origin, whatever the Host header says.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "server/server.h"
#include "test_server.h"
#include "ws_client.h"

using namespace yinsh;
using namespace yinsh::test;
namespace http = boost::beast::http;

namespace {

class BrowserDefences : public ::testing::Test {
 protected:
  void start(const std::string& public_origin, std::vector<std::string> trusted = {}) {
    std::filesystem::create_directories(dir_ / "web");
    std::ofstream(dir_ / "web" / "index.html") << "<!doctype html><html><head><title>YINSH</title></head></html>";
    std::ofstream(dir_ / "web" / "app.js") << "console.log(1)";
    auto o = test_server_options(dir_);
    o.public_origin = public_origin;
    o.net.trusted_proxies = std::move(trusted);
    server_ = start_test_server(o);
    ASSERT_TRUE(server_);
    port_ = server_->port();
  }
  HttpResult get(const std::string& target, std::vector<std::pair<std::string, std::string>> h = {}) {
    return http_request(port_, http::verb::get, target, "", h);
  }
  static void expect_defences(const HttpResult& r, const std::string& what) {
    const std::string csp(r.headers["Content-Security-Policy"]);
    EXPECT_NE(csp.find("default-src 'self'"), std::string::npos) << what << ": " << csp;
    EXPECT_NE(csp.find("script-src 'self' 'wasm-unsafe-eval';"), std::string::npos) << what;
    EXPECT_EQ(csp.find("unsafe-inline"), std::string::npos) << what;
    EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << what;
    EXPECT_NE(csp.find("object-src 'none'"), std::string::npos) << what;
    EXPECT_EQ(r.headers["X-Content-Type-Options"], "nosniff") << what;
    EXPECT_EQ(r.headers["X-Frame-Options"], "DENY") << what;
    EXPECT_EQ(r.headers["Referrer-Policy"], "strict-origin-when-cross-origin") << what;
    EXPECT_EQ(r.headers.count("Strict-Transport-Security"), 0u) << what << ": plain HTTP";
  }
  ScratchDir scratch_{"yinsh-defences"};
  const std::filesystem::path& dir_ = scratch_.path();
  std::unique_ptr<server::Server> server_;
  uint16_t port_ = 0;
};

}  // namespace

TEST_F(BrowserDefences, EveryKindOfResponseCarriesThem) {
  start("");
  const auto page = get("/");
  EXPECT_EQ(page.status, 200);
  expect_defences(page, "index.html");
  expect_defences(get("/app.js"), "a static file");
  expect_defences(http_request(port_, http::verb::head, "/app.js"), "HEAD of a static file");
  expect_defences(get("/no-such-page"), "the UI's not-found page");
  expect_defences(get("/api/levels"), "the JSON API");
  expect_defences(get("/api/no-such"), "an API error");
  expect_defences(get("/healthz"), "health");
  expect_defences(get("/game/zzzzzzzzzzzz.png"), "a picture's 404");
  // A client that is no trusted proxy cannot ask for HSTS over plain HTTP.
  expect_defences(get("/", {{"X-Forwarded-Proto", "https"}}), "X-Forwarded-Proto from a client");
}

TEST_F(BrowserDefences, HstsWhenATrustedProxySaysTheClientUsedTls) {
  start("", {"127.0.0.1"});
  EXPECT_EQ(get("/", {{"X-Forwarded-Proto", "https"}}).headers["Strict-Transport-Security"], "max-age=31536000");
  EXPECT_EQ(get("/").headers.count("Strict-Transport-Security"), 0u);
}

TEST_F(BrowserDefences, OpenGraphUrlsComeFromThePublicOriginNotTheHostHeader) {
  start("https://yinsh.example.org/");
  auto c = http_request(port_, http::verb::post, "/api/games", R"({"color":"white","name":"al"})");
  ASSERT_EQ(c.status, 201) << c.text;
  const std::string id = c.body["game"];
  const auto page = get("/game/" + id, {{"Host", "evil.example"}, {"X-Forwarded-Proto", "http"}});
  ASSERT_EQ(page.status, 200);
  EXPECT_EQ(page.text.find("evil.example"), std::string::npos) << page.text;
  EXPECT_NE(page.text.find("<meta property=\"og:url\" content=\"https://yinsh.example.org/game/" + id + "\">"),
            std::string::npos)
      << page.text;
  EXPECT_NE(page.text.find("content=\"https://yinsh.example.org/game/" + id + ".png\""), std::string::npos);
}

TEST_F(BrowserDefences, WithoutAPublicOriginTheListeningAddressIsUsed) {
  start("");
  auto c = http_request(port_, http::verb::post, "/api/games", R"({"color":"white","name":"al"})");
  ASSERT_EQ(c.status, 201) << c.text;
  const std::string id = c.body["game"];
  const auto page = get("/replay/" + id, {{"Host", "evil.example"}});
  EXPECT_EQ(page.text.find("evil.example"), std::string::npos) << page.text;
  EXPECT_NE(page.text.find("content=\"http://127.0.0.1:" + std::to_string(port_) + "/replay/" + id + "\""),
            std::string::npos)
      << page.text;
}

TEST(PublicOrigin, AMalformedOneStopsTheServerFromStarting) {
  ScratchDir dir("yinsh-origin");
  std::filesystem::create_directories(dir / "web");
  for (const std::string bad : {"yinsh.example.org", "https://a.org/path", "https://a.org\"><script>", "ftp://a.org",
                                "https://", "https://user@a.org"}) {
    auto o = test_server_options(dir.path());
    o.public_origin = bad;
    server::Server srv(o);
    std::string error;
    EXPECT_FALSE(srv.start(&error)) << bad;
    EXPECT_NE(error.find("--public-origin"), std::string::npos) << error;
  }
}

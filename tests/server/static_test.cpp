// Static files: a precompressed NAME.gz written by the web build is sent with
// Content-Encoding: gzip when (and only when) the request accepts gzip; files without one,
// and a .gz older than its file, are sent as they are.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "server/server.h"
#include "test_server.h"
#include "ws_client.h"

using namespace yinsh;
using namespace yinsh::test;
namespace http = boost::beast::http;

namespace {

class StaticTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::create_directories(dir_ / "web");
    write("index.html", "<!doctype html><title>yinsh</title>");
    write("app.js", "console.log(1)");
    write("app.js.gz", "GZIP-BYTES");  // the server sends it as it is: it never unpacks
    write("app.css", "body{}");
    server_ = start_test_server(test_server_options(dir_));
    ASSERT_TRUE(server_);
  }
  void TearDown() override { server_.reset(); }
  void write(const std::string& name, const std::string& text) { std::ofstream(dir_ / "web" / name) << text; }
  HttpResult get(const std::string& path, const std::string& accept, http::verb verb = http::verb::get) {
    std::vector<std::pair<std::string, std::string>> h;
    if (!accept.empty()) h.emplace_back("Accept-Encoding", accept);
    return http_request(server_->port(), verb, path, "", h);
  }
  ScratchDir scratch_{"yinsh-static"};
  const std::filesystem::path& dir_ = scratch_.path();
  std::unique_ptr<server::Server> server_;
};

}  // namespace

TEST_F(StaticTest, ThePrecompressedFileGoesToBrowsersThatAcceptGzip) {
  for (const std::string accept : {"gzip", "gzip, deflate, br", "br;q=1.0, GZIP;q=0.5", "*"}) {
    const auto r = get("/app.js", accept);
    EXPECT_EQ(r.status, 200) << accept;
    EXPECT_EQ(r.text, "GZIP-BYTES") << accept;
    EXPECT_EQ(r.headers[http::field::content_encoding], "gzip") << accept;
    EXPECT_EQ(r.headers[http::field::vary], "Accept-Encoding") << accept;
    EXPECT_EQ(r.headers[http::field::content_type], "text/javascript; charset=utf-8") << accept;
  }
  // HEAD tells the same length and encoding.
  const auto head = get("/app.js", "gzip", http::verb::head);
  EXPECT_EQ(head.headers[http::field::content_encoding], "gzip");
  EXPECT_EQ(head.headers[http::field::content_length], "10");
}

TEST_F(StaticTest, OthersGetThePlainFile) {
  for (const std::string accept : {"", "identity", "br", "gzip;q=0", "gzip;q=0.000, br", "*;q=0", "gzipped"}) {
    const auto r = get("/app.js", accept);
    EXPECT_EQ(r.status, 200) << accept;
    EXPECT_EQ(r.text, "console.log(1)") << accept;
    EXPECT_EQ(r.headers.count(http::field::content_encoding), 0U) << accept;
    EXPECT_EQ(r.headers[http::field::vary], "Accept-Encoding") << accept;
  }
  // No .gz beside the file: plain, and no Vary.
  const auto css = get("/app.css", "gzip");
  EXPECT_EQ(css.text, "body{}");
  EXPECT_EQ(css.headers.count(http::field::content_encoding), 0U);
  EXPECT_EQ(css.headers.count(http::field::vary), 0U);
  // The page routes still get index.html.
  EXPECT_NE(get("/analysis", "gzip").text.find("<title>yinsh"), std::string::npos);
}

TEST_F(StaticTest, AStaleGzIsIgnored) {
  const auto js = dir_ / "web" / "app.js";
  std::filesystem::last_write_time(dir_ / "web" / "app.js.gz",
                                   std::filesystem::last_write_time(js) - std::chrono::hours(1));
  const auto r = get("/app.js", "gzip");
  EXPECT_EQ(r.text, "console.log(1)");
  EXPECT_EQ(r.headers.count(http::field::content_encoding), 0U);
}

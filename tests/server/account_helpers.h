// What the accounts and ratings tests share: an in-process server on a fresh SQLite file, and
// registering an account to get its session cookie.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "game_driver.h"
#include "server/accounts/accounts_api.h"
#include "server/server.h"

namespace yinsh::test {

using Headers = std::vector<std::pair<std::string, std::string>>;

inline Headers cookie(const std::string& token) {
  return {{"Cookie", std::string(server::kSessionCookie) + "=" + token}};
}

// The session token a reply's Set-Cookie carries ("" without one).
inline std::string token_of(const HttpResult& r) {
  const std::string c(r.headers[beast::http::field::set_cookie]);
  return server::cookie_value(c.substr(0, c.find(';')), server::kSessionCookie);
}

// Registers `name`; its session token.
inline std::string account(uint16_t port, const std::string& name, const std::string& password = "correct horse") {
  auto r = http_request(port, beast::http::verb::post, "/api/account/register",
                        json{{"name", name}, {"password", password}}.dump());
  EXPECT_EQ(r.status, 201) << r.text;
  return token_of(r);
}

// A server in this process on a fresh SQLite file (AI moves in 5 ms, no rate limits).
class AccountServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("yinsh-acc-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    options_.port = 0;
    options_.db = (dir_ / "games.db").string();
    options_.web_root = (dir_ / "web").string();
    options_.log_level = "warn";
    options_.hub.ai_movetime_ms = 5;
    options_.hub.rate_per_second = options_.hub.rate_burst = 100000;
    options_.net.http_rate = options_.net.http_burst = 100000;
    options_.accounts.registrations_per_hour = 0;  // the tests register many accounts from 127.0.0.1
    server_ = std::make_unique<server::Server>(options_);
    std::string error;
    ASSERT_TRUE(server_->start(&error)) << error;
    port_ = server_->port();
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove_all(dir_);
  }
  std::filesystem::path dir_;
  server::ServerOptions options_;
  std::unique_ptr<server::Server> server_;
  uint16_t port_ = 0;
};

// The same server, with the calls of the API-token and bot tests: any request, a Bearer
// header, a new token.
class TokenServerTest : public AccountServerTest {
 protected:
  HttpResult call(beast::http::verb verb, const std::string& path, const json& body = nullptr, Headers headers = {}) {
    return http_request(port_, verb, path, body.is_null() ? "" : body.dump(), headers);
  }
  static Headers bearer(const std::string& token) { return {{"Authorization", "Bearer " + token}}; }
  // A new token of the account with session `session`: its secret (and its id in `*id`).
  std::string token(const std::string& session, const json& scopes, std::string* id = nullptr) {
    auto r = call(beast::http::verb::post, "/api/account/tokens", {{"description", "my engine"}, {"scopes", scopes}},
                  cookie(session));
    EXPECT_EQ(r.status, 201) << r.text;
    if (id) *id = r.body["token"]["id"];
    return r.body["token"].value("secret", "");
  }
};

}  // namespace yinsh::test

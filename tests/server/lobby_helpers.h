// The lobby's integration tests' harness: an in-process server on a fresh SQLite file with the
// lobby's options (restartable), and a connection following the lobby.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <thread>

#include "game_driver.h"
#include "server/server.h"

namespace yinsh::test {

namespace http = boost::beast::http;

class LobbyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("yinsh-lobby-" + std::to_string(getpid()) + "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    seeks.create_per_minute = 100000;
    seeks.create_burst = 100000;
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove_all(dir_);
  }
  void start() {
    server_.reset();
    server::ServerOptions o;
    o.net.trusted_proxies = trusted_proxies;
    o.port = 0;
    o.db = (dir_ / "games.db").string();
    o.web_root = dir_.string();
    o.hub.ai_movetime_ms = 5;
    o.hub.sweep_interval_ms = 20;
    o.hub.seeks = seeks;
    o.hub.session_check_ms = session_check_ms;
    o.accounts.registrations_per_hour = 0;  // the tests register many accounts from 127.0.0.1
    o.log_level = "warn";
    server_ = std::make_unique<server::Server>(o);
    std::string error;
    ASSERT_TRUE(server_->start(&error)) << error;
    port_ = server_->port();
  }
  HttpResult create(const json& body = {{"name", "alice"}}) {
    return http_request(port_, http::verb::post, "/api/games", body.dump());
  }
  size_t waiting_listed() {
    return http_request(port_, http::verb::get, "/api/games?status=waiting").body["games"].size();
  }
  // Polls `f` every 20 ms until it holds (at most 20 s).
  template <class F>
  bool eventually(F f) {
    for (int i = 0; i < 1000; ++i) {
      if (f()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
  }
  server::SeekOptions seeks;
  int64_t session_check_ms = 1000;
  std::vector<std::string> trusted_proxies;
  std::filesystem::path dir_;
  std::unique_ptr<server::Server> server_;
  uint16_t port_ = 0;
};

// A connection following the lobby under a name.
// `headers`: sent with the upgrade (a session cookie: an account; X-Forwarded-For).
struct Lobbyist {
  Lobbyist(uint16_t port, const std::string& name, std::vector<std::pair<std::string, std::string>> headers = {})
      : ws(port, 0, std::move(headers)) {
    ws.send({{"type", "lobby"}, {"name", name}});
    last = *ws.recv_type("lobby");
  }
  // The next message of `type`; the lobby views before it are kept (the last one in `last`).
  std::optional<json> recv(const std::string& type) {
    std::vector<json> skipped;
    auto m = ws.recv_type(type, 10000, &skipped);
    for (const json& s : skipped)
      if (s["type"] == "lobby") last = s;
    if (m && type == "lobby") last = *m;
    return m;
  }
  // The lobby view for which `pred` holds: the last one seen, or the next such.
  template <class P>
  json view_where(P pred) {
    while (!pred(last)) {
      if (!recv("lobby")) {
        ADD_FAILURE() << "no lobby view as expected; last " << last.dump();
        return last;
      }
    }
    return last;
  }
  json error_for(const json& command) {
    ws.send(command);
    auto e = recv("error");
    return e ? *e : json();
  }
  WsClient ws;
  json last;
};


}  // namespace yinsh::test

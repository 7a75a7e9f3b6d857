// The set-up the in-process server tests share: a scratch directory per test, and a server on
// a free port whose database and web root live in it. (Tests that need the real binary as a
// child process use server_process.h instead.)
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

#include "server/server.h"

namespace yinsh::test {

// A fresh directory under the system's temporary directory, named after `prefix`, this process
// and the running test; removed when the object goes.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& prefix)
      : path_(std::filesystem::temp_directory_path() /
              (prefix + "-" + std::to_string(getpid()) + "-" + current_test_name())) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

  static std::string current_test_name() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    return info ? info->name() : "none";
  }

 private:
  std::filesystem::path path_;
};

// What every in-process test server starts from: a free port, the database `games.db` and the
// web root `web/` inside `dir`, the message and HTTP rate limits and the lobby's game-creation
// limits and the registrations per address lifted (tests play far faster than people; a test of a limit sets it again), warnings
// only in the log.
inline server::ServerOptions test_server_options(const std::filesystem::path& dir) {
  server::ServerOptions o;
  o.port = 0;
  o.db = (dir / "games.db").string();
  o.web_root = (dir / "web").string();
  o.log_level = "warn";
  o.hub.rate_per_second = o.hub.rate_burst = 100000;
  o.net.http_rate = o.net.http_burst = 100000;
  o.hub.seeks.create_per_minute = 0;
  o.hub.seeks.max_open = 0;
  o.accounts.registrations_per_hour = 0;
  return o;
}

// Starts a server with `o`; on failure the test fails with the server's error and the result
// is null.
inline std::unique_ptr<server::Server> start_test_server(const server::ServerOptions& o) {
  auto srv = std::make_unique<server::Server>(o);
  std::string error;
  if (!srv->start(&error)) {
    ADD_FAILURE() << "server did not start: " << error;
    return nullptr;
  }
  return srv;
}

}  // namespace yinsh::test

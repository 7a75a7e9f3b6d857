// `yinsh serve` under a Type=notify unit, as systemd sees it: the test binds the datagram
// socket that $NOTIFY_SOCKET names and reads what the server says there (sd_notify(3)).
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <future>
#include <string>
#include <thread>

#include "server/server.h"
#include "server_process.h"

using namespace yinsh::test;

namespace {

// A bound AF_UNIX datagram socket, and $NOTIFY_SOCKET (and the other variables given) set for
// the children started while it lives.
class NotifySocket {
 public:
  explicit NotifySocket(const std::string& watchdog_usec = "") {
    dir_ = std::filesystem::temp_directory_path() / ("yinsh-notify-" + std::to_string(getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    path_ = (dir_ / "notify").string();
    fd_ = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::strncpy(addr.sun_path, path_.c_str(), sizeof addr.sun_path - 1);
    bound_ = fd_ >= 0 && bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
    setenv("NOTIFY_SOCKET", path_.c_str(), 1);
    if (!watchdog_usec.empty()) setenv("WATCHDOG_USEC", watchdog_usec.c_str(), 1);
  }
  ~NotifySocket() {
    unsetenv("NOTIFY_SOCKET");
    unsetenv("WATCHDOG_USEC");
    if (fd_ >= 0) close(fd_);
    std::filesystem::remove_all(dir_);
  }
  bool bound() const { return bound_; }
  // The messages received until one holds `line` (a whole line), or "" after `timeout_ms`.
  std::string wait_for(const std::string& line, int timeout_ms = 10000) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    std::string seen;
    for (;;) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now()).count();
      if (left <= 0) return "";
      pollfd p{fd_, POLLIN, 0};
      if (poll(&p, 1, int(left)) <= 0) continue;
      char buf[4096];
      const ssize_t n = recv(fd_, buf, sizeof buf, 0);
      if (n <= 0) continue;
      const std::string message(buf, size_t(n));
      seen += message + "\n";
      if (("\n" + message + "\n").find("\n" + line + "\n") != std::string::npos) return seen;
    }
  }

 private:
  std::filesystem::path dir_;
  std::string path_;
  int fd_ = -1;
  bool bound_ = false;
};

bool accepts_connections(uint16_t port) {
  const int s = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const bool ok = connect(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  close(s);
  return ok;
}

std::string temp_db(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("yinsh-" + name + "-" + std::to_string(getpid()) + ".db"))
      .string();
}

}  // namespace

TEST(SystemdNotify, ReadyOnceListeningAndStoppingOnSigterm) {
  NotifySocket notify;
  ASSERT_TRUE(notify.bound());
  const std::string db = temp_db("notify");
  ServerProcess server(db);
  ASSERT_NE(server.port(), 0) << "the server did not start";
  const std::string ready = notify.wait_for("READY=1");
  ASSERT_NE(ready, "") << "no READY=1 on $NOTIFY_SOCKET";
  EXPECT_NE(ready.find("STATUS=listening on http://127.0.0.1:" + std::to_string(server.port())), std::string::npos)
      << ready;
  EXPECT_TRUE(accepts_connections(server.port())) << "READY=1 before the port listens";
  // No watchdog asked for: no pings.
  EXPECT_EQ(notify.wait_for("WATCHDOG=1", 500), "");
  EXPECT_EQ(server.terminate(), 0);
  EXPECT_NE(notify.wait_for("STOPPING=1", 2000), "") << "no STOPPING=1 when the server drains";
  std::filesystem::remove(db);
}

TEST(SystemdNotify, WatchdogPingsWhenTheUnitHasAWatchdog) {
  NotifySocket notify("400000");  // WatchdogSec=0.4: a ping every 0.2 s
  ASSERT_TRUE(notify.bound());
  const std::string db = temp_db("watchdog");
  ServerProcess server(db);
  ASSERT_NE(server.port(), 0) << "the server did not start";
  ASSERT_NE(notify.wait_for("READY=1"), "");
  for (int i = 0; i < 3; ++i) EXPECT_NE(notify.wait_for("WATCHDOG=1", 2000), "") << "ping " << i;
  EXPECT_EQ(server.terminate(), 0);
  std::filesystem::remove(db);
}

// The probe asked before each WATCHDOG=1: a handler posted to the I/O threads runs at once,
// and does not while every I/O thread is stuck (then no ping goes out and systemd restarts
// the service).
TEST(SystemdNotify, TheWatchdogProbeFailsWhileTheIoThreadsAreStuck) {
  using namespace std::chrono_literals;
  boost::asio::io_context ioc;
  auto work = boost::asio::make_work_guard(ioc);
  std::thread io([&] { ioc.run(); });
  EXPECT_TRUE(yinsh::server::io_answers(ioc, 5s));
  std::promise<void> release;
  boost::asio::post(ioc, [stuck = release.get_future().share()] { stuck.wait(); });  // its only thread
  EXPECT_FALSE(yinsh::server::io_answers(ioc, 300ms));
  release.set_value();
  EXPECT_TRUE(yinsh::server::io_answers(ioc, 5s));
  work.reset();
  io.join();
}

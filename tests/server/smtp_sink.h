// A real SMTP server for tests: Debian's aiosmtpd (python3-aiosmtpd) as a child process,
// writing every mail it takes into a Maildir. It can be stopped (SIGKILL: a relay that dies)
// and started again on the same port.
#pragma once

#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "free_port.h"

namespace yinsh::test {

class SmtpSink {
 public:
  explicit SmtpSink(std::filesystem::path dir) : dir_(std::move(dir)), port_(free_port()) {
    for (const char* d : {"tmp", "new", "cur"}) std::filesystem::create_directories(dir_ / d);
  }
  ~SmtpSink() { stop(); }
  static bool available() { return std::filesystem::exists("/usr/lib/python3/dist-packages/aiosmtpd"); }

  // Starts the server and waits until it accepts connections.
  bool start() {
    const std::string listen = "127.0.0.1:" + std::to_string(port_), maildir = dir_.string(),
                      log = (dir_ / "aiosmtpd.log").string();
    pid_ = fork();
    if (pid_ == 0) {
      const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
      dup2(fd, 1);
      dup2(fd, 2);
      close_range(3, ~0U, 0);
      execl("/usr/bin/python3", "python3", "-m", "aiosmtpd", "-n", "-l", listen.c_str(), "-c",
            "aiosmtpd.handlers.Mailbox", maildir.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    for (int i = 0; i < 200; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      const int s = socket(AF_INET, SOCK_STREAM, 0);
      sockaddr_in a{};
      a.sin_family = AF_INET;
      a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      a.sin_port = htons(port_);
      const bool up = connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
      close(s);
      if (up) return true;
    }
    return false;
  }
  void stop() {
    if (pid_ <= 0) return;
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  std::string url() const { return "smtp://127.0.0.1:" + std::to_string(port_); }
  // Every mail taken so far, whole.
  std::vector<std::string> mails() const {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(dir_ / "new")) {
      std::ifstream in(e.path());
      std::stringstream s;
      s << in.rdbuf();
      out.push_back(s.str());
    }
    return out;
  }
  size_t count() const {
    size_t n = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir_ / "new")) ++n;
    return n;
  }

 private:
  std::filesystem::path dir_;
  uint16_t port_ = 0;
  pid_t pid_ = -1;
};

}  // namespace yinsh::test

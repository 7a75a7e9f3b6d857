// A `yinsh serve` child process on a free port (the tests read the port from its first line),
// stopped with SIGTERM when the object goes, or killed with SIGKILL on demand.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <string>

namespace yinsh::test {

class ServerProcess {
 public:
  explicit ServerProcess(const std::string& db) {
    int fds[2];
    if (pipe(fds) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(fds[1], 1);
      close(fds[0]);
      close(fds[1]);
      execl(YINSH_BIN, YINSH_BIN, "serve", "--port", "0", "--db", db.c_str(), "--ai-movetime", "5", "--web-root",
            "/nonexistent", "--rate", "100000", "--burst", "100000", static_cast<char*>(nullptr));
      _exit(127);
    }
    close(fds[1]);
    out_ = fdopen(fds[0], "r");
    char line[512];
    while (fgets(line, sizeof line, out_)) {
      const std::string s(line);
      const auto at = s.find("listening on http://127.0.0.1:");
      if (at != std::string::npos) {
        port_ = uint16_t(std::stoi(s.substr(at + 30)));
        break;
      }
    }
  }
  ~ServerProcess() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
    if (out_) fclose(out_);
  }
  void kill9() {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  uint16_t port() const { return port_; }

 private:
  pid_t pid_ = -1;
  FILE* out_ = nullptr;
  uint16_t port_ = 0;
};

}  // namespace yinsh::test

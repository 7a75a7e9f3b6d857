// `yinsh serve` as a child process for the tests that need the real binary (SIGKILL and
// restart, two processes on PostgreSQL, a low descriptor limit, SIGTERM's exit status).
#pragma once

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace yinsh::test {

// Flags for a server that bots may hammer: fast AI, no UI, limits out of the way.
inline const std::vector<std::string> kFastServerFlags = {
    "--ai-movetime", "5",      "--web-root", "/nonexistent", "--rate",      "100000", "--burst", "100000",
    "--max-per-address", "100000", "--http-rate", "100000", "--http-burst", "100000", "--create-rate", "0",
    "--max-open", "0", "--register-per-hour", "0"};

class ServerProcess {
 public:
  // `yinsh serve --port 0 --db DB` and `flags`; with `max_files` > 0 the child may hold at most
  // that many file descriptors (RLIMIT_NOFILE). port() is 0 if it did not start.
  explicit ServerProcess(const std::string& db, const std::vector<std::string>& flags = kFastServerFlags,
                         rlim_t max_files = 0) {
    std::vector<std::string> args = {YINSH_BIN, "serve", "--port", "0", "--db", db};
    args.insert(args.end(), flags.begin(), flags.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    int fds[2];
    if (pipe(fds) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(fds[1], 1);
      close(fds[0]);
      close(fds[1]);
      if (max_files > 0) {
        rlimit rl{max_files, max_files};
        setrlimit(RLIMIT_NOFILE, &rl);
      }
      execv(YINSH_BIN, argv.data());
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
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  void kill9() {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  // SIGTERM, then the exit status (-1 if it did not exit normally within 10 s).
  int terminate() {
    kill(pid_, SIGTERM);
    for (int i = 0; i < 1000; ++i) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return -1;
  }
  // User + system CPU time of the child so far.
  double cpu_seconds() const {
    std::ifstream f("/proc/" + std::to_string(pid_) + "/stat");
    const std::string s((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    std::istringstream in(s.substr(s.rfind(')') + 2));  // fields from the 3rd on
    std::string field;
    unsigned long long ticks = 0;
    for (int i = 3; i <= 15 && in >> field; ++i)
      if (i == 14 || i == 15) ticks += std::stoull(field);  // utime, stime
    return double(ticks) / double(sysconf(_SC_CLK_TCK));
  }
  uint16_t port() const { return port_; }

 private:
  pid_t pid_ = -1;
  FILE* out_ = nullptr;
  uint16_t port_ = 0;
};

}  // namespace yinsh::test

// Drives the real `yinsh` binary through pipes, with timeouts, so that a hung engine fails a
// test instead of hanging CI. POSIX only (posix_spawn, poll).
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

extern char** environ;

namespace yinsh::test {

class Process {
 public:
  // Starts `YINSH_BIN args...` with stdin, stdout and stderr on pipes.
  explicit Process(const std::vector<std::string>& args) {
    int in[2], out[2], err[2];
    if (pipe(in) || pipe(out) || pipe(err)) throw std::runtime_error("pipe failed");
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_adddup2(&fa, err[1], 2);
    for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) posix_spawn_file_actions_addclose(&fa, fd);
    std::vector<std::string> all = {YINSH_BIN};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    const int rc = posix_spawn(&pid_, YINSH_BIN, &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    close(in[0]);
    close(out[1]);
    close(err[1]);
    if (rc != 0) throw std::runtime_error(std::string("posix_spawn failed: ") + std::strerror(rc));
    in_ = in[1];
    out_ = out[0];
    err_ = err[0];
    signal(SIGPIPE, SIG_IGN);  // a dead engine must fail the test, not kill it
  }

  ~Process() {
    close_stdin();
    if (pid_ > 0 && !exit_code(5000)) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (out_ >= 0) close(out_);
    if (err_ >= 0) close(err_);
  }

  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;

  void send(const std::string& line) {
    const std::string s = line + "\n";
    size_t done = 0;
    while (done < s.size()) {
      const ssize_t n = write(in_, s.data() + done, s.size() - done);
      if (n <= 0) throw std::runtime_error("cannot write to the engine (did it die?)");
      done += size_t(n);
    }
  }

  void close_stdin() {
    if (in_ >= 0) close(in_);
    in_ = -1;
  }

  // The next line of stdout (without '\n'), or nullopt after `timeout_ms` or at EOF.
  std::optional<std::string> line(int timeout_ms = 20000) { return read_line(out_, out_buf_, timeout_ms); }
  std::optional<std::string> err_line(int timeout_ms = 20000) { return read_line(err_, err_buf_, timeout_ms); }

  // Everything left on a stream until EOF (or the timeout).
  std::string rest_of_stdout(int timeout_ms = 20000) { return drain(out_, out_buf_, timeout_ms); }
  std::string rest_of_stderr(int timeout_ms = 20000) { return drain(err_, err_buf_, timeout_ms); }

  // Waits for the process to end; its exit status (or 128 + signal), nullopt on timeout.
  std::optional<int> exit_code(int timeout_ms = 20000) {
    if (status_) return status_;
    const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
      int st = 0;
      const pid_t r = waitpid(pid_, &st, WNOHANG);
      if (r == pid_) {
        status_ = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        return status_;
      }
      if (std::chrono::steady_clock::now() > end) return std::nullopt;
      usleep(2000);
    }
  }

 private:
  static std::optional<std::string> read_line(int fd, std::string& buf, int timeout_ms) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
      const auto nl = buf.find('\n');
      if (nl != std::string::npos) {
        std::string l = buf.substr(0, nl);
        buf.erase(0, nl + 1);
        return l;
      }
      const int left = int(std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now()).count());
      if (left <= 0 || fd < 0) return std::nullopt;
      pollfd p{fd, POLLIN, 0};
      if (poll(&p, 1, left) <= 0) return std::nullopt;
      char chunk[4096];
      const ssize_t n = read(fd, chunk, sizeof chunk);
      if (n <= 0) {
        if (!buf.empty()) {  // a last line without '\n'
          std::string l;
          l.swap(buf);
          return l;
        }
        return std::nullopt;
      }
      buf.append(chunk, size_t(n));
    }
  }

  static std::string drain(int fd, std::string& buf, int timeout_ms) {
    std::string all;
    while (auto l = read_line(fd, buf, timeout_ms)) all += *l + "\n";
    return all;
  }

  pid_t pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;
  std::string out_buf_, err_buf_;
  std::optional<int> status_;
};

}  // namespace yinsh::test

#include "player.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <sstream>

#include "core/notation.h"
#include "engine/engine.h"

namespace yinsh {

namespace {

class BuiltinPlayer : public Player {
 public:
  bool configure(const std::string& spec, uint64_t seed, std::string* error) {
    if (!engine_.set_option("Seed", std::to_string(seed), error)) return false;
    std::stringstream in(spec);
    for (std::string item; std::getline(in, item, ',');) {
      if (item.empty()) continue;
      const size_t eq = item.find('=');
      if (eq == std::string::npos) {
        if (error) *error = "player option '" + item + "' is not Name=value";
        return false;
      }
      const std::string name = item.substr(0, eq), value = item.substr(eq + 1);
      if (name == "movetime" || name == "nodes" || name == "depth") {  // this player's limits
        char* end = nullptr;
        const long long v = std::strtoll(value.c_str(), &end, 10);
        if (value.empty() || *end || v <= 0) {
          if (error) *error = "player limit " + name + " takes a positive whole number";
          return false;
        }
        (name == "movetime" ? movetime_ : name == "nodes" ? nodes_ : depth_) = v;
        continue;
      }
      if (!engine_.set_option(name, value, error)) return false;
    }
    return true;
  }
  void new_game() override { engine_.new_game(); }
  bool think(const Game& game, const Limits& match_limits, Move& out, std::string*) override {
    out = engine_.search(game.position(), limits(match_limits)).best;
    return true;
  }
  Limits limits(const Limits& match) const override {
    Limits l = match;
    if (movetime_) l.movetime = movetime_;
    if (nodes_) l.nodes = uint64_t(nodes_);
    if (depth_) l.depth = int(depth_);
    return l;
  }

 private:
  Engine engine_;
  long long movetime_ = 0, nodes_ = 0, depth_ = 0;
};

class ExternalPlayer : public Player {
 public:
  explicit ExternalPlayer(int64_t grace_ms) : grace_ms_(grace_ms) {}
  ~ExternalPlayer() override { end_process(false); }

  bool start(const std::string& command, std::string* error) {
    command_ = command;
    return launch(error);
  }

  void new_game() override {
    if (out_of_step_) resync();
    send("newgame");
  }

  bool answered() const override { return answered_; }

  bool think(const Game& game, const Limits& limits, Move& out, std::string* error) override {
    if (pid_ <= 0) return fail(error, "the engine is not running (" + launch_error_ + ")");
    std::string cmd = "position startpos";
    if (game.start().variant() == Variant::Blitz) cmd += " blitz";
    if (!game.moves().empty()) cmd += " moves";
    for (Move m : game.moves()) cmd += " " + to_string(m);
    send(cmd);
    std::string go = "go";
    if (const std::string l = go_limits(limits); !l.empty()) go += " " + l;
    if (limits.time[WHITE] >= 0)
      go += " wtime " + std::to_string(limits.time[WHITE]) + " btime " +
            std::to_string(limits.time[BLACK]) + " winc " + std::to_string(limits.inc[WHITE]) +
            " binc " + std::to_string(limits.inc[BLACK]);
    send(go);
    // The caller judges time itself; this deadline only catches hangs: the mover's own time
    // (or the movetime) and the grace. It holds for the whole answer, so an engine printing
    // `info` lines without end still runs out of time.
    const int64_t budget = limits.movetime ? limits.movetime
                           : limits.time[WHITE] >= 0 ? limits.time[game.position().side_to_move()]
                                                     : 600000;
    const int64_t wait_ms = std::min<int64_t>(budget + grace_ms_, int64_t(1) << 31);
    const auto deadline = Clock::now() + std::chrono::milliseconds(wait_ms);
    std::string line;
    answered_ = false;
    if (read_until("bestmove ", deadline, line)) {
      const auto m = parse_legal_move(game.position(), line.substr(9), error);
      answered_ = !m;
      if (!m) return false;  // answered, so still in step: only this decision is lost
      out = *m;
      return true;
    }
    // A bestmove may still come and would be read as the answer to the next question, so the
    // engine is resynchronised (or restarted) before its next game.
    out_of_step_ = true;
    return fail(error, closed_ ? "the engine closed its output (died?) before bestmove"
                               : "the engine gave no bestmove within " +
                                     std::to_string(wait_ms) + " ms");
  }

 private:
  using Clock = std::chrono::steady_clock;

  static bool fail(std::string* error, const std::string& msg) {
    if (error) *error = msg;
    return false;
  }

  bool launch(std::string* error) {
    int in[2], out[2];
    // Close-on-exec, so an engine started by another worker thread inherits none of these.
    if (pipe2(in, O_CLOEXEC) != 0) return fail(error, launch_error_ = "cannot create pipes");
    if (pipe2(out, O_CLOEXEC) != 0) {
      close(in[0]), close(in[1]);
      return fail(error, launch_error_ = "cannot create pipes");
    }
    pid_ = fork();
    if (pid_ < 0) {
      for (int fd : {in[0], in[1], out[0], out[1]}) close(fd);
      return fail(error, launch_error_ = "cannot fork");
    }
    if (pid_ == 0) {
      setpgid(0, 0);  // its own process group: a hung engine is killed with all its children
      dup2(in[0], 0);
      dup2(out[1], 1);
      execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    setpgid(pid_, pid_);  // also here, so a kill never races the child's own setpgid
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
    buffer_.clear();
    closed_ = false;
    send("isready");
    if (wait_for_readyok(Clock::now() + std::chrono::milliseconds(std::max<int64_t>(grace_ms_, 10000))))
      return true;
    end_process(true);
    return fail(error, launch_error_ = "the engine '" + command_ + "' did not answer isready");
  }

  // Reads up to the first line starting with `prefix` (true, the line in `line`); the lines
  // before it (info, a late bestmove) answer questions no longer asked and are dropped.
  bool read_until(const char* prefix, Clock::time_point deadline, std::string& line) {
    while (read_line(line, deadline))
      if (line.rfind(prefix, 0) == 0) return true;
    return false;
  }

  bool wait_for_readyok(Clock::time_point deadline) {
    std::string line;
    while (read_line(line, deadline))
      if (line == "readyok") return true;  // exactly; the lines before it are dropped
    return false;
  }

  // The missed `go` still owes one `bestmove`: `stop` must bring it. Only then is `isready`
  // a barrier (an engine answers `isready` at once, even while it is still searching).
  void resync() {
    out_of_step_ = false;
    const auto grace = std::chrono::milliseconds(grace_ms_);
    if (pid_ > 0 && !closed_) {
      send("stop");
      std::string line;
      if (read_until("bestmove ", Clock::now() + grace, line)) {
        send("isready");
        if (wait_for_readyok(Clock::now() + grace)) return;
      }
    }
    end_process(true);
    launch(nullptr);  // on failure pid_ stays -1 and every think() says why
  }

  // Politely (quit, then half a second) or not; either way the process group is gone after.
  void end_process(bool kill_now) {
    if (pid_ <= 0) return;
    if (!kill_now) send("quit");
    close(to_);
    close(from_);
    to_ = from_ = -1;
    bool exited = false;
    for (int i = 0; !kill_now && i < 50 && !exited; ++i) {
      exited = waitpid(pid_, nullptr, WNOHANG) == pid_;
      if (!exited) usleep(10000);
    }
    if (!exited) {
      kill(-pid_, SIGKILL);  // the group this player started, by its id
      waitpid(pid_, nullptr, 0);
    }
    pid_ = -1;
  }

  void send(const std::string& s) {
    if (to_ < 0) return;
    const std::string line = s + "\n";
    size_t done = 0;
    while (done < line.size()) {
      const ssize_t n = write(to_, line.data() + done, line.size() - done);
      if (n <= 0) return;
      done += size_t(n);
    }
  }

  bool read_line(std::string& line, Clock::time_point deadline) {
    for (;;) {
      const size_t nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        line = buffer_.substr(0, nl);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        buffer_.erase(0, nl + 1);
        return true;
      }
      if (closed_ || from_ < 0) return false;
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) return false;
      pollfd p{from_, POLLIN, 0};
      if (poll(&p, 1, int(std::min<int64_t>(left, 1 << 30))) <= 0) return false;
      char buf[4096];
      const ssize_t n = read(from_, buf, sizeof buf);
      if (n <= 0) {
        closed_ = true;
        return false;
      }
      buffer_.append(buf, size_t(n));
    }
  }

  const int64_t grace_ms_;
  std::string command_, launch_error_, buffer_;
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  bool closed_ = false;       // the engine's output reached end of file
  bool out_of_step_ = false;  // a question went unanswered: resync before the next game
  bool answered_ = false;     // the last failed think() had an answer, an illegal one
};

}  // namespace

std::string go_limits(const Limits& l) {
  std::string s;
  auto add = [&](const char* name, long long v) {
    if (v > 0) s += (s.empty() ? "" : " ") + std::string(name) + " " + std::to_string(v);
  };
  add("depth", l.depth);
  add("nodes", (long long)l.nodes);
  add("movetime", l.movetime);
  return s;
}

std::unique_ptr<Player> make_player(const std::string& spec, uint64_t seed, int64_t grace_ms,
                                    std::string* error) {
  if (spec.rfind("cmd:", 0) == 0) {
    auto p = std::make_unique<ExternalPlayer>(grace_ms);
    if (!p->start(spec.substr(4), error)) return nullptr;
    return p;
  }
  auto p = std::make_unique<BuiltinPlayer>();
  if (!p->configure(spec, seed, error)) return nullptr;
  return p;
}

}  // namespace yinsh

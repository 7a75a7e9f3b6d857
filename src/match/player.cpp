#include "player.h"

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
    Limits limits = match_limits;
    if (movetime_) limits.movetime = movetime_;
    if (nodes_) limits.nodes = uint64_t(nodes_);
    if (depth_) limits.depth = int(depth_);
    out = engine_.search(game.position(), limits).best;
    return true;
  }

 private:
  Engine engine_;
  long long movetime_ = 0, nodes_ = 0, depth_ = 0;
};

class ExternalPlayer : public Player {
 public:
  ~ExternalPlayer() override {
    if (pid_ <= 0) return;
    send("quit");
    close(to_);
    close(from_);
    for (int i = 0; i < 50; ++i) {
      if (waitpid(pid_, nullptr, WNOHANG) == pid_) return;
      usleep(10000);
    }
    kill(pid_, SIGKILL);  // the process this player started, by its id
    waitpid(pid_, nullptr, 0);
  }

  bool start(const std::string& command, std::string* error) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) return fail(error, "cannot create pipes");
    pid_ = fork();
    if (pid_ < 0) return fail(error, "cannot fork");
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      close(in[1]);
      close(out[0]);
      execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
    send("isready");
    std::string line;
    while (read_line(line, 10000))
      if (line == "readyok") return true;
    return fail(error, "the engine '" + command + "' did not answer isready");
  }

  void new_game() override { send("newgame"); }

  bool think(const Game& game, const Limits& limits, Move& out, std::string* error) override {
    std::string cmd = "position startpos";
    if (!game.moves().empty()) cmd += " moves";
    for (Move m : game.moves()) cmd += " " + to_string(m);
    send(cmd);
    std::string go = "go";
    if (limits.depth) go += " depth " + std::to_string(limits.depth);
    if (limits.nodes) go += " nodes " + std::to_string(limits.nodes);
    if (limits.movetime) go += " movetime " + std::to_string(limits.movetime);
    if (limits.time[WHITE] >= 0)
      go += " wtime " + std::to_string(limits.time[WHITE]) + " btime " +
            std::to_string(limits.time[BLACK]) + " winc " + std::to_string(limits.inc[WHITE]) +
            " binc " + std::to_string(limits.inc[BLACK]);
    send(go);
    // Generous deadline: the match runner judges time itself; this only catches hangs.
    const int64_t budget = limits.movetime ? limits.movetime
                           : limits.time[WHITE] >= 0 ? std::max(limits.time[0], limits.time[1])
                                                     : 600000;
    std::string line;
    while (read_line(line, int(std::min<int64_t>(budget + 10000, 1 << 30)))) {
      if (line.rfind("bestmove ", 0) != 0) continue;
      const auto m = parse_legal_move(game.position(), line.substr(9), error);
      if (!m) return false;
      out = *m;
      return true;
    }
    return fail(error, "the engine gave no bestmove in time (or died)");
  }

 private:
  static bool fail(std::string* error, const std::string& msg) {
    if (error) *error = msg;
    return false;
  }
  void send(const std::string& s) {
    const std::string line = s + "\n";
    size_t done = 0;
    while (done < line.size()) {
      const ssize_t n = write(to_, line.data() + done, line.size() - done);
      if (n <= 0) return;
      done += size_t(n);
    }
  }
  bool read_line(std::string& line, int timeout_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
      const size_t nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        line = buffer_.substr(0, nl);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        buffer_.erase(0, nl + 1);
        return true;
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                            deadline - std::chrono::steady_clock::now()).count();
      if (left <= 0) return false;
      pollfd p{from_, POLLIN, 0};
      if (poll(&p, 1, int(left)) <= 0) return false;
      char buf[4096];
      const ssize_t n = read(from_, buf, sizeof buf);
      if (n <= 0) return false;
      buffer_.append(buf, size_t(n));
    }
  }

  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string buffer_;
};

}  // namespace

std::unique_ptr<Player> make_player(const std::string& spec, uint64_t seed, std::string* error) {
  if (spec.rfind("cmd:", 0) == 0) {
    auto p = std::make_unique<ExternalPlayer>();
    if (!p->start(spec.substr(4), error)) return nullptr;
    return p;
  }
  auto p = std::make_unique<BuiltinPlayer>();
  if (!p->configure(spec, seed, error)) return nullptr;
  return p;
}

}  // namespace yinsh

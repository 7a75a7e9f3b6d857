// The text engine protocol of SPEC section 6 over any pair of streams: one command per line
// in, answers out. A thin observer of an Engine and a Game: it parses, checks, and prints.
// A malformed or illegal command gets one line `error <what is wrong>` and changes nothing.
#pragma once

#include <atomic>
#include <istream>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>

#include "core/game.h"
#include "engine/engine.h"

namespace yinsh {

class Protocol {
 public:
  Protocol(Engine& engine, std::ostream& out);

  // Handles one line; returns false after `quit`. Blocks only for commands that compute
  // (perft); `go` returns at once and answers from the engine's thread.
  bool handle(std::string_view line);
  // Reads lines until `quit` or end of input, then waits for a running search to answer.
  void run(std::istream& in);

  const Game& game() const { return game_; }

 private:
  void cmd_position(std::string_view args);
  void cmd_go(std::string_view args);
  void cmd_setoption(std::string_view args);
  void cmd_perft(std::string_view args);
  void cmd_legal();
  void cmd_show();
  void cmd_help();
  void send(const std::string& line);
  void error(const std::string& what);

  Engine& engine_;
  std::ostream& out_;
  std::mutex out_mutex_;  // the engine thread prints info/bestmove concurrently
  // True from `go` until `bestmove` is printed (cleared under out_mutex_ just before it), so
  // a command sent the moment `bestmove` is read is never refused as "searching".
  std::atomic<bool> searching_{false};
  Game game_;
};

}  // namespace yinsh

// Engine: one player's brain. Owns its options and all search state, runs searches on its own
// worker thread, and never prints: front ends (protocol, CLI, server) observe it through
// callbacks. Many engines can live in one process.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include "engine/options.h"
#include "search/search.h"

namespace yinsh {

class Engine {
 public:
  using DoneCallback = std::function<void(const SearchResult&)>;

  Engine();
  ~Engine();  // stops and joins any search
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  const Options& options() const { return options_; }
  // Non-blocking. Refused (false, `error`) while a search runs or if the option is bad.
  bool set_option(std::string_view name, std::string_view value, std::string* error = nullptr);

  // Non-blocking: starts searching a copy of `pos` on the worker thread; the callbacks run on
  // that thread, on_done exactly once. False if a search is already running.
  bool start(const Position& pos, const Limits& limits, InfoCallback on_info, DoneCallback on_done);
  void stop();            // non-blocking: asks the running search to finish now
  void wait();            // blocks until no search runs (on_done has returned)
  bool searching() const;

  // Analysis: set option MultiPV (or Limits::searchmoves) and read SearchInfo::lines in
  // on_info (each completed depth) and in the result: per line the decision, its score, its
  // win probability in permille and its principal variation, best first.

  // Blocking: search and return the decision (called from any thread but the worker).
  SearchResult search(const Position& pos, const Limits& limits, InfoCallback on_info = {});

  void new_game();  // blocking: stops any search, then clears search state

 private:
  SearchConfig config() const;
  void loop();  // the worker thread: runs each search start() hands it, until destruction

  Options options_;
  std::shared_ptr<const nnue::Network> net_;  // EvalFile's network (the built-in one at first)
  Searcher searcher_;
  std::atomic<bool> stop_{false};
  mutable std::mutex mutex_;
  std::condition_variable idle_;
  bool busy_ = false;
  // One worker thread for the engine's life, started by the first search (a thread per search
  // cost a thread's creation each time: 10% of the protocol fuzzer's time, and one per AI move).
  std::condition_variable work_;
  std::function<void()> job_;  // the search start() handed over, not yet taken by the worker
  bool quit_ = false;
  std::thread worker_;
};

}  // namespace yinsh

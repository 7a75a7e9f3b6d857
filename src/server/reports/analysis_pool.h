// AnalysisPool: the threads that write game reports (src/analysis, docs/analysis.md) for the
// server, at low priority so that live games never wait for them:
//   - its threads run under SCHED_IDLE and nice 19 (the kernel gives them a core only when
//     nothing else wants it),
//   - before each game and between two searched positions, a thread waits while `yield_to()`
//     says the AI pool is busy (a search runs or waits), so reports also step aside when the
//     scheduler alone would share a core,
//   - one report at a time per thread, a bounded queue, first come first served.
// A report is identified by a key (a game id, or the hash of an uploaded record); a key that is
// queued or being analysed is not queued twice. No Asio, no network, no store: `done` gets the
// report's JSON (report_format.h) on the pool's thread, and the caller stores it.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "analysis/report.h"
#include "core/position.h"

namespace yinsh::server {

class AnalysisPool {
 public:
  // `report_json`: the report; called once per accepted submit unless the pool stops first.
  using Done = std::function<void(const std::string& key, const std::string& report_json)>;
  struct Options {
    int threads = 1;  // 0: no reports (submit says Stopped)
    uint64_t nodes = analysis::DEFAULT_NODES;  // per searched position (the report's budget)
    size_t max_queued = 1000;
    std::function<bool()> yield_to{};  // true: live games need the cores now (wait)
    // Told once (from a pool thread) when the threads cannot lower their priority at all.
    std::function<void(const std::string&)> warn{};  // ({}: short aggregate inits leave it unset quietly)
  };
  explicit AnalysisPool(Options options);
  ~AnalysisPool();  // stop()
  AnalysisPool(const AnalysisPool&) = delete;
  AnalysisPool& operator=(const AnalysisPool&) = delete;

  enum class Submit { Queued, AlreadyPending, Full, Stopped };
  // Thread-safe. `moves` must be legal from `start` (a record that was read or a game played).
  Submit submit(const std::string& key, const Position& start, std::vector<Move> moves, Done done);
  bool pending(const std::string& key) const;  // queued or being analysed
  size_t queued() const;                       // waiting, not started
  uint64_t refused_full() const { return full_; }  // submits refused because the queue was full
  uint64_t yields() const { return yields_; }  // times a thread waited for the AI pool
  // Search tables made: one per thread at its first report, kept for the next ones.
  uint64_t analysts() const { return analysts_; }
  uint64_t nodes_per_position() const { return options_.nodes; }
  bool low_priority() const { return low_priority_; }  // SCHED_IDLE was granted to the threads
  // Abandons the queued reports and the running ones (their `done` is not called), joins the
  // threads. Idempotent.
  void stop();

 private:
  struct Job {
    std::string key;
    Position start;
    std::vector<Move> moves;
    Done done;
  };
  void loop();
  void lower_priority();
  void wait_for_ai();

  Options options_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> queue_;
  std::set<std::string> pending_;
  std::atomic<bool> stopping_ = false;
  std::atomic<bool> low_priority_ = true;
  std::atomic<bool> warned_ = false;
  std::atomic<uint64_t> yields_ = 0;
  std::atomic<uint64_t> analysts_ = 0;
  std::atomic<uint64_t> full_ = 0;
  std::vector<std::thread> workers_;
};

}  // namespace yinsh::server

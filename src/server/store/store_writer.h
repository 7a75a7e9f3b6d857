// StoreWriter: the one thread that writes games to the store, with group commit.
//
// Rooms hand it their appends and go on serving; it takes every append queued since its last
// commit and stores them together (Store::append_many: one transaction for SQLite and for
// PostgreSQL, a failing append taken out so the others still land), then reports each outcome
// through its callback, from the writer thread. Under load this turns
// hundreds of small transactions a second into a few large ones, and keeps the database off
// the I/O threads. A decision is still acknowledged only after its commit: the room waits for
// the callback before it applies and broadcasts anything.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/store/store.h"

namespace yinsh::server {

class StoreWriter {
 public:
  // Runs on the writer thread, once per append; `error` is set when the status is Failed.
  using Done = std::function<void(AppendStatus status, const std::string& error)>;

  // `max_batch`: the most appends committed in one transaction.
  explicit StoreWriter(Store& store, size_t max_batch = 512);
  ~StoreWriter();  // stop()
  StoreWriter(const StoreWriter&) = delete;
  StoreWriter& operator=(const StoreWriter&) = delete;

  // Queues one append (thread-safe, never waits for the database). After stop(), the append is
  // refused at once: `done` gets Failed.
  // `rating`: a rated game's result (AppendItem::rating), filled before `done` runs.
  void append(std::string game, std::vector<StoredEvent> events, GameSummary summary, Done done,
              std::shared_ptr<RatedGame> rating = nullptr);

  // Stores what is queued, then ends the thread. Idempotent; blocks until the thread is joined.
  void stop();

  // Commits so far, and appends they held (for the docs' figures and the tests).
  struct Counters {
    uint64_t commits = 0, appends = 0;
  };
  Counters counters() const;
  // Called on the writer thread after each commit with its duration (metrics). Set it before
  // the first append.
  void observe_commits(std::function<void(double seconds)> f) { observe_ = std::move(f); }

 private:
  void loop();

  Store& store_;
  const size_t max_batch_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<AppendItem> queue_;
  std::vector<Done> done_;  // parallel to queue_
  Counters counters_;
  std::function<void(double seconds)> observe_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace yinsh::server

#include "server/store/store_writer.h"

#include <algorithm>
#include <chrono>
#include <iterator>

namespace yinsh::server {

bool Store::save_report(const std::string&, const std::string&, std::string* error) {
  if (error) *error = "this store keeps no reports";
  return false;
}

std::optional<std::string> Store::load_report(const std::string&) { return std::nullopt; }

void Store::append_many(std::vector<AppendItem>& items) {
  for (auto& item : items) item.status = append(item.game, item.events, item.summary, &item.error, item.rating.get());
}

StoreWriter::StoreWriter(Store& store, size_t max_batch)
    : store_(store), max_batch_(std::max<size_t>(1, max_batch)), thread_([this] { loop(); }) {}

StoreWriter::~StoreWriter() { stop(); }

void StoreWriter::append(std::string game, std::vector<StoredEvent> events, GameSummary summary, Done done,
                         std::shared_ptr<RatedGame> rating) {
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      queue_.push_back({std::move(game), std::move(events), std::move(summary), std::move(rating), AppendStatus::Failed, {}});
      done_.push_back(std::move(done));
      wake_.notify_one();
      return;
    }
  }
  done(AppendStatus::Failed, "the server is stopping");
}

void StoreWriter::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    wake_.notify_one();
  }
  if (thread_.joinable() && thread_.get_id() != std::this_thread::get_id()) thread_.join();
}

StoreWriter::Counters StoreWriter::counters() const {
  std::lock_guard lock(mutex_);
  return counters_;
}

void StoreWriter::loop() {
  std::vector<AppendItem> batch;
  std::vector<Done> done;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything queued is stored
      if (queue_.size() <= max_batch_) {  // the usual case: take everything
        batch.swap(queue_);
        done.swap(done_);
      } else {
        const auto n = long(max_batch_);
        batch.assign(std::make_move_iterator(queue_.begin()), std::make_move_iterator(queue_.begin() + n));
        done.assign(std::make_move_iterator(done_.begin()), std::make_move_iterator(done_.begin() + n));
        queue_.erase(queue_.begin(), queue_.begin() + n);
        done_.erase(done_.begin(), done_.begin() + n);
      }
    }
    const auto started = std::chrono::steady_clock::now();
    try {
      store_.append_many(batch);
    } catch (const std::exception& e) {  // a store reports failures in the items; be safe anyway
      for (auto& item : batch) {
        item.status = AppendStatus::Failed;
        item.error = e.what();
      }
    }
    {
      std::lock_guard lock(mutex_);
      counters_.commits++;
      counters_.appends += batch.size();
    }
    if (observe_) observe_(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    for (size_t i = 0; i < batch.size(); ++i) done[i](batch[i].status, batch[i].error);
    // Empty for the next round (swap needs it), and the callbacks hold their rooms: let them
    // go now, not at the next batch.
    done.clear();
    batch.clear();
  }
}

}  // namespace yinsh::server

#include "server/common/client_slots.h"

namespace yinsh::server {

ClientSlots::Take ClientSlots::take(const std::string& client) {
  std::lock_guard lock(mutex_);
  if (used_ >= max_) return Take::Full;
  int& mine = by_client_[client];
  if (mine >= per_client_) return Take::ClientFull;
  ++mine;
  ++used_;
  return Take::Taken;
}

void ClientSlots::give_back(const std::string& client) {
  std::lock_guard lock(mutex_);
  if (const auto it = by_client_.find(client); it != by_client_.end() && --it->second <= 0) by_client_.erase(it);
  --used_;
  idle_.notify_all();
}

void ClientSlots::wait_idle() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [&] { return used_ == 0; });
}

int ClientSlots::in_use() const {
  std::lock_guard lock(mutex_);
  return used_;
}

}  // namespace yinsh::server

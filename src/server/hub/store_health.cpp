#include "server/hub/store_health.h"

#include <cstdio>

namespace yinsh::server {

void StoreHealth::failed(Op op, const std::string& what, const std::string& cause) {
  if (errors_) errors_->fetch_add(1, std::memory_order_relaxed);
  std::string line;
  {
    std::lock_guard lock(mutex_);
    const bool was_failing = read_failing_ || write_failing_;
    (op == Op::Read ? read_failing_ : write_failing_) = true;
    ++failures_;
    if (was_failing) return;
    since_ = std::chrono::steady_clock::now();
    line = "storage is failing (" + what + "): " + cause;
  }
  if (warn_) warn_(line);
}

void StoreHealth::succeeded(Op op) {
  std::string line;
  {
    std::lock_guard lock(mutex_);
    bool& flag = op == Op::Read ? read_failing_ : write_failing_;
    if (!flag) return;
    flag = false;
    if (read_failing_ || write_failing_) return;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - since_).count();
    char buf[160];
    std::snprintf(buf, sizeof buf, "storage is back after %.1f s (%llu failed calls)", seconds,
                  static_cast<unsigned long long>(failures_));
    line = buf;
    failures_ = 0;
  }
  if (info_) info_(line);
}

bool StoreHealth::ready() const {
  std::lock_guard lock(mutex_);
  return !read_failing_ && !write_failing_;
}

}  // namespace yinsh::server

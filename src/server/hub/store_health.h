// StoreHealth: what the hub knows of its store from the outcome of every store call. A failing
// store is logged once, with the call and the cause, when the first call fails, and once
// more when calls succeed again (how long, how many failed); every failed call is counted
// (yinsh_store_errors_total in /metrics). Reads and writes are followed apart: a database
// that reads but refuses writes (read-only, a full disk) is not ready (/readyz).
// Clients are never told the cause (it names files, sockets and hosts): kClientMessage.
// Thread-safe; no Asio.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>

namespace yinsh::server {

class StoreHealth {
 public:
  using Log = std::function<void(const std::string&)>;
  static constexpr const char* kClientMessage = "storage is unavailable; nothing changed, try again in a moment";
  enum class Op { Read, Write };

  // `warn`, `info`: the server's log (unset: nowhere); `errors`: the counter (may be null).
  StoreHealth(Log warn, Log info, std::atomic<uint64_t>* errors)
      : warn_(std::move(warn)), info_(std::move(info)), errors_(errors) {}

  // `what`: the call ("storing game k3j9x2m4p8qa"); `cause`: the store's error.
  void failed(Op op, const std::string& what, const std::string& cause);
  void succeeded(Op op);
  // Neither the last read nor the last write failed.
  bool ready() const;

 private:
  Log warn_, info_;
  std::atomic<uint64_t>* errors_;
  mutable std::mutex mutex_;
  bool read_failing_ = false, write_failing_ = false;
  uint64_t failures_ = 0;  // in this outage
  std::chrono::steady_clock::time_point since_{};
};

}  // namespace yinsh::server

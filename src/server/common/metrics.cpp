#include "server/common/metrics.h"

#include <unistd.h>

#include <cstdio>
#include <fstream>

namespace yinsh::server {

void Histogram::observe(double seconds) {
  size_t i = 0;
  while (i < kBounds.size() && seconds > kBounds[i]) ++i;
  buckets_[i].fetch_add(1, std::memory_order_relaxed);
  count_.fetch_add(1, std::memory_order_relaxed);
  sum_us_.fetch_add(uint64_t(seconds > 0 ? seconds * 1e6 : 0), std::memory_order_relaxed);
}

void Histogram::write(std::string& out, const char* name, const char* help) const {
  char line[256];
  std::snprintf(line, sizeof line, "# HELP %s %s\n# TYPE %s histogram\n", name, help, name);
  out += line;
  uint64_t cumulative = 0;
  for (size_t i = 0; i <= kBounds.size(); ++i) {
    cumulative += buckets_[i].load(std::memory_order_relaxed);
    if (i < kBounds.size())
      std::snprintf(line, sizeof line, "%s_bucket{le=\"%g\"} %llu\n", name, kBounds[i], (unsigned long long)cumulative);
    else
      std::snprintf(line, sizeof line, "%s_bucket{le=\"+Inf\"} %llu\n", name, (unsigned long long)cumulative);
    out += line;
  }
  std::snprintf(line, sizeof line, "%s_sum %.6f\n%s_count %llu\n", name,
                double(sum_us_.load(std::memory_order_relaxed)) / 1e6, name,
                (unsigned long long)count_.load(std::memory_order_relaxed));
  out += line;
}

namespace {

template <class T>
void metric(std::string& out, const char* name, const char* type, const char* help, const T& value) {
  char line[320];
  std::snprintf(line, sizeof line, "# HELP %s %s\n# TYPE %s %s\n%s %lld\n", name, help, name, type, name,
                (long long)value.load(std::memory_order_relaxed));
  out += line;
}

}  // namespace

std::string Metrics::render(const std::string& games) const {
  std::string out;
  metric(out, "yinsh_http_connections", "gauge", "Open HTTP connections (not upgraded to WebSocket).", http_connections);
  metric(out, "yinsh_websocket_connections", "gauge", "Open WebSocket connections.", ws_connections);
  metric(out, "yinsh_http_requests_total", "counter", "HTTP requests answered.", http_requests);
  metric(out, "yinsh_http_rate_limited_total", "counter", "HTTP requests refused with 429.", http_rate_limited);
  metric(out, "yinsh_connections_refused_total", "counter", "Connections refused over a connection cap.",
         connections_refused);
  metric(out, "yinsh_origins_refused_total", "counter", "WebSocket upgrades refused for their Origin.",
         origins_refused);
  metric(out, "yinsh_accept_errors_total", "counter", "Failed accepts (EMFILE, ENFILE, ...).", accept_errors);
  metric(out, "yinsh_send_queue_bytes", "gauge", "Bytes waiting in all WebSocket send queues.", send_queue_bytes);
  metric(out, "yinsh_slow_clients_dropped_total", "counter", "WebSocket clients dropped over the send-queue limit.",
         slow_clients_dropped);
  metric(out, "yinsh_snapshots_coalesced_total", "counter", "Snapshots replaced by a newer one before being sent.",
         snapshots_coalesced);
  metric(out, "yinsh_decisions_total", "counter", "Decisions stored (rate() gives decisions per second).", decisions);
  metric(out, "yinsh_store_errors_total", "counter", "Store calls (reads and writes) that failed.", store_errors);
  metric(out, "yinsh_ai_queue_depth", "gauge", "AI searches waiting for a thread.", ai_queue);
  ai_think_seconds.write(out, "yinsh_ai_think_seconds", "Time of one AI search.");
  store_commit_seconds.write(out, "yinsh_store_commit_seconds", "Time of one group commit of the store writer.");
  out += games;
  char line[160];
  std::snprintf(line, sizeof line,
                "# HELP yinsh_resident_memory_bytes Resident set size.\n# TYPE yinsh_resident_memory_bytes gauge\n"
                "yinsh_resident_memory_bytes %lld\n",
                (long long)resident_bytes());
  out += line;
  return out;
}

int64_t resident_bytes() {
  std::ifstream f("/proc/self/statm");
  long long size = 0, resident = 0;
  if (!(f >> size >> resident)) return 0;
  return resident * sysconf(_SC_PAGESIZE);
}

}  // namespace yinsh::server

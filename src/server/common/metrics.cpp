#include "server/common/metrics.h"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

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

// The standard process_* metrics of Prometheus's client libraries, from /proc (Linux).
void process_metrics(std::string& out) {
  std::ifstream stat_file("/proc/self/stat");
  std::string stat((std::istreambuf_iterator<char>(stat_file)), {});
  const auto paren = stat.rfind(')');  // the command name may hold spaces
  if (paren == std::string::npos) return;
  std::istringstream fields(stat.substr(paren + 2));
  std::vector<std::string> f((std::istream_iterator<std::string>(fields)), {});
  if (f.size() < 22) return;  // f[0] is field 3 (state)
  const double tick = double(sysconf(_SC_CLK_TCK));
  const double cpu = (std::stod(f[11]) + std::stod(f[12])) / tick;  // utime, stime
  double boot = 0;
  std::ifstream proc_stat("/proc/stat");
  for (std::string key; proc_stat >> key;)
    if (key == "btime" && (proc_stat >> boot)) break;
  const double start = boot + std::stod(f[19]) / tick;  // starttime, since boot
  const long long virt = std::stoll(f[20]);
  long long fds = 0;
  std::error_code ec;
  for (auto it = std::filesystem::directory_iterator("/proc/self/fd", ec); !ec && it != std::filesystem::directory_iterator();
       it.increment(ec))
    ++fds;
  rlimit limit{};
  getrlimit(RLIMIT_NOFILE, &limit);
  char text[900];
  std::snprintf(text, sizeof text,
                "# HELP process_cpu_seconds_total User and system CPU time spent, in seconds.\n"
                "# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total %.2f\n"
                "# HELP process_resident_memory_bytes Resident memory size in bytes.\n"
                "# TYPE process_resident_memory_bytes gauge\nprocess_resident_memory_bytes %lld\n"
                "# HELP process_virtual_memory_bytes Virtual memory size in bytes.\n"
                "# TYPE process_virtual_memory_bytes gauge\nprocess_virtual_memory_bytes %lld\n"
                "# HELP process_start_time_seconds Start time of the process since the epoch, in seconds.\n"
                "# TYPE process_start_time_seconds gauge\nprocess_start_time_seconds %.2f\n"
                "# HELP process_open_fds Open file descriptors.\n# TYPE process_open_fds gauge\nprocess_open_fds %lld\n"
                "# HELP process_max_fds The most file descriptors the process may open.\n"
                "# TYPE process_max_fds gauge\nprocess_max_fds %lld\n",
                cpu, (long long)resident_bytes(), virt, start, fds, (long long)limit.rlim_cur);
  out += text;
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
  out += "# HELP yinsh_build_info The program's version (the value is always 1).\n# TYPE yinsh_build_info gauge\n"
         "yinsh_build_info{version=\"" YINSH_VERSION "\"} 1\n";
  process_metrics(out);
  return out;
}

int64_t resident_bytes() {
  std::ifstream f("/proc/self/statm");
  long long size = 0, resident = 0;
  if (!(f >> size >> resident)) return 0;
  return resident * sysconf(_SC_PAGESIZE);
}

}  // namespace yinsh::server

#include "systemd_notify.h"

#include <systemd/sd-daemon.h>

namespace yinsh::cli {

void notify_ready(const std::string& status) { sd_notifyf(0, "READY=1\nSTATUS=%s", status.c_str()); }

void notify_stopping(const std::string& status) { sd_notifyf(0, "STOPPING=1\nSTATUS=%s", status.c_str()); }

void notify_watchdog() { sd_notify(0, "WATCHDOG=1"); }

std::chrono::microseconds watchdog_ping_interval() {
  uint64_t usec = 0;
  if (sd_watchdog_enabled(0, &usec) <= 0 || usec == 0) return std::chrono::microseconds(0);
  return std::chrono::microseconds(usec / 2);
}

}  // namespace yinsh::cli

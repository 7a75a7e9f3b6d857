// The service manager's notifications (sd_notify(3)) for `yinsh serve` under a Type=notify
// unit: READY=1 once the port listens, WATCHDOG=1 from the main loop (which waits for
// signals) when the I/O threads answer a probe (Server::responsive: a stuck I/O loop stops
// the pings), STOPPING=1 when the drain begins. Without systemd
// (no $NOTIFY_SOCKET) every call does nothing.
#pragma once

#include <chrono>
#include <string>

namespace yinsh::cli {

// READY=1 with a STATUS= line (the listening address).
void notify_ready(const std::string& status);
// STOPPING=1 with a STATUS= line.
void notify_stopping(const std::string& status);
// WATCHDOG=1.
void notify_watchdog();
// How often to send WATCHDOG=1: half the unit's WatchdogSec= ($WATCHDOG_USEC, when
// $WATCHDOG_PID is this process or unset); zero when the unit has no watchdog.
std::chrono::microseconds watchdog_ping_interval();

}  // namespace yinsh::cli

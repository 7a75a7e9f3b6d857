// The site shared by every server on one PostgreSQL database (common/site_bus.h):
//
// - tables as the source of truth: `site_rows` (kind, key, the server that put it, body),
//   `site_servers` (each server's heartbeat), `site_events` (the event stream: every change
//   of a row and every message, numbered by `site_seq`, a one-row counter incremented in the
//   same transaction, so the numbers are committed in order and without gaps);
// - a writer thread with its own connection: puts, removes, claims and messages in order, one
//   transaction each, then NOTIFY yinsh_site; a heartbeat every `heartbeat_ms`; the rows of a
//   server silent for `lease_ms` are deleted (by any live server: the reaping is an event like
//   any other);
// - a listener thread with its own connection: LISTEN yinsh_site, then reads the events after
//   the last one it applied (also once a second without a notification), applies them to its
//   copy of the rows and calls the watchers and subscribers. A gap (events pruned while it was
//   away, after `keep_events_ms`) or a new connection makes it resync: the rows and the counter
//   read in one snapshot, then the messages to this server it had not applied (kept
//   kMessageKeep times longer than the other events), so that a `matched` is not lost.
//
// Exactly-once: claim() deletes the row in its transaction; of two servers claiming at once
// the database gives it to one. A row claimed from another server is noted (`site_taken`)
// until that server removes or puts the key again: when it registers again after its lease
// ran out, it puts back the rows it holds but never a taken one. Nothing here is a consensus
// of its own.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "server/common/site_bus.h"

namespace yinsh::server {

struct PgSiteOptions {
  int64_t heartbeat_ms = 1000;  // how often a server says it is alive
  int64_t lease_ms = 5000;      // silent this long: its rows are deleted by the others
  int64_t keep_events_ms = 60000;  // events older than this are pruned (a server away longer resyncs)
};
// Messages to one server are kept this many times keep_events_ms (10 minutes by default).
inline constexpr int64_t kMessageKeep = 10;

// Connects (two connections), creates the site's tables if missing, registers this server and
// starts both threads. Nullptr with `error` when the database cannot be reached.
std::unique_ptr<SiteBus> open_postgres_site(const std::string& conninfo, std::string* error,
                                            PgSiteOptions options = {});

}  // namespace yinsh::server

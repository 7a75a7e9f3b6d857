// The site's tables and the names its rows and messages carry in them (pg_site.h). PostgreSQL
// only: with SQLite one process is the site and nothing is stored.
#pragma once

#include <optional>
#include <string_view>

#include "server/common/site_bus.h"

namespace yinsh::server::site {

// Created if missing (under an advisory lock: several servers start at once). The rows and
// the events are live state, not history: nothing else reads them. `site_taken`: the rows
// another server claimed, until the server that put them removes or puts them again (or, once
// it is gone for good, after `keep_events_ms`): a server registering again after its lease
// puts back the rows it holds, but never one of these (a claimed pairing request put back
// would be claimed twice).
inline constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS site_servers(id TEXT PRIMARY KEY, seen_at TIMESTAMPTZ NOT NULL);
CREATE TABLE IF NOT EXISTS site_rows(kind TEXT NOT NULL, key TEXT NOT NULL, server TEXT NOT NULL,
                                     body TEXT NOT NULL, PRIMARY KEY(kind, key));
CREATE INDEX IF NOT EXISTS site_rows_server ON site_rows(server);
CREATE TABLE IF NOT EXISTS site_taken(kind TEXT NOT NULL, key TEXT NOT NULL, server TEXT NOT NULL,
                                      at TIMESTAMPTZ NOT NULL DEFAULT now(), PRIMARY KEY(kind, key));
CREATE TABLE IF NOT EXISTS site_seq(one INTEGER PRIMARY KEY CHECK (one = 1), n BIGINT NOT NULL);
INSERT INTO site_seq VALUES (1, 0) ON CONFLICT DO NOTHING;
CREATE TABLE IF NOT EXISTS site_events(seq BIGINT PRIMARY KEY, at TIMESTAMPTZ NOT NULL DEFAULT now(),
                                       origin TEXT NOT NULL, target TEXT NOT NULL, op TEXT NOT NULL,
                                       kind TEXT NOT NULL, key TEXT NOT NULL, body TEXT NOT NULL);
)sql";
inline constexpr const char* kChannel = "yinsh_site";
inline constexpr long kSchemaLock = 7366422;

// What an event does: a row put or deleted, or a message.
enum class Op { Put, Del, Msg };

constexpr std::string_view op_name(Op o) { return o == Op::Put ? "put" : o == Op::Del ? "del" : "msg"; }
inline std::optional<Op> parse_op(std::string_view s) {
  for (Op o : {Op::Put, Op::Del, Op::Msg})
    if (op_name(o) == s) return o;
  return std::nullopt;
}
inline constexpr RowKind kRowKinds[] = {RowKind::Seek, RowKind::Presence, RowKind::Challenge, RowKind::Pair};
constexpr std::string_view kind_name(RowKind k) {
  switch (k) {
    case RowKind::Seek: return "seek";
    case RowKind::Challenge: return "challenge";
    case RowKind::Pair: return "pair";
    case RowKind::Presence: break;
  }
  return "presence";
}
inline std::optional<RowKind> parse_kind(std::string_view s) {
  for (RowKind k : kRowKinds)
    if (kind_name(k) == s) return k;
  return std::nullopt;
}
constexpr std::string_view topic_name(SiteTopic t) {
  switch (t) {
    case SiteTopic::Matched: return "matched";
    case SiteTopic::Notice: return "notice";
    case SiteTopic::AccountGame: return "account_game";
    case SiteTopic::AccountChanged: break;
  }
  return "account";
}
inline std::optional<SiteTopic> parse_topic(std::string_view s) {
  for (SiteTopic t : {SiteTopic::Matched, SiteTopic::AccountChanged, SiteTopic::Notice, SiteTopic::AccountGame})
    if (topic_name(t) == s) return t;
  return std::nullopt;
}

}  // namespace yinsh::server::site

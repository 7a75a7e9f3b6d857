// The outbox: every mail the site sends is a row of table mail_outbox (migration 8) before it
// goes to the relay, written in the same transaction as what caused it (a password-reset
// token, the keys of the notifications it carries). The mailer (mailer.h) claims due rows
// with a lease (several servers on one database never send the same row at once), hands them
// to the relay, and marks each one sent as soon as the relay took it; a relay that is down
// costs nothing but time: the rows wait and go when it is back. A row is sent at most once
// (a lease ends only after the relay's timeout, and a row marked sent is never claimed again),
// and at least once unless the relay refuses it for good (5xx) or it failed kMaxAttempts times.
//
// Row: id (the Message-ID's local part, 128 random bits in hex), to_addr, kind (MailKind),
// message (the whole RFC 5322 text), created_at, next_try, attempts, last_error, sent_at,
// gave_up_at, claimed_until (ms since the epoch, wall clock).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/db/sql.h"

namespace yinsh::server {

enum class MailKind { Verify, Reset, YourTurn, TimeLow, Challenge };
// "verify", "reset", "your_turn", "time_low", "challenges" (the kinds of notifications: as their preferences)
const char* mail_kind_name(MailKind k);
std::optional<MailKind> parse_mail_kind(const std::string& s);

struct OutboxMail {
  std::string id, to, message;
  int attempts = 0;
};

struct OutboxCounts {
  int64_t queued = 0, sent = 0, gave_up = 0;
};

class Outbox {
 public:
  static constexpr int kMaxAttempts = 12;  // 4xx answers, with backoff: about a day in all

  explicit Outbox(Transactor tx) : tx_(std::move(tx)) {}

  // A new row in the caller's transaction, due at once. `message` is made by `compose` from
  // the row's id (its Message-ID).
  template <class Compose>
  static std::string add(Sql& sql, const std::string& to, MailKind kind, int64_t now, Compose&& compose);

  // Up to `limit` due rows, each leased to the caller for `lease_ms`.
  std::vector<OutboxMail> claim(int64_t now, int limit, int64_t lease_ms);
  void sent(const std::string& id, int64_t now);
  // A 4xx: tried again after a backoff (1 min, doubling, at most 4 h) until kMaxAttempts.
  void later(const OutboxMail& m, int64_t now, const std::string& error);
  // A 5xx: never tried again.
  void refused(const std::string& id, int64_t now, const std::string& error);
  // The relay did not answer: the rows go back, due at `due`, no attempt counted.
  void release(const std::vector<OutboxMail>& rows, int64_t due);
  OutboxCounts counts();
  // Rows sent or given up before `before` are deleted (the outbox is not an archive).
  void prune(int64_t before);

 private:
  static void insert(Sql& sql, const std::string& id, const std::string& to, MailKind kind, const std::string& message,
                     int64_t now);
  static std::string new_id();
  Transactor tx_;
};

template <class Compose>
std::string Outbox::add(Sql& sql, const std::string& to, MailKind kind, int64_t now, Compose&& compose) {
  const std::string id = new_id();
  insert(sql, id, to, kind, compose(id), now);
  return id;
}

}  // namespace yinsh::server

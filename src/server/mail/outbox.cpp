// Outbox (outbox.h): the rows of mail_outbox.
#include "server/mail/outbox.h"

#include <algorithm>

#include "server/common/ids.h"

namespace yinsh::server {

const char* mail_kind_name(MailKind k) {
  switch (k) {
    case MailKind::Verify: return "verify";
    case MailKind::Reset: return "reset";
    case MailKind::YourTurn: return "your_turn";
    case MailKind::TimeLow: return "time_low";
    case MailKind::Challenge: return "challenges";
  }
  return "?";
}

std::optional<MailKind> parse_mail_kind(const std::string& s) {
  for (MailKind k : {MailKind::Verify, MailKind::Reset, MailKind::YourTurn, MailKind::TimeLow, MailKind::Challenge})
    if (s == mail_kind_name(k)) return k;
  return std::nullopt;
}

std::string Outbox::new_id() { return new_token(); }

void Outbox::insert(Sql& sql, const std::string& id, const std::string& to, MailKind kind, const std::string& message,
                    int64_t now) {
  sql.run("INSERT INTO mail_outbox(id, to_addr, kind, message, created_at, next_try) VALUES (?, ?, ?, ?, ?, ?)",
          {id, to, std::string(mail_kind_name(kind)), message, now, now});
}

std::vector<OutboxMail> Outbox::claim(int64_t now, int limit, int64_t lease_ms) {
  std::vector<OutboxMail> out;
  tx_([&](Sql& sql) {
    const auto rows = sql.run(
        "SELECT id, to_addr, message, attempts FROM mail_outbox WHERE sent_at IS NULL AND gave_up_at IS NULL "
        "AND next_try <= ? AND (claimed_until IS NULL OR claimed_until < ?) ORDER BY next_try LIMIT ?",
        {now, now, int64_t(limit)});
    for (const auto& r : rows) {
      // Another server may have claimed it since the SELECT: the UPDATE's condition decides.
      sql.run("UPDATE mail_outbox SET claimed_until=? WHERE id=? AND sent_at IS NULL AND "
              "(claimed_until IS NULL OR claimed_until < ?)",
              {now + lease_ms, sql_text(r[0]), now});
      if (sql.changes() == 1) out.push_back({sql_text(r[0]), sql_text(r[1]), sql_text(r[2]), int(sql_int(r[3]))});
    }
  });
  return out;
}

void Outbox::sent(const std::string& id, int64_t now) {
  tx_([&](Sql& sql) { sql.run("UPDATE mail_outbox SET sent_at=?, claimed_until=NULL WHERE id=?", {now, id}); });
}

void Outbox::later(const OutboxMail& m, int64_t now, const std::string& error) {
  const int attempts = m.attempts + 1;
  if (attempts >= kMaxAttempts) return refused(m.id, now, error + " (after " + std::to_string(attempts) + " attempts)");
  const int64_t wait = std::min<int64_t>(int64_t(60000) << std::min(attempts - 1, 20), int64_t(4) * 3600 * 1000);
  tx_([&](Sql& sql) {
    sql.run("UPDATE mail_outbox SET attempts=?, next_try=?, last_error=?, claimed_until=NULL WHERE id=?",
            {int64_t(attempts), now + wait, error.substr(0, 500), m.id});
  });
}

void Outbox::refused(const std::string& id, int64_t now, const std::string& error) {
  tx_([&](Sql& sql) {
    sql.run("UPDATE mail_outbox SET gave_up_at=?, last_error=?, claimed_until=NULL WHERE id=?",
            {now, error.substr(0, 500), id});
  });
}

void Outbox::release(const std::vector<OutboxMail>& rows, int64_t due) {
  if (rows.empty()) return;
  tx_([&](Sql& sql) {
    for (const auto& m : rows)
      sql.run("UPDATE mail_outbox SET next_try=?, claimed_until=NULL WHERE id=? AND sent_at IS NULL", {due, m.id});
  });
}

OutboxCounts Outbox::counts() {
  OutboxCounts c;
  tx_([&](Sql& sql) {
    const auto r = sql.run(
        "SELECT SUM(CASE WHEN sent_at IS NULL AND gave_up_at IS NULL THEN 1 ELSE 0 END), "
        "SUM(CASE WHEN sent_at IS NOT NULL THEN 1 ELSE 0 END), SUM(CASE WHEN gave_up_at IS NOT NULL THEN 1 ELSE 0 END) "
        "FROM mail_outbox");
    if (!r.empty()) c = {sql_int(r[0][0]), sql_int(r[0][1]), sql_int(r[0][2])};
  });
  return c;
}

void Outbox::prune(int64_t before) {
  tx_([&](Sql& sql) {
    sql.run("DELETE FROM mail_outbox WHERE (sent_at IS NOT NULL AND sent_at < ?) OR (gave_up_at IS NOT NULL AND "
            "gave_up_at < ?)",
            {before, before});
  });
}

}  // namespace yinsh::server

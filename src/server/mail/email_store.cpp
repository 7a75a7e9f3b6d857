// EmailStore (email_store.h).
#include "server/mail/email_store.h"

#include <sodium.h>

#include <cctype>

#include "accounts/password.h"
#include "server/common/ids.h"

namespace yinsh::server {

namespace {

const char* kind_name(EmailTokenKind k) { return k == EmailTokenKind::Verify ? "verify" : "reset"; }

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

EmailSettings EmailStore::get(const std::string& account_id) {
  EmailSettings s;
  tx_([&](Sql& sql) {
    const auto r = sql.run(
        "SELECT address, verified_at, your_turn, time_low, unsub_key, challenges FROM account_email WHERE account_id=?",
        {account_id});
    if (r.empty()) return;
    s.address = sql_text(r[0][0]);
    s.verified = r[0][1].has_value();
    s.your_turn = sql_int(r[0][2]) != 0;
    s.time_low = sql_int(r[0][3]) != 0;
    s.unsubscribe_key = sql_text(r[0][4]);
    s.challenges = sql_int(r[0][5]) != 0;
  });
  return s;
}

std::string EmailStore::set_address(Sql& sql, const std::string& account_id, const std::string& address, int64_t now) {
  const auto r = sql.run("SELECT address FROM account_email WHERE account_id=?", {account_id});
  if (r.empty())
    sql.run("INSERT INTO account_email(account_id, address, address_key, unsub_key, changed_at) VALUES (?, ?, ?, ?, ?)",
            {account_id, address, lower(address), yinsh::server::new_token(), now});
  else if (sql_text(r[0][0]) != address)
    sql.run("UPDATE account_email SET address=?, address_key=?, verified_at=NULL, unsub_key=?, changed_at=? "
            "WHERE account_id=?",
            {address, lower(address), yinsh::server::new_token(), now, account_id});
  return new_token(sql, account_id, EmailTokenKind::Verify, address, now);
}

std::string EmailStore::new_token(Sql& sql, const std::string& account_id, EmailTokenKind kind,
                                  const std::string& address, int64_t now) {
  sql.run("DELETE FROM email_tokens WHERE account_id=? AND kind=?", {account_id, std::string(kind_name(kind))});
  const std::string token = accounts::new_session_token();  // 32 random bytes, base64url
  const int64_t life = kind == EmailTokenKind::Verify ? kVerifyTokenMs : kResetTokenMs;
  sql.run("INSERT INTO email_tokens(digest, account_id, kind, address, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
          {accounts::token_digest(token), account_id, std::string(kind_name(kind)), address, now, now + life});
  return token;
}

void EmailStore::remove_address(const std::string& account_id) {
  tx_([&](Sql& sql) {
    sql.run("DELETE FROM email_tokens WHERE account_id=?", {account_id});
    sql.run("DELETE FROM account_email WHERE account_id=?", {account_id});
  });
}

void EmailStore::set_preferences(const std::string& account_id, bool your_turn, bool time_low,
                                 std::optional<bool> challenges) {
  tx_([&](Sql& sql) {
    sql.run("UPDATE account_email SET your_turn=?, time_low=? WHERE account_id=?",
            {int64_t(your_turn), int64_t(time_low), account_id});
    if (challenges)
      sql.run("UPDATE account_email SET challenges=? WHERE account_id=?", {int64_t(*challenges), account_id});
  });
}

std::optional<std::pair<std::string, std::string>> EmailStore::reset_target(Sql& sql, const std::string& login) {
  const std::string key = lower(login);
  const auto r = sql.run(
      "SELECT e.account_id, e.address FROM account_email e JOIN accounts a ON a.id = e.account_id "
      "WHERE (e.address_key=? OR a.name_key=?) AND e.verified_at IS NOT NULL AND a.deleted=0 AND a.closed=0 LIMIT 1",
      {key, key});
  if (r.empty()) return std::nullopt;
  return std::pair(sql_text(r[0][0]), sql_text(r[0][1]));
}

std::optional<SpentToken> EmailStore::spend(Sql& sql, const std::string& token, EmailTokenKind kind, int64_t now) {
  if (token.size() < 20 || token.size() > 100) return std::nullopt;
  const std::string digest = accounts::token_digest(token);
  const auto r = sql.run(
      "SELECT account_id, address FROM email_tokens WHERE digest=? AND kind=? AND used_at IS NULL AND expires_at > ?",
      {digest, std::string(kind_name(kind)), now});
  if (r.empty()) return std::nullopt;
  // Spent by whoever's UPDATE changes the row: two requests with one token, one wins.
  sql.run("UPDATE email_tokens SET used_at=? WHERE digest=? AND used_at IS NULL", {now, digest});
  if (sql.changes() != 1) return std::nullopt;
  SpentToken t{sql_text(r[0][0]), sql_text(r[0][1])};
  const auto current = sql.run("SELECT address FROM account_email WHERE account_id=?", {t.account_id});
  if (current.empty() || sql_text(current[0][0]) != t.address) return std::nullopt;
  return t;
}

void EmailStore::mark_verified(Sql& sql, const std::string& account_id, int64_t now) {
  sql.run("UPDATE account_email SET verified_at=? WHERE account_id=? AND verified_at IS NULL", {now, account_id});
}

std::string EmailStore::unsubscribe_token(const std::string& account_id, MailKind kind, const std::string& key) {
  return account_id + "." + mail_kind_name(kind) + "." + key;
}

std::optional<MailKind> EmailStore::unsubscribe(const std::string& token) {
  const size_t a = token.find('.');
  const size_t b = a == std::string::npos ? a : token.find('.', a + 1);
  if (b == std::string::npos || token.size() > 200) return std::nullopt;
  const std::string account = token.substr(0, a), key = token.substr(b + 1);
  const auto kind = parse_mail_kind(token.substr(a + 1, b - a - 1));
  if (!kind || (*kind != MailKind::YourTurn && *kind != MailKind::TimeLow && *kind != MailKind::Challenge))
    return std::nullopt;
  std::optional<MailKind> out;
  tx_([&](Sql& sql) {
    const auto r = sql.run("SELECT unsub_key FROM account_email WHERE account_id=?", {account});
    if (r.empty()) return;
    const std::string stored = sql_text(r[0][0]);
    if (stored.size() != key.size() || sodium_memcmp(stored.data(), key.data(), key.size()) != 0) return;
    sql.run(*kind == MailKind::YourTurn  ? "UPDATE account_email SET your_turn=0 WHERE account_id=?"
            : *kind == MailKind::TimeLow ? "UPDATE account_email SET time_low=0 WHERE account_id=?"
                                         : "UPDATE account_email SET challenges=0 WHERE account_id=?",
            {account});
    out = kind;
  });
  return out;
}

}  // namespace yinsh::server

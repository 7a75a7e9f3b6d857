// Accounts' e-mail addresses, their notification preferences and the tokens mailed to them
// (tables account_email and email_tokens, migration 8).
//
// An account has at most one address; it receives notifications only once verified. A
// token (address verification, password reset) is 32 random bytes (256 bits: guessing one is
// hopeless at any rate of requests) written base64url, mailed once and stored only as its
// BLAKE2b digest; it is single-use (spent in the transaction that uses it), expires
// (verification after 48 h, reset after 1 h), and a new one of the same kind replaces the
// account's older ones. An unsubscribe link carries "<account id>.<kind>.<key>", the key being
// 128 random bits kept with the address (a new address gets a new key).
//
// All methods run SQL through the Transactor given (blocking: call them on a pool thread).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/db/sql.h"
#include "server/mail/outbox.h"

namespace yinsh::server {

struct EmailSettings {
  std::optional<std::string> address;  // none: the account gets no mail
  bool verified = false;
  bool your_turn = true;
  bool time_low = true;
  bool challenges = true;  // a challenge stored while the account was offline
  std::string unsubscribe_key;
};

enum class EmailTokenKind { Verify, Reset };

constexpr int64_t kVerifyTokenMs = 48LL * 3600 * 1000;
constexpr int64_t kResetTokenMs = 3600LL * 1000;

struct SpentToken {
  std::string account_id;
  std::string address;
};

class EmailStore {
 public:
  explicit EmailStore(Transactor tx) : tx_(std::move(tx)) {}

  EmailSettings get(const std::string& account_id);
  // In the caller's transaction (the mail that carries the token is queued in the same one):
  // the account's address becomes `address` (unverified; the preferences stay), a new
  // verification token is made, and returned.
  static std::string set_address(Sql& sql, const std::string& account_id, const std::string& address, int64_t now);
  static std::string new_token(Sql& sql, const std::string& account_id, EmailTokenKind kind,
                               const std::string& address, int64_t now);
  void remove_address(const std::string& account_id);
  // `challenges` nullopt: left as it is.
  void set_preferences(const std::string& account_id, bool your_turn, bool time_low, std::optional<bool> challenges);
  // The verified account of an address or a name key, active: for a password reset.
  static std::optional<std::pair<std::string, std::string>> reset_target(Sql& sql, const std::string& login);
  // Spends a token of `kind`: its account and address, or nullopt (unknown, used, expired, or a
  // verification of an address the account no longer has). In the caller's transaction.
  static std::optional<SpentToken> spend(Sql& sql, const std::string& token, EmailTokenKind kind, int64_t now);
  static void mark_verified(Sql& sql, const std::string& account_id, int64_t now);
  // An unsubscribe link's token: the kind turned off, or nullopt when the token is not one.
  std::optional<MailKind> unsubscribe(const std::string& token);
  static std::string unsubscribe_token(const std::string& account_id, MailKind kind, const std::string& key);

 private:
  Transactor tx_;
};

}  // namespace yinsh::server

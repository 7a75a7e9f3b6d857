// Mailer: the site's mail, from the outbox (outbox.h) to an SMTP relay (smtp.h), on a thread
// of its own, and the notifications it finds in the store (notifications.cpp):
//   - "your turn": a correspondence game whose player to move has a verified address with
//     your-turn mails on, the last move at least `turn_delay_ms` old (a turn of several
//     decisions, or a reply within the minute, sends nothing). At most one mail per game per
//     move: the key "turn:<game>:<ply>" is written in mail_keys in the transaction that queues
//     the mail, so that one server, once, queues it. The games found in one look are batched:
//     one mail per player, listing them all.
//   - "time running out": less than 24 h (or half the time per move, if less) left to move,
//     key "low:<game>:<ply>", batched the same way.
//   - "a challenge": a challenge stored for an account while it was offline (challenge_store.h),
//     to an account with a verified address and challenge mails on; key "challenge:<id>",
//     batched the same way.
// Looking for notifications every `notify_check_ms` (wall time), the games' deadlines read by
// the games' clock (the test clock under `yinsh serve --test-clock`).
//
// The relay down: the claimed mails go back at once, nothing counted against them, and the
// relay is tried again after 1 s, 2 s, ... at most 60 s. A 4xx answer retries that one mail
// with its own backoff; a 5xx gives up on it (kept in the outbox with the error).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "server/common/clock.h"
#include "server/db/sql.h"
#include "server/mail/email_store.h"
#include "server/mail/message.h"
#include "server/mail/outbox.h"
#include "server/mail/smtp.h"

namespace yinsh::server {

struct MailOptions {
  SmtpRelay relay;  // relay.url empty: the site sends no mail (and offers no e-mail features)
  std::string from = "YINSH <noreply@localhost>";
  std::string site_url;  // links in mails: https://yinsh.example.org (no slash at the end)
  int64_t poll_ms = 1000;              // how often the outbox is looked at when nothing wakes it
  int batch = 20;                      // mails claimed at once
  int64_t notify_check_ms = 30000;     // how often the games are looked at for notifications
  int64_t turn_delay_ms = 60000;       // a move this old before "your turn" is mailed
  std::function<void(const std::string&)> warn;  // the log (may be empty)
};

class Mailer {
 public:
  Mailer(Transactor tx, const Clock& game_clock, MailOptions options);
  ~Mailer();  // stops
  Mailer(const Mailer&) = delete;
  Mailer& operator=(const Mailer&) = delete;

  bool enabled() const { return !options_.relay.url.empty(); }
  const MailOptions& options() const { return options_; }
  void start();  // the thread (nothing when not enabled)
  void stop();   // idempotent; a mail being handed over is finished first
  void wake();   // something was queued: look at the outbox now

  // The account mails, queued in the caller's transaction (call wake() after it commits).
  void queue_verify(Sql& sql, const std::string& name, const std::string& address, const std::string& token,
                    int64_t now) const;
  void queue_reset(Sql& sql, const std::string& name, const std::string& address, const std::string& token,
                   int64_t now) const;

  // Looks for notifications now (the thread does it every notify_check_ms): mails queued.
  int notify_now();
  OutboxCounts counts() { return outbox_.counts(); }

 private:
  void run();
  void drain();
  int queue_notifications(MailKind kind);
  int queue_challenge_mails();
  std::string compose(const MailText& m, const std::string& id, int64_t now) const;

  Transactor tx_;
  const Clock& clock_;
  MailOptions options_;
  Outbox outbox_;
  std::mutex mutex_;
  std::condition_variable cv_;
  bool stopping_ = false, woken_ = false;
  int64_t relay_backoff_ms_ = 0, relay_retry_at_ = 0;
  std::thread thread_;
};

}  // namespace yinsh::server

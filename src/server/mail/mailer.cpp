// Mailer (mailer.h): the thread, the outbox to the relay, and the account mails.
#include "server/mail/mailer.h"

#include <algorithm>
#include <chrono>

#include "server/common/ids.h"
#include "server/mail/message.h"

namespace yinsh::server {

Mailer::Mailer(Transactor tx, const Clock& game_clock, MailOptions options)
    : tx_(tx), clock_(game_clock), options_(std::move(options)), outbox_(tx) {
  while (!options_.site_url.empty() && options_.site_url.back() == '/') options_.site_url.pop_back();
}

Mailer::~Mailer() { stop(); }

void Mailer::start() {
  if (!enabled() || thread_.joinable()) return;
  thread_ = std::thread([this] { run(); });
}

void Mailer::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Mailer::wake() {
  {
    std::lock_guard lock(mutex_);
    woken_ = true;
  }
  cv_.notify_all();
}

std::string Mailer::compose(const MailText& m, const std::string& id, int64_t now) const {
  const std::string from = bare_address(options_.from);
  const size_t at = from.find('@');
  return compose_mail(m, options_.from, id, at == std::string::npos ? "localhost" : from.substr(at + 1), now);
}

void Mailer::queue_verify(Sql& sql, const std::string& name, const std::string& address, const std::string& token,
                          int64_t now) const {
  const MailText m{address, "Confirm your e-mail address on YINSH",
                   "Hello " + name + ",\n\nplease confirm that this is your address by opening this link:\n\n  " +
                       options_.site_url + "/account#verify=" + token +
                       "\n\nThe link works once, for 48 hours. Until you confirm, the site sends nothing "
                       "else to this address.\nIf you did not add this address to a YINSH account, ignore "
                       "this mail.\n",
                   ""};
  Outbox::add(sql, address, MailKind::Verify, now, [&](const std::string& id) { return compose(m, id, now); });
}

void Mailer::queue_reset(Sql& sql, const std::string& name, const std::string& address, const std::string& token,
                         int64_t now) const {
  const MailText m{address, "Reset your YINSH password",
                   "Hello " + name + ",\n\nsomeone (we hope you) asked to reset the password of your account. "
                   "Choose a new one here:\n\n  " + options_.site_url + "/account#reset=" + token +
                       "\n\nThe link works once, for one hour. Setting a new password logs the account out "
                       "everywhere.\nIf you did not ask for this, ignore this mail: your password stays as it "
                       "is.\n",
                   ""};
  Outbox::add(sql, address, MailKind::Reset, now, [&](const std::string& id) { return compose(m, id, now); });
}

void Mailer::run() {
  using namespace std::chrono;
  int64_t next_notify = 0;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      if (stopping_) return;
    }
    const int64_t now = now_ms();
    if (now >= next_notify) {
      try {
        notify_now();
      } catch (const std::exception& e) {
        if (options_.warn) options_.warn(std::string("mail: looking for notifications failed: ") + e.what());
      }
      next_notify = now + std::max<int64_t>(10, options_.notify_check_ms);
    }
    if (now >= relay_retry_at_) {
      try {
        drain();
      } catch (const std::exception& e) {
        if (options_.warn) options_.warn(std::string("mail: the outbox is unavailable: ") + e.what());
      }
    }
    std::unique_lock lock(mutex_);
    const int64_t until = std::min({now_ms() + std::max<int64_t>(10, options_.poll_ms), next_notify,
                                    std::max(relay_retry_at_, now_ms() + 10)});
    cv_.wait_for(lock, milliseconds(std::max<int64_t>(1, until - now_ms())), [this] { return stopping_ || woken_; });
    woken_ = false;
  }
}

void Mailer::drain() {
  SmtpClient client(options_.relay);
  const std::string from = bare_address(options_.from);
  // A lease longer than the batch can take: no other server claims a row being handed over.
  const int64_t lease = int64_t(options_.batch) * options_.relay.timeout_ms + 60000;
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
    }
    auto rows = outbox_.claim(now_ms(), options_.batch, lease);
    if (rows.empty()) return;
    for (size_t i = 0; i < rows.size(); ++i) {
      std::string error;
      const auto sent = client.send(from, rows[i].to, rows[i].message, &error);
      const int64_t now = now_ms();
      if (sent == SmtpClient::Sent::Ok) {
        outbox_.sent(rows[i].id, now);
        relay_backoff_ms_ = 0;
      } else if (sent == SmtpClient::Sent::Later) {
        outbox_.later(rows[i], now, error);
      } else if (sent == SmtpClient::Sent::Refused) {
        outbox_.refused(rows[i].id, now, error);
      } else {  // the relay is down: this row and the rest go back, untouched
        relay_backoff_ms_ = std::clamp<int64_t>(relay_backoff_ms_ * 2, 1000, 60000);
        relay_retry_at_ = now + relay_backoff_ms_;
        outbox_.release({rows.begin() + long(i), rows.end()}, relay_retry_at_);
        if (options_.warn)
          options_.warn("mail: the relay " + options_.relay.url + " did not answer (" + error + "); trying again in " +
                        std::to_string(relay_backoff_ms_ / 1000) + " s");
        return;
      }
    }
  }
}

}  // namespace yinsh::server

// SmtpClient: one mail handed to an SMTP relay through libcurl (smtp:// with STARTTLS when the
// relay offers it, or smtps://). One client keeps its connection to the relay between mails
// (libcurl reuses it), so a burst goes out over one connection. Blocking, not thread-safe:
// the mailer (mailer.h) owns one on its own thread, never an I/O thread or a game's strand.
#pragma once

#include <memory>
#include <string>

namespace yinsh::server {

struct SmtpRelay {
  std::string url;       // smtp://host:port or smtps://host:port (empty: no relay)
  std::string user;      // empty: no authentication
  std::string password;
  long timeout_ms = 20000;  // connecting, and each whole mail
};

class SmtpClient {
 public:
  explicit SmtpClient(SmtpRelay relay);
  ~SmtpClient();
  SmtpClient(const SmtpClient&) = delete;
  SmtpClient& operator=(const SmtpClient&) = delete;

  // Ok: the relay took the mail (250 after DATA). Unreachable: no answer (down, refused, timed
  // out; nothing was taken: try the whole batch later). Later: the relay answered 4xx (try
  // this mail again later). Refused: 5xx (this mail will never go: give up on it).
  enum class Sent { Ok, Unreachable, Later, Refused };
  // `from` and `to` are bare addresses; `message` the whole RFC 5322 text with CRLF lines.
  Sent send(const std::string& from, const std::string& to, const std::string& message, std::string* error);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace yinsh::server

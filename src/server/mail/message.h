// The text of one mail (RFC 5322, plain text in UTF-8): headers and a body, CRLF lines. Every
// mail the site sends is made here, so that they all carry the same headers: a Message-ID
// (the outbox row's id: a receiver can tell a mail it got twice), Auto-Submitted, and for
// notifications List-Unsubscribe with List-Unsubscribe-Post (RFC 8058 one-click).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace yinsh::server {

struct MailText {
  std::string to;       // a bare address
  std::string subject;  // one line, UTF-8
  std::string body;     // lines separated by \n, UTF-8
  std::string unsubscribe_url;  // empty for mails that are not notifications
};

// The whole message. `from` is "Name <address>" or a bare address; `message_id` is unique
// (the outbox id) and `domain` the part after its @; `date_ms` the time it is written.
std::string compose_mail(const MailText& mail, const std::string& from, const std::string& message_id,
                         const std::string& domain, int64_t date_ms);

// The bare address of a From value ("YINSH <noreply@example.org>" -> "noreply@example.org").
std::string bare_address(const std::string& from);

// A valid address as the site accepts it (a practical subset of RFC 5321: one @, a local part
// of letters, digits and !#$%&'*+/=?^_`{|}~.-, a domain of dot-separated labels with a dot,
// at most 254 characters, no spaces or control characters), trimmed; empty when not valid.
std::string normalise_address(const std::string& typed);

}  // namespace yinsh::server

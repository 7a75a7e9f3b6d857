// compose_mail and the address checks (message.h).
#include "server/mail/message.h"

#include <sodium.h>

#include <cctype>
#include <ctime>

namespace yinsh::server {

namespace {

bool ascii(const std::string& s) {
  for (unsigned char c : s)
    if (c >= 0x80) return false;
  return true;
}

std::string base64(const std::string& in) {
  std::string out(sodium_base64_ENCODED_LEN(in.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(in.data()), in.size(),
                    sodium_base64_VARIANT_ORIGINAL);
  out.resize(out.size() - 1);  // the terminating NUL
  return out;
}

// A header value: as it is when ASCII, else an RFC 2047 encoded word.
std::string header_text(const std::string& s) { return ascii(s) ? s : "=?UTF-8?B?" + base64(s) + "?="; }

std::string rfc5322_date(int64_t ms) {
  const std::time_t t = std::time_t(ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, "%a, %d %b %Y %H:%M:%S +0000", &tm);
  return buf;
}

// No CR or LF may reach a header from a value (header injection).
std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\r' || c == '\n') c = ' ';
  return s;
}

}  // namespace

std::string bare_address(const std::string& from) {
  const size_t lt = from.rfind('<');
  const size_t gt = from.rfind('>');
  if (lt != std::string::npos && gt != std::string::npos && gt > lt) return from.substr(lt + 1, gt - lt - 1);
  return from;
}

std::string normalise_address(const std::string& typed) {
  size_t b = 0, e = typed.size();
  while (b < e && std::isspace(static_cast<unsigned char>(typed[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(typed[e - 1]))) --e;
  std::string a = typed.substr(b, e - b);
  if (a.empty() || a.size() > 254) return {};
  const size_t at = a.find('@');
  if (at == 0 || at == std::string::npos || a.find('@', at + 1) != std::string::npos) return {};
  const std::string local = a.substr(0, at), domain = a.substr(at + 1);
  if (local.size() > 64 || local.front() == '.' || local.back() == '.' || local.find("..") != std::string::npos)
    return {};
  static const std::string kLocal = "!#$%&'*+/=?^_`{|}~.-";
  for (char c : local)
    if (!std::isalnum(static_cast<unsigned char>(c)) && kLocal.find(c) == std::string::npos) return {};
  if (domain.find('.') == std::string::npos || domain.front() == '.' || domain.back() == '.' ||
      domain.find("..") != std::string::npos)
    return {};
  std::string label;
  for (size_t i = 0; i <= domain.size(); ++i) {
    if (i == domain.size() || domain[i] == '.') {
      if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') return {};
      label.clear();
      continue;
    }
    const char c = domain[i];
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-') return {};
    label += c;
  }
  for (size_t i = at + 1; i < a.size(); ++i) a[i] = char(std::tolower(static_cast<unsigned char>(a[i])));
  return a;
}

std::string compose_mail(const MailText& mail, const std::string& from, const std::string& message_id,
                         const std::string& domain, int64_t date_ms) {
  std::string m;
  auto header = [&m](const std::string& name, const std::string& value) { m += name + ": " + one_line(value) + "\r\n"; };
  header("From", from);
  header("To", mail.to);
  header("Subject", header_text(mail.subject));
  header("Date", rfc5322_date(date_ms));
  header("Message-ID", "<" + message_id + "@" + domain + ">");
  header("MIME-Version", "1.0");
  header("Content-Type", "text/plain; charset=UTF-8");
  header("Content-Transfer-Encoding", "8bit");
  header("Auto-Submitted", "auto-generated");
  if (!mail.unsubscribe_url.empty()) {
    header("List-Unsubscribe", "<" + mail.unsubscribe_url + ">");
    header("List-Unsubscribe-Post", "List-Unsubscribe=One-Click");
  }
  m += "\r\n";
  size_t from_at = 0;
  for (;;) {
    const size_t nl = mail.body.find('\n', from_at);
    m += mail.body.substr(from_at, nl == std::string::npos ? std::string::npos : nl - from_at);
    m += "\r\n";
    if (nl == std::string::npos) break;
    from_at = nl + 1;
  }
  return m;
}

}  // namespace yinsh::server

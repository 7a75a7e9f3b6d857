// SmtpClient (smtp.h) over libcurl's SMTP.
#include "server/mail/smtp.h"

#include <curl/curl.h>

#include <cstring>
#include <mutex>

namespace yinsh::server {

namespace {

struct Upload {
  const std::string* text;
  size_t at = 0;
};

size_t read_upload(char* buffer, size_t size, size_t count, void* user) {
  auto* u = static_cast<Upload*>(user);
  const size_t n = std::min(size * count, u->text->size() - u->at);
  std::memcpy(buffer, u->text->data() + u->at, n);
  u->at += n;
  return n;
}

}  // namespace

struct SmtpClient::Impl {
  SmtpRelay relay;
  CURL* curl = nullptr;
};

SmtpClient::SmtpClient(SmtpRelay relay) : impl_(std::make_unique<Impl>()) {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  impl_->relay = std::move(relay);
  impl_->curl = curl_easy_init();
}

SmtpClient::~SmtpClient() {
  if (impl_->curl) curl_easy_cleanup(impl_->curl);
}

SmtpClient::Sent SmtpClient::send(const std::string& from, const std::string& to, const std::string& message,
                                  std::string* error) {
  CURL* c = impl_->curl;
  if (!c) {
    *error = "libcurl could not start";
    return Sent::Unreachable;
  }
  const SmtpRelay& r = impl_->relay;
  Upload upload{&message};
  curl_slist* rcpt = curl_slist_append(nullptr, ("<" + to + ">").c_str());
  curl_easy_setopt(c, CURLOPT_URL, r.url.c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_FROM, ("<" + from + ">").c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_RCPT, rcpt);
  curl_easy_setopt(c, CURLOPT_READFUNCTION, read_upload);
  curl_easy_setopt(c, CURLOPT_READDATA, &upload);
  curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, r.timeout_ms);
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, r.timeout_ms);
  // smtp://: STARTTLS when the relay offers it (a relay on loopback may not); smtps://: TLS.
  curl_easy_setopt(c, CURLOPT_USE_SSL, long(CURLUSESSL_TRY));
  if (!r.user.empty()) {
    curl_easy_setopt(c, CURLOPT_USERNAME, r.user.c_str());
    curl_easy_setopt(c, CURLOPT_PASSWORD, r.password.c_str());
  }
  const CURLcode rc = curl_easy_perform(c);
  long code = 0;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
  curl_slist_free_all(rcpt);
  curl_easy_setopt(c, CURLOPT_MAIL_RCPT, nullptr);
  if (rc == CURLE_OK) return Sent::Ok;
  *error = std::string(curl_easy_strerror(rc)) + (code ? " (SMTP " + std::to_string(code) + ")" : "");
  if (code >= 500) return Sent::Refused;
  if (code >= 400) return Sent::Later;
  return Sent::Unreachable;
}

}  // namespace yinsh::server

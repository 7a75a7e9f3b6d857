#include "server/common/http_api.h"

#include <cctype>
#include <cmath>

namespace yinsh::server {

HttpReply http_error(int status, std::string code, std::string message) {
  return {status, {{"error", {{"code", std::move(code)}, {"message", std::move(message)}}}}, {}};
}

HttpReply http_limited(std::string code, const std::string& what, double wait_s) {
  const auto s = int64_t(std::ceil(wait_s));
  HttpReply r = http_error(429, std::move(code), what + "; try again in " + std::to_string(s) + " s");
  r.body["retry_after_s"] = s;
  r.body["error"]["params"] = {{"retry_after_s", s}};
  return r;
}

std::string cookie_value(std::string_view header, std::string_view name) {
  while (!header.empty()) {
    const auto semi = header.find(';');
    std::string_view part = header.substr(0, semi);
    header = semi == std::string_view::npos ? std::string_view() : header.substr(semi + 1);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    const auto eq = part.find('=');
    if (eq != std::string_view::npos && part.substr(0, eq) == name) return std::string(part.substr(eq + 1));
  }
  return {};
}

std::string bearer_token(std::string_view header) {
  while (!header.empty() && header.front() == ' ') header.remove_prefix(1);
  while (!header.empty() && header.back() == ' ') header.remove_suffix(1);
  constexpr std::string_view kScheme = "bearer ";
  if (header.size() <= kScheme.size()) return std::string(header);
  for (size_t i = 0; i < kScheme.size(); ++i)
    if (char(std::tolower(static_cast<unsigned char>(header[i]))) != kScheme[i]) return std::string(header);
  header.remove_prefix(kScheme.size());
  while (!header.empty() && header.front() == ' ') header.remove_prefix(1);
  return std::string(header);
}

}  // namespace yinsh::server

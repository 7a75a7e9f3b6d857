#include "server/common/http_api.h"

#include <cctype>

namespace yinsh::server {

HttpReply http_error(int status, std::string code, std::string message) {
  return {status, {{"error", {{"code", std::move(code)}, {"message", std::move(message)}}}}, {}};
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

// The HTTP side of `yinsh bot`: requests and newline-delimited JSON streams to a site's bot API
// (docs/api.md 2.4 and 2.5), over plain TCP or TLS, every request with the bearer token.
// No Beast in this header: only bot_http.cpp compiles it. Every call blocks its thread.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace yinsh::cli {

// `http://host[:port][/prefix]` or `https://...` (the default ports 80 and 443).
struct SiteUrl {
  bool tls = false;
  std::string host, port, prefix;  // prefix: "" or "/path" without a trailing slash
};
std::optional<SiteUrl> parse_site_url(const std::string& url, std::string* error);

struct BotReply {
  int status = 0;    // 0: the server could not be reached (error says why)
  std::string body;  // the reply's body, or the network error
};

// The seconds a 429 or 503 reply's body asks to wait (`"retry_after_s": N`, kept to 1..30; 1
// without it).
int retry_after_s(const std::string& body);

class BotHttp {
 public:
  BotHttp(SiteUrl site, std::string token) : site_(std::move(site)), token_(std::move(token)) {}

  // One request (`body` sent as JSON when not empty); gives up after `timeout_s`. A 429 (a rate)
  // or a 503 (the server busy: its connections per address, its store) is waited out
  // (retry_after_s) and the request made again, up to 5 times: neither acted on the request.
  BotReply request(const std::string& method, const std::string& path, const std::string& body = {},
                   int timeout_s = 30) const;

  // Opens GET `path` and hands each non-empty line of the body to `on_line` (empty lines are
  // the server's keep-alives) until the server ends the body, `on_line` returns false, or
  // nothing at all arrives for `idle_s` seconds (a dead connection). The reply's status and,
  // when it is not 200, its body; status 0 when the connection failed or broke (body says how).
  BotReply stream(const std::string& path, const std::function<bool(const std::string&)>& on_line,
                  int idle_s = 20) const;

 private:
  SiteUrl site_;
  std::string token_;
};

}  // namespace yinsh::cli

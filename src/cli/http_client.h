// One blocking HTTP/1.1 request over plain TCP, for the command-line clients of `yinsh serve`
// (play --connect, loadtest). No Beast in this header: only http_client.cpp compiles it.
#pragma once

#include <cstdint>
#include <string>

namespace yinsh::cli {

struct HttpResult {
  int status = 0;
  std::string body;
  std::string set_cookie;  // the Set-Cookie header ("" when none)
};

// `method`: "GET", "POST", ...; `cookie`: the Cookie header ("" for none). A JSON body is
// sent as application/json. Throws std::exception on network errors (and after `timeout_s`).
HttpResult http_call(const std::string& host, const std::string& port, const std::string& method,
                     const std::string& target, const std::string& body = {}, const std::string& cookie = {},
                     int timeout_s = 30);

}  // namespace yinsh::cli

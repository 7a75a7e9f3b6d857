// Logs: the server's log lines through spdlog on stderr, one JSON object per line (docs/server.md
// "Logs, metrics, health"). The access log: one per HTTP request (with its request id and the
// client's User-Agent), one per WebSocket session (when it ends). Other lines (start, stop,
// warnings) are {"time", "level", "message"}; with the "text" format they are plain text
// instead ("<time> <level> <message>"). Thread-safe.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>

namespace spdlog {
class logger;
}

namespace yinsh::server {

class Logs {
 public:
  // `level`: trace, debug, info, warn, error, critical or off (info: the access log is on);
  // `format`: json or text (the lines other than the access log's).
  explicit Logs(const std::string& level = "info", const std::string& format = "json");
  ~Logs();
  static bool valid_level(const std::string& level);
  static bool valid_format(const std::string& format) { return format == "json" || format == "text"; }

  void http(std::string_view address, std::string_view method, std::string_view path, int status, double ms,
            uint64_t bytes, std::string_view request_id = {}, std::string_view user_agent = {});
  struct WsSession {
    std::string address;
    uint64_t messages_in = 0, messages_out = 0;
    std::map<std::string, uint64_t> types;  // messages in by their "type" (at most 16 kinds, then "other")
    int close_code = 0;
    std::string close_reason;
    double seconds = 0;
  };
  void ws_session(const WsSession& s);
  void info(const std::string& text);
  void warn(const std::string& text);
  void debug(const std::string& text);

 private:
  std::shared_ptr<spdlog::logger> access_, main_;
};

}  // namespace yinsh::server

#include "server/net/access_log.h"

#include <spdlog/formatter.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <cmath>
#include <nlohmann/json.hpp>

namespace yinsh::server {

namespace {

// 2026-11-23T12:34:56.789Z
std::string utc_time(std::chrono::system_clock::time_point at) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(at.time_since_epoch()).count();
  const std::time_t secs = std::time_t(ms / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[96];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                tm.tm_hour, tm.tm_min, tm.tm_sec, int(ms % 1000));
  return buf;
}

std::string line(const nlohmann::json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

// The lines other than the access log's as {"time", "level", "message"}.
class JsonFormatter final : public spdlog::formatter {
 public:
  void format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) override {
    const auto level = spdlog::level::to_string_view(msg.level);
    const std::string text = line({{"time", utc_time(msg.time)},
                                   {"level", std::string_view(level.data(), level.size())},
                                   {"message", std::string_view(msg.payload.data(), msg.payload.size())}}) +
                             "\n";
    dest.append(text.data(), text.data() + text.size());
  }
  std::unique_ptr<spdlog::formatter> clone() const override { return std::make_unique<JsonFormatter>(); }
};

}  // namespace

bool Logs::valid_level(const std::string& level) {
  return level == "off" || spdlog::level::from_str(level) != spdlog::level::off;
}

Logs::Logs(const std::string& level, const std::string& format) {
  // A sink each (a pattern belongs to the sink); each line is one write to stderr.
  access_ = std::make_shared<spdlog::logger>("access", std::make_shared<spdlog::sinks::stderr_sink_mt>());
  main_ = std::make_shared<spdlog::logger>("yinsh", std::make_shared<spdlog::sinks::stderr_sink_mt>());
  access_->set_pattern("%v");
  if (format == "text") main_->set_pattern("%Y-%m-%dT%H:%M:%S.%eZ %l %v", spdlog::pattern_time_type::utc);
  else main_->set_formatter(std::make_unique<JsonFormatter>());
  const auto lvl = spdlog::level::from_str(level);
  access_->set_level(lvl);
  main_->set_level(lvl);
  access_->flush_on(spdlog::level::trace);
  main_->flush_on(spdlog::level::trace);
}

Logs::~Logs() = default;

void Logs::http(std::string_view address, std::string_view method, std::string_view path, int status, double ms,
                uint64_t bytes, std::string_view request_id, std::string_view user_agent) {
  if (!access_->should_log(spdlog::level::info)) return;
  access_->info(line({{"time", utc_time(std::chrono::system_clock::now())},
                      {"kind", "http"},
                      {"address", address},
                      {"method", method},
                      {"path", path.substr(0, 200)},
                      {"status", status},
                      {"ms", std::round(ms * 1000) / 1000},
                      {"bytes", bytes},
                      {"request_id", request_id},
                      {"user_agent", user_agent.substr(0, 200)}}));
}

void Logs::ws_session(const WsSession& s) {
  if (!access_->should_log(spdlog::level::info)) return;
  access_->info(line({{"time", utc_time(std::chrono::system_clock::now())},
                      {"kind", "websocket"},
                      {"address", s.address},
                      {"path", "/ws"},
                      {"messages_in", s.messages_in},
                      {"messages_out", s.messages_out},
                      {"types", s.types},
                      {"status", s.close_code},
                      {"reason", s.close_reason},
                      {"ms", std::round(s.seconds * 1e6) / 1000}}));
}

void Logs::info(const std::string& text) { main_->info(text); }
void Logs::warn(const std::string& text) { main_->warn(text); }
void Logs::debug(const std::string& text) { main_->debug(text); }

}  // namespace yinsh::server

// A test's client of the bot and board API's NDJSON streams (docs/api.md 2.5): one stream read
// by hand over a plain socket, its status line, then the chunked body split into lines.
#pragma once

#include <sys/socket.h>
#include <sys/time.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <deque>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace yinsh::test {

// One NDJSON stream: the status line, then the chunked body split into lines.
class StreamReader {
  using Clock = std::chrono::steady_clock;

 public:
  StreamReader(uint16_t port, const std::string& path, const std::string& token) : socket_(ioc_) {
    socket_.connect({boost::asio::ip::make_address("127.0.0.1"), port});
    const std::string req = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + token + "\r\n\r\n";
    boost::asio::write(socket_, boost::asio::buffer(req));
    while (raw_.find("\r\n\r\n") == std::string::npos)
      if (!fill(Clock::now() + std::chrono::seconds(10))) break;
    const auto end = raw_.find("\r\n\r\n");
    head_ = raw_.substr(0, end);
    raw_.erase(0, end == std::string::npos ? raw_.size() : end + 4);
    status = head_.size() > 12 ? std::stoi(head_.substr(9, 3)) : 0;
  }
  int status = 0;
  std::string head_;

  // The next line that is not a keep-alive, or nullopt at the end of the stream or after `wait`.
  std::optional<nlohmann::json> next(std::chrono::milliseconds wait = std::chrono::milliseconds(10000)) {
    const auto deadline = Clock::now() + wait;
    while (true) {
      if (!lines_.empty()) {
        std::string l = std::move(lines_.front());
        lines_.pop_front();
        if (l.empty()) continue;
        return nlohmann::json::parse(l);
      }
      if (ended_ || (!decode() && !fill(deadline))) return std::nullopt;
    }
  }
  // The next line of `type` (others skipped).
  std::optional<nlohmann::json> next_type(const std::string& type) {
    while (auto j = next())
      if (j->value("type", "") == type) return j;
    return std::nullopt;
  }
  // Whether the stream ends (the last chunk, or the connection closed) within `wait`.
  bool ends(std::chrono::milliseconds wait = std::chrono::milliseconds(10000)) {
    const auto deadline = Clock::now() + wait;
    while (!ended_ && Clock::now() < deadline) {
      lines_.clear();
      if (!decode() && !fill(deadline)) break;
    }
    return ended_;
  }

 private:
  // Reads more bytes until `deadline`; false at the end of the stream or the deadline.
  bool fill(Clock::time_point deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::microseconds>(deadline - Clock::now());
    if (left.count() <= 0) return false;
    timeval tv{long(left.count() / 1000000), long(left.count() % 1000000)};
    setsockopt(socket_.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    char buf[4096];
    const ssize_t n = ::recv(socket_.native_handle(), buf, sizeof buf, 0);
    if (n == 0) ended_ = true;
    if (n <= 0) return false;
    raw_.append(buf, size_t(n));
    return true;
  }
  // Takes whole chunks out of raw_ into lines_; whether any was taken.
  bool decode() {
    bool any = false;
    while (true) {
      const auto crlf = raw_.find("\r\n");
      if (crlf == std::string::npos) return any;
      const size_t size = std::stoul(raw_.substr(0, crlf), nullptr, 16);
      if (size == 0) {
        ended_ = true;
        return true;
      }
      if (raw_.size() < crlf + 2 + size + 2) return any;
      partial_ += raw_.substr(crlf + 2, size);
      raw_.erase(0, crlf + 2 + size + 2);
      for (size_t nl; (nl = partial_.find('\n')) != std::string::npos; partial_.erase(0, nl + 1))
        lines_.push_back(partial_.substr(0, nl));
      any = true;
    }
  }

  boost::asio::io_context ioc_;
  boost::asio::ip::tcp::socket socket_;
  std::string raw_, partial_;
  std::deque<std::string> lines_;
  bool ended_ = false;
};

}  // namespace yinsh::test

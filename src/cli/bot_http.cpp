#include "bot_http.h"
#include "tls_client.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <thread>

namespace yinsh::cli {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;

std::optional<SiteUrl> parse_site_url(const std::string& url, std::string* error) {
  SiteUrl site;
  std::string rest;
  if (url.rfind("http://", 0) == 0) {
    rest = url.substr(7);
  } else if (url.rfind("https://", 0) == 0) {
    site.tls = true;
    rest = url.substr(8);
  } else {
    if (error) *error = "the server's URL must start with http:// or https:// (got '" + url + "')";
    return std::nullopt;
  }
  const size_t slash = rest.find('/');
  std::string authority = rest.substr(0, slash);
  site.prefix = slash == std::string::npos ? "" : rest.substr(slash);
  while (!site.prefix.empty() && site.prefix.back() == '/') site.prefix.pop_back();
  const size_t colon = authority.rfind(':');
  if (colon != std::string::npos && authority.find(']', colon) == std::string::npos) {
    site.port = authority.substr(colon + 1);
    authority.resize(colon);
    if (site.port.empty() || site.port.find_first_not_of("0123456789") != std::string::npos ||
        std::stol(site.port.substr(0, 6)) > 65535) {
      if (error) *error = "'" + site.port + "' is not a port number in '" + url + "'";
      return std::nullopt;
    }
  } else {
    site.port = site.tls ? "443" : "80";
  }
  if (authority.size() > 2 && authority.front() == '[' && authority.back() == ']')
    authority = authority.substr(1, authority.size() - 2);
  if (authority.empty()) {
    if (error) *error = "no host in '" + url + "'";
    return std::nullopt;
  }
  site.host = authority;
  return site;
}

namespace {

// Runs `use(stream)` on a connected plain or TLS stream; network errors come back as status 0.
template <class Use>
BotReply with_connection(const SiteUrl& site, int timeout_s, const Use& use) {
  try {
    net::io_context ioc;
    tcp::resolver resolver(ioc);
    const auto endpoints = resolver.resolve(site.host, site.port);
    if (!site.tls) {
      beast::tcp_stream stream(ioc);
      stream.expires_after(std::chrono::seconds(timeout_s));
      stream.connect(endpoints);
      BotReply reply = use(stream);
      beast::error_code ec;
      stream.socket().shutdown(tcp::socket::shutdown_both, ec);
      return reply;
    }
    ssl::context ctx(ssl::context::tls_client);
    trust_system_store(ctx);
    beast::ssl_stream<beast::tcp_stream> stream(ioc, ctx);
    beast::get_lowest_layer(stream).expires_after(std::chrono::seconds(timeout_s));
    beast::get_lowest_layer(stream).connect(endpoints);
    client_handshake(stream, site.host);  // (its failures come back as status 0, as any other)
    BotReply reply = use(stream);
    beast::get_lowest_layer(stream).close();  // no close_notify: it could wait on a busy server
    return reply;
  } catch (const boost::system::system_error& e) {
    return {0, e.code().message()};  // what() would add the source location
  } catch (const std::exception& e) {
    return {0, e.what()};
  }
}

http::request<http::string_body> make_request(const SiteUrl& site, const std::string& token, http::verb verb,
                                              const std::string& path, const std::string& body) {
  http::request<http::string_body> req{verb, site.prefix + path, 11};
  const bool default_port = site.port == (site.tls ? "443" : "80");
  req.set(http::field::host, default_port ? site.host : site.host + ":" + site.port);
  if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);  // none: anyone's request
  req.set(http::field::user_agent, "yinsh-bot/1");
  if (!body.empty()) req.set(http::field::content_type, "application/json");
  req.body() = body;
  req.prepare_payload();
  return req;
}

}  // namespace

BotReply BotHttp::request(const std::string& method, const std::string& path, const std::string& body,
                          int timeout_s) const {
  const http::verb verb = http::string_to_verb(method);
  if (verb == http::verb::unknown) return {0, "unknown HTTP method " + method};
  // A 429 (the token's or the address's rate) or a 503 (too many connections from this address,
  // the store unavailable) is waited out as the reply says, a few times.
  for (int attempt = 0;; ++attempt) {
    BotReply reply = with_connection(site_, timeout_s, [&](auto& stream) {
      auto req = make_request(site_, token_, verb, path, body);
      http::write(stream, req);
      beast::flat_buffer buf;
      http::response<http::string_body> res;
      http::read(stream, buf, res);
      return BotReply{int(res.result_int()), std::move(res.body())};
    });
    const int wait_s = reply.status == 429 || reply.status == 503 ? retry_after_s(reply.body) : 0;
    if (wait_s <= 0 || attempt == 5) return reply;
    std::this_thread::sleep_for(std::chrono::seconds(wait_s));
  }
}

int retry_after_s(const std::string& body) {
  const size_t at = body.find("\"retry_after_s\":");
  if (at == std::string::npos) return 1;
  const int s = std::atoi(body.c_str() + at + 16);
  return std::clamp(s, 1, 30);
}

BotReply BotHttp::stream(const std::string& path, const std::function<bool(const std::string&)>& on_line,
                         int idle_s) const {
  return with_connection(site_, idle_s, [&](auto& stream) {
    auto req = make_request(site_, token_, http::verb::get, path, {});
    req.set(http::field::accept, "application/x-ndjson");
    http::write(stream, req);
    beast::flat_buffer buf;
    http::response_parser<http::buffer_body> parser;
    parser.body_limit(boost::none);  // a stream has no end known in advance
    auto& lowest = beast::get_lowest_layer(stream);
    lowest.expires_after(std::chrono::seconds(idle_s));
    http::read_header(stream, buf, parser);
    const int status = int(parser.get().result_int());
    std::string pending;
    char chunk[8192];
    while (!parser.is_done()) {
      parser.get().body().data = chunk;
      parser.get().body().size = sizeof chunk;
      lowest.expires_after(std::chrono::seconds(idle_s));  // keep-alives reset it
      beast::error_code ec;
      http::read_some(stream, buf, parser, ec);  // what has come (read() would wait to fill `chunk`)
      if (ec == http::error::need_buffer) ec = {};
      if (ec) return BotReply{0, "the stream broke: " + ec.message()};
      pending.append(chunk, sizeof chunk - parser.get().body().size);
      if (status != 200) {
        if (pending.size() > 65536) break;  // an error page, not a stream: enough of it
        continue;
      }
      size_t start = 0;
      for (size_t nl; (nl = pending.find('\n', start)) != std::string::npos; start = nl + 1) {
        std::string line = pending.substr(start, nl - start);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty() && !on_line(line)) return BotReply{200, {}};
      }
      pending.erase(0, start);
    }
    return BotReply{status, status == 200 ? std::string() : pending};
  });
}

}  // namespace yinsh::cli

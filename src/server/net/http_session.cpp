// The HTTP session: static files of the UI, the JSON API, /metrics and /healthz, and the
// upgrade to a WebSocket session on /ws. Every request takes a token of its client address's
// bucket (429 when over the rate) and is written to the access log. A template over the
// stream: plain TCP, or TLS (the server handshake first, a TLS shutdown at the end).
#include <boost/asio/dispatch.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <boost/beast/ssl.hpp>
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <optional>
#include <type_traits>

#include "server/common/http_util.h"
#include "server/common/ids.h"
#include "server/net/retry_after.h"
#include "server/net/security_headers.h"
#include "server/net/sessions.h"

namespace yinsh::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

constexpr size_t kMaxBody = 64 * 1024;
constexpr size_t kMaxHeader = 16 * 1024;

template <class Stream>
class HttpSession : public std::enable_shared_from_this<HttpSession<Stream>> {
  static constexpr bool kTls = std::is_same_v<Stream, TlsStream>;

 public:
  HttpSession(Stream&& stream, Context& ctx, std::shared_ptr<ConnectionTicket> ticket)
      : stream_(std::move(stream)), ctx_(ctx), ticket_(std::move(ticket)) {}

  void run() {
    net::dispatch(stream_.get_executor(), [self = this->shared_from_this()] {
      if constexpr (kTls) {
        beast::get_lowest_layer(self->stream_).expires_after(std::chrono::seconds(30));
        self->stream_.async_handshake(net::ssl::stream_base::server, [self](beast::error_code ec) {
          if (!ec) self->do_read();  // a failed handshake: the socket goes with the session
        });
      } else {
        self->do_read();
      }
    });
  }

 private:
  using std::enable_shared_from_this<HttpSession<Stream>>::shared_from_this;

  void do_read() {
    parser_.emplace();
    parser_->header_limit(kMaxHeader);
    parser_->body_limit(kMaxBody);
    beast::get_lowest_layer(stream_).expires_after(std::chrono::seconds(30));
    http::async_read_header(stream_, buffer_, *parser_,
                            [self = shared_from_this()](beast::error_code ec, size_t) { self->on_header(ec); });
  }

  // The header alone first: a request whose body the server cannot frame for sure is refused
  // before any of its body is read, so that no part of it is taken for a next request.
  // Beast refuses a second Transfer-Encoding (bad_transfer_encoding) and a Content-Length
  // beside a chunked one (bad_content_length) itself: those get their answer here too.
  void on_header(beast::error_code ec) {
    const bool refused_framing = ec == http::error::bad_transfer_encoding || ec == http::error::bad_content_length;
    if (ec && !refused_framing) return on_read(ec);
    if (refused_framing || !supported_transfer_encoding(parser_->get())) {
      started_ = std::chrono::steady_clock::now();
      address_ = ticket_->address();
      method_ = std::string(parser_->get().method_string());
      path_ = "-";
      keep_alive_ = false;
      const unsigned version = parser_->get().version() ? parser_->get().version() : 11;
      if (ec == http::error::bad_content_length && supported_transfer_encoding(parser_->get()))
        return send_reply(http_error(400, "bad_request", "the request's length is given twice or is not a number"),
                          version);
      return send_reply(http_error(501, "transfer_encoding_not_implemented",
                                   "the only Transfer-Encoding accepted is one chunked"),
                        version);
    }
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
  }

  // A proxy's request id is kept when it is 1 to 64 of [A-Za-z0-9._-] (nginx's $request_id: 32 hex).
  static bool valid_request_id(std::string_view id) {
    if (id.empty() || id.size() > 64) return false;
    for (char c : id)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.') return false;
    return true;
  }

  // No Transfer-Encoding, or exactly one, "chunked" (RFC 9112 section 6.1: a server that
  // receives one it does not understand answers 501 and closes the connection).
  static bool supported_transfer_encoding(const http::request_parser<http::string_body>::value_type& req) {
    const auto [first, last] = req.equal_range(http::field::transfer_encoding);
    if (first == last) return true;
    if (std::next(first) != last) return false;
    std::string_view v(first->value().data(), first->value().size());
    while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
    while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
    return beast::iequals(v, "chunked");
  }

  void on_read(beast::error_code ec) {
    started_ = std::chrono::steady_clock::now();
    address_ = ticket_->address();
    method_ = "-";
    path_ = "-";
    request_id_ = new_token().substr(0, 16);
    user_agent_.clear();
    if (ec == http::error::end_of_stream) return close();
    if (ec == http::error::body_limit) {
      keep_alive_ = false;
      return send_reply(http_error(413, "too_large", "the request body is larger than 64 KiB"), 11);
    }
    if (ec == http::error::header_limit) {
      keep_alive_ = false;
      return send_reply(http_error(431, "too_large", "the request header is larger than 16 KiB"), 11);
    }
    if (ec) return close();
    req_ = parser_->release();
    keep_alive_ = req_.keep_alive();
    method_ = std::string(req_.method_string());
    const std::string_view target(req_.target().data(), req_.target().size());
    path_ = std::string(target.substr(0, target.find('?')));
    address_ = client_address(ticket_->address(), header("X-Forwarded-For"), ctx_.trusted);
    if (const auto id = header("X-Request-Id"); valid_request_id(id) && ctx_.trusted.contains(ticket_->address()))
      request_id_ = std::string(id);
    user_agent_ = std::string(header(http::field::user_agent).substr(0, 200));
    over_tls_ = kTls || (header("X-Forwarded-Proto") == "https" && ctx_.trusted.contains(ticket_->address()));
    const unsigned version = req_.version();
    if (!ctx_.addresses.take_http_token(address_)) {
      ctx_.metrics.http_rate_limited.fetch_add(1);
      return send_reply(http_error(429, "rate_limited", "too many requests from " + address_ + "; slow down"), version);
    }
    if (beast::websocket::is_upgrade(req_)) return upgrade();
    try {
      route(target);
    } catch (const std::exception& e) {
      send_reply(http_error(500, "internal", e.what()), version);
    }
  }

  template <class Key>
  std::string_view header(Key f) const {
    auto it = req_.find(f);
    return it == req_.end() ? std::string_view() : std::string_view(it->value().data(), it->value().size());
  }

  void upgrade() {
    const unsigned version = req_.version();
    if (path_ != "/ws") return send_reply(http_error(404, "not_found", "WebSocket endpoint is /ws"), version);
    const std::string_view origin = header(http::field::origin);
    if (!origin_allowed(origin, header(http::field::host), ctx_.limits.allow_origins)) {
      ctx_.metrics.origins_refused.fetch_add(1);
      return send_reply(http_error(403, "origin_refused",
                                   "WebSocket connections from the origin " + std::string(origin.substr(0, 100)) +
                                       " are not allowed (see --allow-origin)"),
                        version);
    }
    if (ctx_.draining) return send_reply(http_error(503, "restarting", "the server is restarting"), version);
    // The connection knows its account: the session cookie is looked up off the I/O thread.
    const std::string session = cookie_value(header(http::field::cookie), kSessionCookie);
    if (session.empty() || !ctx_.resolver) return accept_upgrade({});
    ctx_.resolver->resolve(session, [self = shared_from_this()](Identity who) {
      net::post(self->stream_.get_executor(), [self, who = std::move(who)] { self->accept_upgrade(who); });
    });
  }

  void accept_upgrade(Identity who) {
    log(101, 0);
    beast::get_lowest_layer(stream_).expires_never();
    run_ws_session(std::move(stream_), ctx_, std::move(ticket_), std::move(req_), std::move(who));
  }

  // Runs `then` with the requester's identity: an API token's account when the request has
  // `Authorization: Bearer` (it must carry `scope`; else the refusal is the reply), the session
  // cookie's account (both looked up on the accounts pool), or a guest at once. The request
  // stays alive meanwhile (no next read).
  void with_identity(std::function<void(Identity)> then, std::string scope = "board:play") {
    const std::string bearer = bearer_token(header(http::field::authorization));
    if (!bearer.empty()) {
      if (!ctx_.resolver) return send_reply(http_error(401, "bad_api_token", "this server takes no API tokens"), req_.version());
      return ctx_.resolver->resolve_token(
          bearer, std::move(scope), [self = shared_from_this(), then = std::move(then)](Identity who, std::optional<HttpReply> refused) {
            if (!refused) return then(std::move(who));
            net::post(self->stream_.get_executor(),
                      [self, r = std::move(*refused)] { self->send_reply(r, self->req_.version()); });
          });
    }
    const std::string session = cookie_value(header(http::field::cookie), kSessionCookie);
    if (session.empty() || !ctx_.resolver) return then({});
    ctx_.resolver->resolve(session, std::move(then));
  }

  // Requests that change state (every method but GET, HEAD and OPTIONS) from a page of
  // another site are refused, like cross-site WebSocket upgrades: a browser names the page's
  // origin in Origin, and a cookie alone must not be enough to act for its owner.
  bool cross_site_refused() {
    const auto m = req_.method();
    if (m == http::verb::get || m == http::verb::head || m == http::verb::options) return false;
    const std::string_view origin = header(http::field::origin);
    if (origin_allowed(origin, header(http::field::host), ctx_.limits.allow_origins)) return false;
    ctx_.metrics.origins_refused.fetch_add(1);
    send_reply(http_error(403, "origin_refused",
                          std::string(req_.method_string()) + " requests from the origin " +
                              std::string(origin.substr(0, 100)) + " are not allowed (see --allow-origin)"),
               req_.version());
    return true;
  }

  void route(std::string_view target) {
    const auto q = target.find('?');
    const std::string_view path = target.substr(0, q);
    const std::string_view query = q == std::string_view::npos ? "" : target.substr(q + 1);
    const auto method = req_.method();
    const unsigned version = req_.version();
    auto only = [&](http::verb v) {
      if (method == v) return true;
      send_reply(http_error(405, "method_not_allowed", std::string(req_.method_string()) + " is not allowed here"), version);
      return false;
    };
    if (path == "/healthz") {
      if (only(http::verb::get)) send_reply({200, nullptr, std::string("ok\n")}, version);
      return;
    }
    if (path == "/metrics") {
      if (!ctx_.metrics_from.contains(address_))
        return send_reply(http_error(403, "forbidden", "/metrics is not served to " + address_ + " (see --metrics-from)"),
                          version);
      if (only(http::verb::get)) send_reply({200, nullptr, ctx_.metrics.render(ctx_.hub->metrics_text())}, version);
      return;
    }
    if (KeyRate* limit = costly(method, path)) {
      if (const double wait_s = limit->take(address_); wait_s > 0) {
        return send_reply(http_limited("rate_limited", "too many of these requests from " + address_, wait_s), version);
      }
    }
    auto self = shared_from_this();
    auto done = [self, version](HttpReply r) {
      net::post(self->stream_.get_executor(), [self, r = std::move(r), version] { self->send_reply(r, version); });
    };
    auto header = [&](auto name) { const auto v = req_[name]; return std::string_view(v.data(), v.size()); };
    std::optional<ApiRequest> api;  // the request as the modules behind HttpRoutes see it: made once
    auto request = [&]() -> const ApiRequest& {
      if (!api)  // over_tls_: X-Forwarded-Proto is believed from a trusted proxy only
        api = ApiRequest{std::string(req_.method_string()), std::string(path), std::string(query), req_.body(),
                         cookie_value(header(http::field::cookie), kSessionCookie), address_, over_tls_,
                         bearer_token(header(http::field::authorization))};
      return *api;
    };
    if (method == http::verb::get && ctx_.pages && ctx_.pages->route(request(), done))  // pictures, link previews
      return;
    if (path == "/readyz") {  // the hub's answer: whether the store answers
      if (only(http::verb::get)) ctx_.hub->readiness(done);
      return;
    }
    if (path.rfind("/api/", 0) != 0) return serve_static(path);
    if (cross_site_refused()) return;
    if (path == "/api/account/vacation")  // the hub's, not the accounts': it pauses the account's games
      return with_identity([self = shared_from_this(), done](Identity who) {
        self->ctx_.hub->vacation(who, std::string(self->req_.method_string()), self->req_.body(), done);
      });
    if (ctx_.accounts && ctx_.accounts->route(request(), done)) return;
    if (path == "/api/stream/event" || path.rfind("/api/bot/game/", 0) == 0 || path.rfind("/api/board/game/", 0) == 0 ||
        path.rfind("/api/challenge/", 0) == 0)
      return route_play(path, query, done);
    if (ctx_.bots && ctx_.bots->route(request(), done)) return;
    if (ctx_.tournaments && ctx_.tournaments->route(request(), done)) return;
    if (ctx_.test_clock && ctx_.test_clock->route(request(), done)) return;

    if (path == "/api/health") {
      if (only(http::verb::get))
        send_reply({200, {{"ok", true}, {"server", "yinsh"}, {"version", "0.1"}, {"store", ctx_.hub->store_kind()},
                    {"games_loaded", ctx_.hub->games_loaded()}}, {}}, version);
      return;
    }
    if (path == "/api/levels") {
      if (!only(http::verb::get)) return;
      json levels = json::array();
      for (const AiLevel* l = ai_levels_begin(); l != ai_levels_end(); ++l)
        levels.push_back({{"level", l->level}, {"name", l->name}, {"movetime_ms", l->movetime_ms}});
      return send_reply({200, {{"levels", levels}}, {}}, version);
    }
    if (path == "/api/games") {
      if (method == http::verb::get)
        return ctx_.hub->list_games(query_param(query, "status"), query_param(query, "limit"), done);
      if (only(http::verb::post))
        with_identity([self, done](Identity who) { self->ctx_.hub->create_game(self->req_.body(), who, done, self->address_); });
      return;
    }
    if (path == "/api/reports") {
      if (only(http::verb::post)) ctx_.hub->upload_report(req_.body(), done);
      return;
    }
    if (path.rfind("/api/reports/", 0) == 0) {
      if (only(http::verb::get)) ctx_.hub->get_uploaded_report(std::string(path.substr(13)), done);
      return;
    }
    constexpr std::string_view prefix = "/api/games/";
    if (path.rfind(prefix, 0) == 0) {
      std::string_view rest = path.substr(prefix.size());
      const auto slash = rest.find('/');
      const std::string id(rest.substr(0, slash));
      const std::string_view sub = slash == std::string_view::npos ? "" : rest.substr(slash);
      if (sub.empty()) {
        if (only(http::verb::get)) ctx_.hub->get_game(id, done);
        return;
      }
      if (sub == "/join") {
        if (only(http::verb::post))
          with_identity([self, done, id](Identity who) { self->ctx_.hub->join_game(id, self->req_.body(), who, done); });
        return;
      }
      if (sub == "/conditional") {
        if (method != http::verb::get && method != http::verb::put && method != http::verb::delete_)
          return send_reply(http_error(405, "method_not_allowed", "conditional lines take GET, PUT and DELETE"), version);
        with_identity([self, done, id](Identity who) {
          self->ctx_.hub->conditional(id, who, std::string(self->req_.method_string()), self->req_.body(), done);
        });
        return;
      }
      if (sub == "/report") {
        if (only(http::verb::get)) ctx_.hub->get_report(id, done, address_);
        return;
      }
      if (sub == "/record" || sub == "/record.json") {
        if (only(http::verb::get)) ctx_.hub->get_record(id, sub == "/record.json", done);
        return;
      }
    }
    send_reply(http_error(404, "not_found", "no endpoint " + std::string(path.substr(0, 100))), version);
  }

  // The bot and board API (docs/api.md 2.5): the streams, a seated player's acts, challenges.
  // Each takes an API token only: `/api/bot/...` one with bot:play of a bot account,
  // `/api/board/...` one with board:play of an account that is no bot; the event stream
  // either; challenges challenge:write (or bot:play for a bot).
  void route_play(std::string_view path, std::string_view query, const HttpDone& done) {
    const unsigned version = req_.version();
    auto parts = split_path(path.substr(5));  // after "/api/"
    const bool get = req_.method() == http::verb::get, post = req_.method() == http::verb::post;
    auto refuse = [&](int status, std::string code, std::string message) {
      send_reply(http_error(status, std::move(code), std::move(message)), version);
    };
    if (parts[0] == "stream") {
      if (!get) return refuse(405, "method_not_allowed", "the event stream is GET only");
      return with_token("bot:play|board:play", [self = shared_from_this()](Identity who) {
        if (!who.may(who.bot ? "bot:play" : "board:play"))
          return self->post_reply(http_error(403, "missing_scope", who.bot ? "a bot's stream needs bot:play"
                                                                             : "this stream needs board:play"));
        self->open_stream([self, who](std::weak_ptr<Subscriber> out, Hub::StreamOpened opened) {
          self->ctx_.hub->open_event_stream(who, std::move(out), std::move(opened));
        }, who.guest() ? std::string() : who.name);
      });
    }
    if (parts[0] == "challenge") {
      if (!post) return refuse(405, "method_not_allowed", "challenges are POST");
      if (parts.size() < 2 || parts.size() > 3 || parts[1].empty()) return refuse(404, "not_found", "no such endpoint");
      const std::string act = parts.size() == 3 ? parts[2] : "create";
      return with_token("challenge:write|bot:play", [self = shared_from_this(), act, target = parts[1], done](Identity who) {
        if (!who.may("challenge:write") && !who.bot)
          return self->post_reply(http_error(403, "missing_scope", "challenges need challenge:write"));
        self->ctx_.hub->challenge(who, act, target, self->req_.body(), done);
      });
    }
    // /api/bot/game/... or /api/board/game/...
    const bool bot = parts[0] == "bot";
    if (parts.size() < 4) return refuse(404, "not_found", "no such endpoint");
    auto family = [bot, self = shared_from_this()](Identity who) {
      if (who.bot != bot) {
        self->post_reply(bot ? http_error(403, "not_a_bot", "/api/bot/ is for bot accounts: use /api/board/")
                             : http_error(403, "bot_account", "a bot account plays through /api/bot/"));
        return false;
      }
      return true;
    };
    const std::string scope = bot ? "bot:play" : "board:play";
    if (parts[2] == "stream") {
      if (!get) return refuse(405, "method_not_allowed", "a game's stream is GET only");
      return with_token(scope, [self = shared_from_this(), family, id = parts[3]](Identity who) {
        if (!family(who)) return;
        self->open_stream([self, who, id](std::weak_ptr<Subscriber> out, Hub::StreamOpened opened) {
          self->ctx_.hub->open_game_stream(id, who, std::move(out), std::move(opened));
        });
      });
    }
    if (!post) return refuse(405, "method_not_allowed", "a game's acts are POST");
    const std::string arg = parts.size() > 4 ? parts[4] : "";
    std::optional<int64_t> ply;
    if (const std::string p = query_param(query, "ply"); !p.empty()) {
      char* end = nullptr;
      const long long n = std::strtoll(p.c_str(), &end, 10);
      if (*end || n < 0) return refuse(400, "bad_request", "ply must be a number of decisions");
      ply = n;
    }
    with_token(scope, [self = shared_from_this(), family, id = parts[2], act = parts[3], arg, ply, done](Identity who) {
      if (!family(who)) return;
      self->ctx_.hub->play(id, who, act, arg, ply, self->req_.body(), done);
    });
  }

  static std::vector<std::string> split_path(std::string_view p) {
    std::vector<std::string> out;
    size_t from = 0;
    while (true) {
      const size_t slash = p.find('/', from);
      out.emplace_back(p.substr(from, slash == std::string_view::npos ? std::string_view::npos : slash - from));
      if (slash == std::string_view::npos) return out;
      from = slash + 1;
    }
  }

  // `then` with the identity of the request's API token, which must carry `scope` (it runs on
  // the accounts' pool); a request without one is refused.
  void with_token(std::string scope, std::function<void(Identity)> then) {
    if (bearer_token(header(http::field::authorization)).empty())
      return send_reply(http_error(401, "bad_api_token", "this API takes Authorization: Bearer <token>"), req_.version());
    with_identity(std::move(then), std::move(scope));
  }

  void post_reply(HttpReply r) {
    net::post(stream_.get_executor(), [self = shared_from_this(), r = std::move(r)] { self->send_reply(r, self->req_.version()); });
  }

  // Hands the connection to an NDJSON stream (ndjson_stream.cpp), on this session's executor.
  void open_stream(StreamOpener opener, std::string online_as = "") {
    net::post(stream_.get_executor(), [self = shared_from_this(), opener = std::move(opener),
                                       online_as = std::move(online_as)]() mutable {
      auto log = [ctx = &self->ctx_, address = self->address_, method = self->method_, path = self->path_,
                  started = self->started_, id = self->request_id_, agent = self->user_agent_](int status) {
        ctx->metrics.http_requests.fetch_add(1);
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
        ctx->logs->http(address, method, path, status, ms, 0, id, agent);
      };
      run_ndjson_stream(std::move(self->stream_), self->ctx_, std::move(self->ticket_), self->req_.version(),
                        self->over_tls_, std::move(log), opener, std::move(online_as));
    });
  }

  // The per-address limit of a request that costs far more than others (Context), if any.
  KeyRate* costly(http::verb method, std::string_view path) {
    const auto ends_with = [&](std::string_view tail) {
      return path.size() >= tail.size() && path.substr(path.size() - tail.size()) == tail;
    };
    if (method == http::verb::post && path == "/api/reports") return &ctx_.uploads;
    if (method == http::verb::get && path.rfind("/game/", 0) == 0 && ends_with(".gif")) return &ctx_.animations;
    if (method == http::verb::get && path.rfind("/api/players/", 0) == 0 && ends_with("/records")) return &ctx_.records;
    return nullptr;
  }

  void serve_static(std::string_view raw_path) {
    const unsigned version = req_.version();
    if (req_.method() != http::verb::get && req_.method() != http::verb::head)
      return send_reply(http_error(405, "method_not_allowed", "static files are GET only"), version);
    const auto decoded = url_decode(raw_path);
    if (!decoded || decoded->empty() || (*decoded)[0] != '/' || decoded->find("..") != std::string::npos ||
        decoded->find('\\') != std::string::npos || decoded->find('\0') != std::string::npos)
      return send_reply(http_error(400, "bad_path", "the path escapes the web root"), version);
    std::string rel = decoded->substr(1);
    // The page's own routes (web/src/ui/router.ts) are index.html. Any other page address (no
    // dot in its last part) that is not a file gets index.html with status 404, so that a
    // browser shows the UI's own "page not found".
    const bool page = rel.substr(rel.find_last_of('/') + 1).find('.') == std::string::npos;
    const auto has_id = [&](std::string_view prefix) { return rel.size() > prefix.size() && rel.rfind(prefix, 0) == 0; };
    if (rel.empty() || has_id("game/") || has_id("replay/") || rel == "analysis" || rel == "offline" ||
        rel == "puzzles" || rel == "learn" || rel == "rules" || rel == "account" || rel == "leaderboard" ||
        has_id("@/"))
      rel = "index.html";
    if (rel.back() == '/') rel += "index.html";
    const std::filesystem::path full = ctx_.web_root / rel;
    std::error_code fec;
    const auto canon = std::filesystem::weakly_canonical(full, fec);
    const auto root = std::filesystem::weakly_canonical(ctx_.web_root, fec);
    const auto rs = root.native(), cs = canon.native();
    if (fec || cs.compare(0, rs.size(), rs) != 0)
      return send_reply(http_error(400, "bad_path", "the path escapes the web root"), version);
    beast::error_code ec;
    http::file_body::value_type body;
    std::filesystem::path file = canon;
    body.open(file.c_str(), beast::file_mode::scan, ec);
    auto status = http::status::ok;
    if (ec || std::filesystem::is_directory(canon, fec)) {
      ec = {};
      file = root / "index.html";
      if (page) body.open(file.c_str(), beast::file_mode::scan, ec);
      if (!page || ec)
        return send_reply(http_error(404, "not_found", "no file " + std::string(raw_path.substr(0, 100))), version);
      rel = "index.html";
      status = http::status::not_found;
    }
    // A precompressed copy written by the build (web/scripts/build.mjs: NAME.gz, not older
    // than NAME) is sent instead when the browser accepts gzip.
    const std::filesystem::path gz_file = file.native() + ".gz";
    const bool has_gz = std::filesystem::is_regular_file(gz_file, fec) &&
                        std::filesystem::last_write_time(gz_file, fec) >= std::filesystem::last_write_time(file, fec);
    bool gzipped = false;
    if (has_gz && accepts_gzip(req_[http::field::accept_encoding])) {
      http::file_body::value_type zipped;
      zipped.open(gz_file.c_str(), beast::file_mode::scan, ec);
      if (!ec) body = std::move(zipped), gzipped = true;
    }
    const auto size = body.size();
    const auto headers = [&](auto& res) {
      set_security_headers(res);
      res.set(http::field::content_type, mime_type(rel));
      if (has_gz) res.set(http::field::vary, "Accept-Encoding");
      if (gzipped) res.set(http::field::content_encoding, "gzip");
      res.content_length(size);
      res.keep_alive(keep_alive_);
    };
    if (req_.method() == http::verb::head) {
      http::response<http::empty_body> res{status, version};
      headers(res);
      log(int(status), 0);
      return write(http::message_generator(std::move(res)));
    }
    http::response<http::file_body> res{status, version};
    headers(res);
    res.body() = std::move(body);
    log(int(status), size);
    write(http::message_generator(std::move(res)));
  }

  void send_reply(const HttpReply& r, unsigned version) {
    if (r.chunks) return send_chunks(r, version);
    http::response<http::string_body> res{http::status(r.status), version};
    res.set(http::field::server, "yinsh");
    set_security_headers(res);
    if (r.text) {
      res.set(http::field::content_type, !r.content_type.empty() ? r.content_type
                                         : path_ == "/metrics"      ? "text/plain; version=0.0.4; charset=utf-8"
                                                                    : "text/plain; charset=utf-8");
      res.body() = *r.text;
    } else {
      res.set(http::field::content_type, "application/json");
      res.body() = r.body.dump(-1, ' ', false, json::error_handler_t::replace);
    }
    res.set(http::field::cache_control, r.cache_control.empty() ? "no-store" : r.cache_control);
    if (const auto after = retry_after(r)) res.set(http::field::retry_after, *after);
    if (!r.set_cookie.empty()) res.set(http::field::set_cookie, r.set_cookie);
    res.keep_alive(keep_alive_);
    res.prepare_payload();
    log(r.status, res.body().size());
    write(http::message_generator(std::move(res)));
  }

  // A body made as it is sent (HttpReply::chunks): the header, then each chunk once the one
  // before is written, then the last chunk. A source that fails cuts the response off (the
  // connection closes without the last chunk). A reader that takes nothing for 30 s is dropped.
  // HTTP/1.0 has no chunks: the body is written as it is and ends with the connection.
  void send_chunks(const HttpReply& r, unsigned version) {
    if (version < 11) keep_alive_ = false;
    auto head = std::make_shared<http::response<http::empty_body>>(http::status(r.status), version);
    head->set(http::field::server, "yinsh");
    set_security_headers(*head);
    head->set(http::field::content_type, r.content_type.empty() ? "text/plain; charset=utf-8" : r.content_type);
    head->set(http::field::cache_control, r.cache_control.empty() ? "no-store" : r.cache_control);
    if (version >= 11) head->chunked(true);
    head->keep_alive(keep_alive_);
    auto serializer = std::make_shared<http::response_serializer<http::empty_body>>(*head);
    beast::get_lowest_layer(stream_).expires_after(std::chrono::seconds(30));
    http::async_write_header(stream_, *serializer,
                             [self = shared_from_this(), head, serializer, source = r.chunks, status = r.status](
                                 beast::error_code ec, size_t) {
                               if (ec) return self->log(status, 0);
                               self->send_chunk(std::move(source), status, 0);
                             });
  }

  void send_chunk(std::shared_ptr<ChunkSource> source, int status, uint64_t sent) {
    auto self = shared_from_this();
    source->next([self, source, status, sent](std::optional<std::string> chunk) {
      net::post(self->stream_.get_executor(), [self, source, status, sent, chunk = std::move(chunk)]() mutable {
        beast::get_lowest_layer(self->stream_).expires_after(std::chrono::seconds(30));
        if (!chunk) {
          self->log(status, sent);
          self->keep_alive_ = false;
          return self->close();
        }
        const bool framed = self->req_.version() >= 11;
        if (chunk->empty()) {
          self->log(status, sent);
          if (!framed) return self->close();
          return net::async_write(self->stream_, http::make_chunk_last(), [self](beast::error_code ec, size_t) {
            if (ec) return;
            if (!self->keep_alive_) return self->close();
            self->do_read();
          });
        }
        auto data = std::make_shared<std::string>(std::move(*chunk));
        auto written = [self, source, status, sent, data](beast::error_code ec, size_t) {
          if (ec) return self->log(status, sent);  // the reader went away
          self->send_chunk(source, status, sent + data->size());
        };
        if (framed) net::async_write(self->stream_, http::make_chunk(net::buffer(*data)), std::move(written));
        else net::async_write(self->stream_, net::buffer(*data), std::move(written));
      });
    });
  }

  // docs/server.md, "Browser defences": on every response; HSTS only over TLS.
  template <class Response>
  void set_security_headers(Response& res) const {
    for (const auto& h : kSecurityHeaders) res.set(h.name, h.value);
    if (!request_id_.empty()) res.set("X-Request-Id", request_id_);
    if (over_tls_) res.set(kStrictTransportSecurity.name, kStrictTransportSecurity.value);
  }

  void log(int status, uint64_t bytes) {
    ctx_.metrics.http_requests.fetch_add(1);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started_).count();
    ctx_.logs->http(address_, method_, path_, status, ms, bytes, request_id_, user_agent_);
  }

  void write(http::message_generator msg) {
    beast::async_write(stream_, std::move(msg), [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return;
      if (!self->keep_alive_) return self->close();
      self->do_read();
    });
  }

  void close() {
    if constexpr (kTls) {
      beast::get_lowest_layer(stream_).expires_after(std::chrono::seconds(5));
      stream_.async_shutdown([self = shared_from_this()](beast::error_code) {});
    } else {
      beast::error_code ec;
      stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
      // What the client still sends is read and dropped for up to 2 s, so that the socket is
      // not closed with unread bytes (a reset, which may destroy the response in flight).
      stream_.expires_after(std::chrono::seconds(2));
      drain();
    }
  }

  void drain() {
    stream_.async_read_some(net::buffer(sink_), [self = shared_from_this()](beast::error_code ec, size_t) {
      if (!ec) self->drain();
    });
  }

  Stream stream_;
  Context& ctx_;
  std::shared_ptr<ConnectionTicket> ticket_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  http::request<http::string_body> req_;
  bool keep_alive_ = false;
  bool over_tls_ = kTls;  // TLS here, or at a trusted proxy that says so (X-Forwarded-Proto)
  std::chrono::steady_clock::time_point started_;
  std::string address_, method_, path_;
  // The request's id (a trusted proxy's X-Request-Id, else one made here; echoed in the
  // response) and the client's User-Agent, for the access log.
  std::string request_id_, user_agent_;
  char sink_[512];
};

// A connection over a cap: one response saying why, then the socket is closed once the
// client has closed its side (or after 2 s), so that the response is not lost to a reset.
class Refusal : public std::enable_shared_from_this<Refusal> {
 public:
  Refusal(tcp::socket&& socket, const std::string& why) : stream_(std::move(socket)) {
    const HttpReply refusal = http_error(503, "too_many_connections", why);
    const std::string body = refusal.body.dump();
    text_ = "HTTP/1.1 503 Service Unavailable\r\nServer: yinsh\r\nContent-Type: application/json\r\n";
    for (const auto& h : kSecurityHeaders) text_ += std::string(h.name) + ": " + std::string(h.value) + "\r\n";
    text_ += "Retry-After: " + retry_after(refusal).value_or("5") + "\r\nConnection: close\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  }
  void run() {
    stream_.expires_after(std::chrono::seconds(2));
    net::async_write(stream_, net::buffer(text_), [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return;
      self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
      self->drain();
    });
  }

 private:
  void drain() {
    stream_.async_read_some(net::buffer(sink_), [self = shared_from_this()](beast::error_code ec, size_t) {
      if (!ec) self->drain();  // the destructor closes the socket
    });
  }

  beast::tcp_stream stream_;
  std::string text_;
  char sink_[512];
};

}  // namespace

template <class Stream>
void run_http_session(Stream&& stream, Context& ctx, std::shared_ptr<ConnectionTicket> ticket) {
  std::make_shared<HttpSession<Stream>>(std::move(stream), ctx, std::move(ticket))->run();
}
template void run_http_session(PlainStream&&, Context&, std::shared_ptr<ConnectionTicket>);
template void run_http_session(TlsStream&&, Context&, std::shared_ptr<ConnectionTicket>);

void refuse_connection(tcp::socket&& socket, const std::string& why) {
  std::make_shared<Refusal>(std::move(socket), why)->run();
}

}  // namespace yinsh::server

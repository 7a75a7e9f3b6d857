// The HTTP API as the network layer and the domain modules share it, without Beast: a reply,
// an error reply, the callback that carries a reply back, a request as a domain module sees
// it, and the two interfaces through which the network layer reaches the modules that answer
// besides the hub (accounts and player pages, game pictures): it includes none of them, the
// server (server.cpp) wires them in.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/common/identity.h"

namespace yinsh::server {

// A body sent as it is made, chunk after chunk (Transfer-Encoding: chunked), so that a long
// answer is never whole in memory. The network layer asks for the next chunk only once the one
// before is written: a slow reader holds one chunk, not the answer.
class ChunkSource {
 public:
  using Take = std::function<void(std::optional<std::string> chunk)>;
  virtual ~ChunkSource() = default;
  // Hands the next chunk to `take`, exactly once, on any thread: "" when the body is complete;
  // nullopt when it cannot go on (the response is cut off, so the client sees it incomplete).
  virtual void next(Take take) = 0;
};

struct HttpReply {
  int status = 200;
  nlohmann::json body;              // sent as JSON unless `text` is set
  std::optional<std::string> text;  // text/plain body
  std::string content_type{};  // of `text` when not text/plain (image/png, text/html, ...)
  std::string cache_control{};  // default no-store ({} keeps -Wmissing-field-initializers quiet for short aggregate inits)
  std::string set_cookie{};     // a Set-Cookie header when not empty (accounts_api.h)
  std::shared_ptr<ChunkSource> chunks{};  // set: the body, of `content_type` (text/plain if empty)
};

// Error reply of the HTTP API: {"error": {"code", "message"}}.
HttpReply http_error(int status, std::string code, std::string message);
// 429 of a rate limit: "<what>; try again in N s", N (wait_s rounded up) as retry_after_s at
// the top and in error.params (the web's sentence for `code` reads it there).
HttpReply http_limited(std::string code, const std::string& what, double wait_s);

// The session cookie (accounts_api.h sets it) and a cookie's value in a Cookie header ("" when absent).
constexpr std::string_view kSessionCookie = "yinsh_session";
std::string cookie_value(std::string_view header, std::string_view name);
// The token of an Authorization header "Bearer <token>" (the scheme in any case); "" for an
// empty header; any other header whole (it is no token: the lookup refuses it as bad_api_token).
std::string bearer_token(std::string_view header);

// Carries a reply back to its connection; may run on any thread, exactly once.
using HttpDone = std::function<void(HttpReply)>;

// One HTTP request, as a module behind the network layer sees it.
struct ApiRequest {
  std::string method;   // "GET", "POST", ...
  std::string path;     // /api/account/..., /api/players/..., /game/ID.png, ...
  std::string query;    // after the '?'
  std::string body;
  std::string session;  // the session cookie's value ("" without one)
  std::string address;  // the client's address (throttling)
  bool secure = false;  // over TLS (directly or through a trusted proxy): the cookie gets Secure
  std::string bearer{};  // the token of "Authorization: Bearer <token>" ("" without one)
};

// A family of HTTP routes behind the network layer.
class HttpRoutes {
 public:
  virtual ~HttpRoutes() = default;
  // Answers `req` through `done` and returns true, or returns false at once (without calling
  // `done`) when the request is none of this family's.
  virtual bool route(const ApiRequest& req, const HttpDone& done) = 0;
};

// Who a session cookie belongs to.
class SessionResolver {
 public:
  virtual ~SessionResolver() = default;
  // Calls `done` with the identity of a session token (a guest when it is empty, unknown or
  // expired), on any thread.
  virtual void resolve(std::string session, std::function<void(Identity)> done) = 0;
  // The identity of an API token (`Authorization: Bearer`) that must carry `scope` (or one of
  // the alternatives it names, separated by '|'), or the
  // reply that refuses it: 401 for an unknown, malformed or revoked token, 403 for a missing
  // scope, 429 past the token's rate. Calls `done` exactly once, on any thread.
  virtual void resolve_token(std::string token, std::string scope,
                             std::function<void(Identity, std::optional<HttpReply>)> done) = 0;
  // The identity behind each of `held` now, by its session digest (Identity::session), in the
  // same order (an API token's identity by its token: a guest once it is revoked): a guest when that session has ended or its account is closed or deleted; the
  // account's current role and mute otherwise. Calls `done` on any thread.
  virtual void recheck(std::vector<Identity> held, std::function<void(std::vector<Identity>)> done) = 0;
};

}  // namespace yinsh::server

// BotsApi (bots_api.h): the token is resolved first (on the accounts pool), then the store is
// read or written on this API's thread.
#include "server/bots/bots_api.h"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <functional>
#include <set>

#include "server/bots/bot_store.h"
#include "server/store/store.h"
#include "server/store/store_reply.h"

namespace yinsh::server {
namespace {

int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

constexpr int kMaxListed = 500;

}  // namespace

struct BotsApi::Impl {
  Store& store;
  SessionResolver& resolver;
  const OnlinePlayers* online;
  boost::asio::thread_pool pool{1};
  Impl(Store& s, SessionResolver& r, const OnlinePlayers* o) : store(s), resolver(r), online(o) {}

  // Runs `work` on the pool and sends its reply; a failed store is 503, nothing changed.
  void run(std::function<HttpReply()> work, HttpDone done) {
    boost::asio::post(pool, [work = std::move(work), done = std::move(done)] { done(reply_from_store(work)); });
  }

  HttpReply bots() {
    const std::vector<std::string> names = online ? online->names() : std::vector<std::string>{};
    const std::set<std::string> here(names.begin(), names.end());
    json list = json::array();
    for (const BotRow& b : list_bots(store, kMaxListed))
      list.push_back({{"name", b.name}, {"online", here.count(b.name) > 0}, {"created_at", b.created_at}});
    std::stable_sort(list.begin(), list.end(),
                     [](const json& a, const json& b) { return a["online"].get<bool>() && !b["online"].get<bool>(); });
    HttpReply r;
    r.body = {{"bots", list}};
    return r;
  }

  HttpReply upgrade(const Identity& who) {
    switch (upgrade_to_bot(store, who.account, wall_ms())) {
      case BotUpgrade::Ok:
        break;
      case BotUpgrade::AlreadyBot:
        return http_error(409, "already_bot", who.name + " is a bot already");
      case BotUpgrade::HasPlayed:
        return http_error(409, "has_played",
                          "an account that has played a game cannot become a bot; make a new account for it");
      case BotUpgrade::NoAccount:
        return http_error(401, "bad_api_token", "this token's account is closed or deleted");
    }
    HttpReply r;
    r.body = {{"ok", true}, {"bot", true}, {"name", who.name}};
    return r;
  }
};

BotsApi::BotsApi(Store& store, SessionResolver& resolver, const OnlinePlayers* online)
    : impl_(std::make_unique<Impl>(store, resolver, online)) {}
BotsApi::~BotsApi() { stop(); }
void BotsApi::stop() { impl_->pool.join(); }

bool BotsApi::route(const ApiRequest& req, const HttpDone& done) {
  if (!handles(req.path)) return false;
  auto* impl = impl_.get();
  if (req.path == "/api/bots") {
    if (req.method != "GET") done(http_error(405, "method_not_allowed", req.method + " is not allowed here"));
    else impl->run([impl] { return impl->bots(); }, done);
    return true;
  }
  if (req.path != "/api/bot/account/upgrade") {
    done(http_error(404, "not_found", "no endpoint " + req.path.substr(0, 100)));
    return true;
  }
  if (req.method != "POST") {
    done(http_error(405, "method_not_allowed", req.method + " is not allowed here"));
    return true;
  }
  if (req.bearer.empty()) {
    done(http_error(401, "bad_api_token", "the bot API takes Authorization: Bearer <token> (a token with bot:play)"));
    return true;
  }
  impl->resolver.resolve_token(req.bearer, "bot:play", [impl, done](Identity who, std::optional<HttpReply> refused) {
    if (refused) return done(std::move(*refused));
    impl->run([impl, who] { return impl->upgrade(who); }, done);
  });
  return true;
}

}  // namespace yinsh::server

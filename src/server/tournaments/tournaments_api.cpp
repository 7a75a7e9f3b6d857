// TournamentsApi (tournaments_api.h): the session is resolved first, then the store is read
// or written on this API's thread.
#include "server/tournaments/tournaments_api.h"

#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>

#include "core/notation.h"
#include "server/common/http_util.h"
#include "server/store/store.h"
#include "server/store/store_reply.h"
#include "server/tournaments/arena_director.h"
#include "accounts/password.h"
#include "server/tournaments/tournament_chat.h"
#include "server/tournaments/tournament_host.h"
#include "server/tournaments/tournament_json.h"

namespace yinsh::server {
namespace {

constexpr std::string_view kPrefix = "/api/tournaments";
HttpReply reply(int status, json body) {
  HttpReply r;
  r.status = status;
  r.body = std::move(body);
  return r;
}

}  // namespace

struct TournamentsApi::Impl {
  Store& store;
  SessionResolver& resolver;
  TournamentHost& host;
  ArenaDirector& director;
  TournamentLimits limits;
  boost::asio::thread_pool pool{1};
  Impl(Store& s, SessionResolver& r, TournamentHost& h, ArenaDirector& d, TournamentLimits l)
      : store(s), resolver(r), host(h), director(d), limits(l) {}

  // Runs `work` on the pool and sends its reply; a failed store is 503, nothing changed.
  void run(std::function<HttpReply()> work, HttpDone done) {
    boost::asio::post(pool, [work = std::move(work), done = std::move(done)] { done(reply_from_store(work)); });
  }

  // A player's arenas (?player=NAME): newest first, each with the player's place in it.
  HttpReply player(const std::string& name) {
    const int64_t now = host.now();
    std::string account;
    json list = json::array();
    for (const auto& t : tournaments_of(store, name, limits.finished_listed, &account)) {
      json j = tournament_summary_json(t, now);
      if (const auto data = load_arena(store, t.id)) j["result"] = tournament_result_json(*data, account);
      list.push_back(std::move(j));
    }
    if (account.empty()) return http_error(404, "player_not_found", "no player " + name.substr(0, 40));
    return reply(200, {{"now", now}, {"tournaments", std::move(list)}});
  }

  HttpReply list() {
    const int64_t now = host.now();
    json list = json::array();
    for (const auto& t : list_tournaments(store, now, limits.finished_listed)) list.push_back(tournament_summary_json(t, now));
    return reply(200, {{"now", now}, {"tournaments", std::move(list)}});
  }

  HttpReply create(const Identity& who, const std::string& body) {
    if (who.guest()) return http_error(401, "not_logged_in", "log in to create a tournament");
    const int64_t now = host.now();
    std::string why;
    auto t = read_new_tournament(body, now, &why);
    if (!t) return http_error(400, "bad_request", why);
    t->created_by = who.account;
    const auto id = create_arena(store, *t, "", now, limits.max_open_per_account, &why);
    if (!id)
      return http_error(429, "too_many_tournaments",
                        "you have " + std::to_string(limits.max_open_per_account) + " tournaments that have not finished");
    const auto row = load_tournament(store, *id);
    if (!row) return http_error(500, "internal", "the new tournament cannot be read");
    return reply(201, tournament_summary_json(*row, now));
  }

  HttpReply get(const std::string& id, const Identity& who) {
    const auto data = load_arena(store, id);
    if (!data) return http_error(404, "tournament_not_found", "no tournament " + id);
    return reply(200, data->tournament.swiss() ? swiss_json(*data, who, host.now()) : arena_json(*data, who, host.now()));
  }

  // Every game of the arena, oldest first (the standings' pairings list only the newest).
  HttpReply games(const std::string& id) {
    const auto arena = load_arena(store, id);
    if (!arena) return http_error(404, "tournament_not_found", "no tournament " + id);
    json list = json::array();
    for (const auto& g : arena->games) list.push_back(tournament_game_json(g));
    return reply(200, {{"games", std::move(list)}});
  }

  HttpReply chat(const std::string& id) {
    const auto lines = chat_lines(store, id);
    if (!lines) return http_error(404, "tournament_not_found", "no tournament " + id);
    json list = json::array();
    for (const auto& l : *lines) list.push_back(l.to_json());
    return reply(200, {{"lines", std::move(list)}});
  }

  // A chat line: {"text": "..."} from a logged-in player who is not muted.
  HttpReply say(const std::string& id, const Identity& who, const std::string& body) {
    if (who.guest()) return http_error(401, "not_logged_in", "log in to chat");
    if (who.muted) return http_error(403, "muted", "you may not chat");
    const json j = json::parse(body, nullptr, false);
    if (!j.is_object() || !j.contains("text") || !j["text"].is_string())
      return http_error(400, "bad_request", "the body must be {\"text\": \"...\"}");
    const std::string& raw = j["text"].get_ref<const std::string&>();
    const std::string text = clean_text(raw, kChatLineChars);
    if (char_count(text) == 0 || char_count(raw) > kChatLineChars)
      return http_error(400, "bad_request", "text: 1 to " + std::to_string(kChatLineChars) + " characters");
    TournamentChatLine line;
    switch (post_chat(store, id, who, text, host.now(), &line)) {
      case ChatPost::NoTournament:
        return http_error(404, "tournament_not_found", "no tournament " + id);
      case ChatPost::TooFast:
        return http_error(429, "too_fast", "at most " + std::to_string(kChatLinesPerWindow) + " lines in " +
                                               std::to_string(kChatWindowMs / 1000) + " seconds");
      case ChatPost::Ok:
        break;
    }
    return reply(201, line.to_json());
  }

  // Removes a chat line: its writer's, or any for an admin.
  HttpReply unsay(const std::string& id, const Identity& who, const std::string& line) {
    if (who.guest()) return http_error(401, "not_logged_in", "log in to chat");
    switch (delete_chat(store, id, line, who)) {
      case ChatDelete::NoLine:
        return http_error(404, "unknown_chat_line", "no chat line " + line.substr(0, 20) + " in this tournament");
      case ChatDelete::NotAllowed:
        return http_error(403, "not_allowed", "only its writer or a moderator may remove a line");
      case ChatDelete::Ok:
        break;
    }
    return reply(200, {{"ok", true}});
  }

  // Join (body: {} or {"entry_code": "..."}) or withdraw.
  HttpReply join(const std::string& id, const Identity& who, bool active, const std::string& body) {
    if (who.guest()) return http_error(401, "not_logged_in", "log in to play in a tournament");
    if (who.bot && active) return http_error(403, "not_allowed", "bots do not play in tournaments");
    std::string digest;
    if (active && !body.empty()) {
      const json j = json::parse(body, nullptr, false);
      if (!j.is_object() || (j.contains("entry_code") && !j["entry_code"].is_string()))
        return http_error(400, "bad_request", "the body must be {} or {\"entry_code\": \"...\"}");
      if (j.contains("entry_code")) digest = accounts::token_digest(j["entry_code"].get<std::string>());
    }
    switch (set_joined(store, id, who.account, active, host.now(), digest)) {
      case JoinResult::NoTournament:
        return http_error(404, "tournament_not_found", "no tournament " + id);
      case JoinResult::Over:
        return http_error(409, "tournament_over", "the tournament has finished or takes no more players");
      case JoinResult::WrongCode:
        return http_error(403, "wrong_entry_code", "this tournament asks for an entry code, and that is not it");
      case JoinResult::RatingOutOfRange:
        return http_error(403, "rating_out_of_range", "your rating is outside this tournament's range");
      case JoinResult::Ok:
        break;
    }
    if (active) director.wake();
    return reply(200, {{"joined", active}});
  }
};

TournamentsApi::TournamentsApi(Store& store, SessionResolver& resolver, TournamentHost& host, ArenaDirector& director,
                               TournamentLimits limits)
    : impl_(std::make_unique<Impl>(store, resolver, host, director, limits)) {}

TournamentsApi::~TournamentsApi() { stop(); }

void TournamentsApi::stop() { impl_->pool.join(); }

bool TournamentsApi::route(const ApiRequest& req, const HttpDone& done) {
  const std::string& path = req.path;
  if (path.rfind(kPrefix, 0) != 0 || (path.size() > kPrefix.size() && path[kPrefix.size()] != '/')) return false;
  std::string rest = path.substr(std::min(path.size(), kPrefix.size() + 1));
  std::string id = rest.substr(0, rest.find('/'));
  const std::string act = rest.size() > id.size() ? rest.substr(id.size() + 1) : "";
  const bool get = req.method == "GET", post = req.method == "POST";
  // chat/<line>/delete: the line's id between the two
  const bool chat_delete = act.rfind("chat/", 0) == 0 && act.size() > 12 && act.substr(act.size() - 7) == "/delete" &&
                           act.find('/', 5) == act.size() - 7;
  const bool known = (id.empty() && (get || post)) ||
                     (!id.empty() && (act.empty() || act == "games" || act == "chat") && get) ||
                     (!id.empty() && post &&
                      (act == "join" || act == "withdraw" || act == "berserk" || act == "chat" || chat_delete));
  if (!known) {
    done(http_error(404, "not_found", "no such tournament route: " + req.method + " " + path.substr(0, 80)));
    return true;
  }
  Impl* impl = impl_.get();
  if (id.empty() && get && !query_param(req.query, "player").empty()) {
    impl->run([impl, name = query_param(req.query, "player")] { return impl->player(name); }, done);
    return true;
  }
  impl->resolver.resolve(req.session, [impl, id, act, get, body = req.body, done](Identity who) {
    if (id.empty() && get) return impl->run([impl] { return impl->list(); }, done);
    if (id.empty()) return impl->run([impl, who, body] { return impl->create(who, body); }, done);
    if (act.empty()) return impl->run([impl, id, who] { return impl->get(id, who); }, done);
    if (act == "games") return impl->run([impl, id] { return impl->games(id); }, done);
    if (act == "chat" && get) return impl->run([impl, id] { return impl->chat(id); }, done);
    if (act == "chat") return impl->run([impl, id, who, body] { return impl->say(id, who, body); }, done);
    if (act.rfind("chat/", 0) == 0)
      return impl->run([impl, id, who, line = act.substr(5, act.size() - 12)] { return impl->unsay(id, who, line); }, done);
    if (act == "join" || act == "withdraw")
      return impl->run([impl, id, who, body, join = act == "join"] { return impl->join(id, who, join, body); }, done);
    // berserk: {"game": "<id>"}, one of this arena's games
    if (who.guest()) return done(http_error(401, "not_logged_in", "log in to play in a tournament"));
    const json j = json::parse(body, nullptr, false);
    if (!j.is_object() || !j.contains("game") || !j["game"].is_string())
      return done(http_error(400, "bad_request", "the body must be {\"game\": \"<id>\"}"));
    const std::string game = j["game"].get<std::string>();
    impl->run(
        [impl, id, game, who, done]() -> HttpReply {
          const auto t = load_tournament(impl->store, id);
          if (!t) return http_error(404, "tournament_not_found", "no tournament " + id);
          if (t->swiss()) return http_error(409, "not_allowed", "there is no berserk in a Swiss event");
          if (!is_tournament_game(impl->store, id, game))
            return http_error(409, "not_allowed", "game " + game.substr(0, 20) + " is not this arena's");
          impl->host.berserk(game, who, done);
          return reply(0, nullptr);  // answered by the host
        },
        [done](HttpReply r) {
          if (r.status != 0) done(std::move(r));
        });
  });
  return true;
}

}  // namespace yinsh::server

// The bot and board API's acts (hub.h, Hub::play and Hub::challenge; docs/api.md 2.5): a
// seated player's decisions, chat, resignation, abort and undo, judged by the game's room like
// a WebSocket's commands; and challenges, which are the lobby's, sent through the account's
// event stream (its connection in the lobby), whose answers come back to the waiting request.
#include <chrono>

#include "core/notation.h"
#include "server/hub/streams.h"
#include "server/lobby/lobby.h"

namespace yinsh::server {
namespace {

constexpr size_t kChallengesPerWindow = 20;
constexpr int64_t kChallengeWindowMs = 10 * 60 * 1000;

HttpReply ok_reply() { return {200, {{"ok", true}}, {}}; }

// A lobby refusal of an API request: the API's codes where they differ.
HttpReply lobby_refusal(const out::Error& e) {
  if (e.code == "no_challenge") return http_error(404, "no_such_challenge", e.message);
  if (e.code == "unknown_player") return http_error(404, e.code, e.message);
  ApiError a{e.code, e.message, e.params};
  return error_reply(a);
}

// A challenge as the lobby shows it (seek_challenges.h, to_json) in the stream's shape.
stream::ChallengeInfo challenge_info(const json& c) {
  stream::ChallengeInfo info;
  info.id = c.value("id", "");
  info.challenger.name = c.value("from", "");
  info.challenger.bot = c.value("bot", false);
  if (c.contains("rating") && c["rating"].is_number()) info.challenger.rating = int(c["rating"].get<double>());
  info.dest = c.value("to", "");
  info.rated = c.value("rated", false);
  info.color = c.value("color", "random");
  info.variant = parse_variant(c.value("variant", "normal")).value_or(Variant::Normal);
  if (c.contains("clock") && c["clock"].is_object())  // clock_json's shapes: {days} or {base_ms, increment_ms}
    info.clock = c["clock"].contains("days") && c["clock"]["days"].is_number_integer()
                     ? ClockSpec::days_per_move(c["clock"]["days"].get<int>())
                     : ClockSpec{c["clock"].value("base_ms", int64_t(0)), c["clock"].value("increment_ms", int64_t(0))};
  return info;
}

std::string id_text(const json& id) { return id.is_string() ? id.get<std::string>() : std::string(); }

}  // namespace

// ------------------------------------------------------------- the event stream's lobby side

HttpDone StreamClient::take_pending(const json& id) {
  std::lock_guard lock(pending_mutex);
  auto it = pending.find(id_text(id));
  if (it == pending.end()) return {};
  HttpDone done = std::move(it->second);
  pending.erase(it);
  return done;
}

void StreamClient::send(const PrivateMessage& m) {
  if (const auto* ch = std::get_if<out::Challenged>(&m)) return line(stream::write(stream::ChallengeLine{challenge_info(ch->challenge)}));
  if (const auto* e = std::get_if<out::Error>(&m))
    if (HttpDone done = take_pending(e->id)) done(lobby_refusal(*e));
}

void StreamClient::challenge_made(const json& challenge, const json& id) {
  if (HttpDone done = take_pending(id)) {
    const json line = json::parse(stream::write(stream::ChallengeLine{challenge_info(challenge)}));
    done({200, {{"challenge", line["challenge"]}}, {}});
  }
}

void StreamClient::command_done(const json& id) {
  if (HttpDone done = take_pending(id)) done(ok_reply());
}

void StreamClient::challenge_gone(const std::string& challenge, bool declined) {
  line(declined ? stream::write(stream::ChallengeDeclined{challenge}) : stream::write(stream::ChallengeCanceled{challenge}));
}

void Hub::challenge(const Identity& who, const std::string& act, const std::string& target, std::string_view body,
                    Done done) {
  ClientMessage msg;
  msg.id = "api:" + new_token();
  if (act == "create") {
    json j = body.empty() ? json::object() : json::parse(body, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return done(http_error(400, "bad_json", "the body must be a JSON object"));
    cmd::Challenge ch{target, {}, false, std::nullopt};
    try {  // the API's clock {initial_ms, increment_ms} read as the lobby's {base_ms, increment_ms};
           // {days} (a correspondence game) as it is
      json kind = {{"variant", j.value("variant", json("normal"))}};
      if (j.contains("clock") && j["clock"].is_object())
        kind["clock"] = j["clock"].contains("days")
                            ? json{{"days", j["clock"]["days"]}}
                            : json{{"base_ms", j["clock"].value("initial_ms", json())},
                                   {"increment_ms", j["clock"].value("increment_ms", json())}};
      ch.kind = read_game_kind(Fields(kind));
      const Fields f(j);
      if (j.contains("rated") && !j["rated"].is_null()) ch.rated = f.boolean("rated");
      ch.color = cmd::read_challenge_color(f);  // the challenger's seat in the game made on accept
    } catch (const SchemaError& e) {
      return done(http_error(400, "bad_request", e.what()));
    }
    const int64_t now = now_ms();
    std::lock_guard lock(impl_->accounts_mutex);
    auto& times = impl_->api_challenges[who.account];
    while (!times.empty() && times.front() <= now - kChallengeWindowMs) times.pop_front();
    if (times.size() >= kChallengesPerWindow) {
      return done(http_limited("too_many_challenges",
                               "at most " + std::to_string(kChallengesPerWindow) + " challenges in 10 minutes",
                               double(times.front() + kChallengeWindowMs - now) / 1000));
    }
    times.push_back(now);
    msg.command = std::move(ch);
  } else if (act == "accept") {
    msg.command = cmd::ChallengeAccept{target};
  } else if (act == "decline") {
    msg.command = cmd::ChallengeDecline{target};
  } else if (act == "cancel") {
    msg.command = cmd::ChallengeCancel{target};
  } else {
    return done(http_error(404, "not_found", "no challenge act " + act.substr(0, 20)));
  }
  // The account's event stream is its connection in the lobby: challenges live while it is open.
  std::shared_ptr<StreamClient> c;
  {
    std::lock_guard lock(impl_->accounts_mutex);
    auto [first, last] = impl_->event_streams.equal_range(who.account);
    for (auto it = first; it != last && !c; ++it) c = std::static_pointer_cast<StreamClient>(it->second.lock());
  }
  if (!c)
    return done(http_error(409, "no_event_stream",
                           "open the event stream (GET /api/stream/event) first: challenges live while it is open"));
  {
    std::lock_guard lock(c->pending_mutex);
    c->pending[id_text(msg.id)] = std::move(done);
  }
  impl_->lobby->handle(c, msg);
}

// ------------------------------------------------------------------------ a seated player

void Hub::play(const std::string& id, const Identity& who, const std::string& act, const std::string& arg,
               std::optional<int64_t> ply, std::string_view body, Done done) {
  std::string text;
  if (act == "chat") {
    json j = json::parse(body, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return done(http_error(400, "bad_json", "the body must be a JSON object"));
    if (!j.contains("text") || !j["text"].is_string())
      return done(http_error(400, "bad_request", "text: a string is required"));
    text = j["text"].get<std::string>();
    if (who.muted) return done(http_error(403, "muted", "your account is muted: you cannot chat"));
  } else if (act == "undo") {
    if (arg != "yes" && arg != "no") return done(http_error(404, "not_found", "undo/yes or undo/no"));
  } else if (act != "move" && act != "resign" && act != "abort" && act != "berserk") {
    return done(http_error(404, "not_found", "no game act " + act.substr(0, 20)));
  }
  impl_->with_room(id, [who, act, arg, ply, text, done](std::shared_ptr<Room> r, const ApiError* e) {
    if (!r) {
      if (e->code == "game_not_found") return done(http_error(404, "no_such_game", e->message));
      return done(error_reply(*e));
    }
    r->post([r, who, act, arg, ply, text, done] {
      const std::optional<Color> seat = r->game.seat_of_account(who.account);
      if (!seat) return done(http_error(403, "not_your_game", "you hold no seat of game " + r->game.id()));
      const Color me = *seat;
      Room::Make make = [r, me, act, arg, ply, text, account = who.account]() -> Outcome {
        OnlineGame& g = r->game;
        const int64_t now = r->hub.now();  // the games' clock (a test's manual one too), as the room's
        if (act == "move") {
          if (ply && *ply != g.ply())
            return Outcome::fail("stale_ply", "the game has " + std::to_string(g.ply()) + " decisions, not " +
                                                  std::to_string(*ply));
          return g.decide(me, arg, std::nullopt, now);
        }
        if (act == "chat") return g.chat(g.seat(me).name, color_name(me), text, now, account);
        if (act == "resign") return g.resign(me, now);
        if (act == "abort") return g.abort(me, now);
        if (act == "berserk") return g.berserk(me, now);
        if (arg == "no") return g.answer_undo(me, false, now);
        Outcome accepted = g.answer_undo(me, true, now);  // the opponent asked: take it back
        return accepted.ok() ? accepted : g.request_undo(me, now);
      };
      r->run(std::move(make), [done](const ApiError* error) { done(error ? error_reply(*error) : ok_reply()); });
    });
  });
}

}  // namespace yinsh::server

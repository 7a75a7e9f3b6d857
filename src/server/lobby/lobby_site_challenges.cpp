// Direct challenges across the site's servers (lobby.h; docs/server.md "One site"). A
// challenge to an account is put as a row of the site by the challenger's server; the other
// servers show it to the account's connections there. Accepting, declining or cancelling it
// first takes the row (SiteBus::claim: the database deletes it for one taker only), so of an
// accept on one server, a decline on another and a cancel by the challenger, exactly one
// happens, and a game is made at most once. The challenger's server hears of the answer by
// message (SiteTopic::Matched: the game, or the decline). A challenge made here to a guest
// stays here: guests' names are per server.
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "accounts/username.h"
#include "server/lobby/lobby.h"

namespace yinsh::server {

void Lobby::join_site_challenges() {
  SiteBus& site = hub_.site();
  challenge_watch_ = site.watch_rows(RowKind::Challenge, [this](const std::vector<SiteRow>& rows) {
    std::map<std::string, Challenge> challenges;
    for (const auto& r : rows)
      if (auto c = challenge_from_row(r.body, r.server)) challenges.emplace(c->id, std::move(*c));
    boost::asio::post(hub_.io(), [this, challenges = std::move(challenges)]() mutable {
      std::lock_guard lock(mutex_);
      if (stopped_) return;
      for (const auto& [id, c] : challenges)  // new ones: the challenged account's connections here
        if (!remote_challenges_.count(id)) notify(c);
      remote_challenges_ = std::move(challenges);
      publish();
    });
  });
  // Who is online elsewhere (server.cpp puts the names): a challenge to them goes there.
  presence_watch_ = site.watch_rows(RowKind::Presence, [this](const std::vector<SiteRow>& rows) {
    std::set<std::string> keys;
    for (const auto& r : rows) {
      if (!r.body.is_object() || !r.body.contains("name") || !r.body["name"].is_string()) continue;
      std::string error;
      if (auto u = accounts::parse_username(r.body["name"].get<std::string>(), &error)) keys.insert(u->key);
    }
    std::lock_guard lock(mutex_);  // the watcher's thread is not the lobby's: nothing sent here
    online_elsewhere_ = std::move(keys);
  });
}

bool Lobby::online_elsewhere(const std::string& name_key) const { return online_elsewhere_.count(name_key) > 0; }

void Lobby::answer_shared(const std::shared_ptr<LobbyClient>& c, const Seeker& who, const std::string& target, Answer a,
                          const json& id) {
  take_row(RowKind::Challenge, target, [this, c, who, target, a, id](const std::optional<SiteRow>& row, const std::string* why) {
    if (why) return c->send(out::Error{0, "store_unavailable", "the challenge could not be answered: " + *why, id});
    std::optional<Challenge> taken = row ? challenge_from_row(row->body, row->server) : std::nullopt;
    challenges_.remove(target);
    remote_challenges_.erase(target);
    answer_taken(c, who, target, taken, a, id);
  });
}

void Lobby::answer_taken(const std::shared_ptr<LobbyClient>& c, const Seeker& who, const std::string& target,
                         const std::optional<Challenge>& taken, Answer a, const json& id) {
  if (!taken) {
    c->send(out::Error{0, "no_challenge",
                       "the challenge " + clean_text(target, 32) + " is gone (answered, cancelled or expired)", id});
    return publish_from(c->key);
  }
  switch (a) {
    case Answer::Accept:
      make_game(taken->from, seeker_of(who, taken->kind), taken->kind, taken->rated, "challenge",
                taken->stored ? "" : taken->id, taken->color, taken->stored ? stored_made(*taken) : nullptr);
      break;
    case Answer::Decline:
      if (taken->stored) {
        hub_.send_notice(taken->from.account(), out::Notice{"challenge_declined", "", WHITE, who.name, "", "", hub_.now()});
      } else if (taken->from.server.empty()) {
        if (auto from = client_of(taken->from.connection())) {
          from->send(out::Info{0, who.name + " declined your challenge", "challenge_declined", {{"name", who.name}}});
          from->challenge_gone(taken->id, true);
        }
      } else {
        hub_.site().send(SiteTopic::Matched, taken->from.server,
                         {{"conn", taken->from.connection()}, {"seek", taken->id}, {"declined", who.name}});
      }
      break;
    case Answer::Cancel:
      withdrawn(*taken);
      break;
  }
  c->command_done(id);
  publish_from(c->key);
}

}  // namespace yinsh::server

// The lobby's commands (docs/api.md 3.4): one handler per type; refusals go back to the sender
// as `error` messages with the command's id, and every change is published to the followers.
#include "accounts/username.h"
#include "server/accounts/accounts_store.h"
#include "server/common/ids.h"
#include "server/store/store.h"
#include "server/lobby/lobby.h"

namespace yinsh::server {

void Lobby::handle(const std::shared_ptr<LobbyClient>& c, const ClientMessage& msg) {
  if (c->who.guest()) {  // a name being settled: the commands after it wait for it, in order
    std::lock_guard lock(mutex_);
    if (auto it = naming_.find(c->key); it != naming_.end()) return it->second.push_back(msg);
  }
  accept(c, msg);
}

// A guest's new name (an account's is its own) may be neither the computer's nor an account's
// or a look-alike (then it is "Guest"): asked on the store pool, then the command runs under
// the name settled, then the commands that came meanwhile. True when the name is being asked.
bool Lobby::accept(const std::shared_ptr<LobbyClient>& c, const ClientMessage& msg) {
  if (const auto* l = std::get_if<cmd::Lobby>(&msg.command); l && l->name && c->who.guest()) {
    std::string typed = clean_text(*l->name, kMaxNameChars);
    bool known;
    {
      std::lock_guard lock(c->mutex);
      known = typed == c->name;
    }
    ClientMessage named = msg;
    std::get<cmd::Lobby>(named.command).name.reset();
    if (known) return accept(c, named);
    {
      std::lock_guard lock(mutex_);
      naming_[c->key];
    }
    hub_.settle_guest_name(std::move(typed), [this, c, named = std::move(named)](std::string name) {
      {
        std::lock_guard lock(c->mutex);
        c->name = std::move(name);
      }
      if (accept(c, named)) return;
      while (true) {  // the commands held meanwhile, until none is left or one asks a name again
        ClientMessage next;
        {
          std::lock_guard lock(mutex_);
          auto it = naming_.find(c->key);
          if (it == naming_.end()) return;  // the connection closed
          if (it->second.empty()) return void(naming_.erase(it));
          next = std::move(it->second.front());
          it->second.pop_front();
        }
        if (accept(c, next)) return;
      }
    });
    return true;
  }
  const Seeker who = who_of(*c);
  std::lock_guard lock(mutex_);
  if (!c->who.guest()) {
    // A connection's first lobby command reads the account's ratings from the store (a game
    // page that never uses the lobby costs nothing); the account's commands wait meanwhile.
    auto a = accounts_.find(c->who.account);  // absent only once the connection closed
    if (a != accounts_.end() && a->second.loading == 0 && !members_.count(c->key)) read_ratings(c->who.account);
    // A command that would make a game or an offer is the account's act: whether the account
    // is still live is read where it acts (a deletion or a close in another process reaches
    // this socket only at its next session check).
    if (a != accounts_.end() && makes_an_offer(msg.command)) check_live(c->who.account);
    if (a != accounts_.end() && a->second.loading > 0) {
      a->second.pending.emplace_back(c, msg);
      return false;
    }
  }
  run(c, msg, who);
  return false;
}

bool Lobby::makes_an_offer(const Command& command) {
  return std::holds_alternative<cmd::Seek>(command) || std::holds_alternative<cmd::Pair>(command) ||
         std::holds_alternative<cmd::Challenge>(command) || std::holds_alternative<cmd::SeekAccept>(command) ||
         std::holds_alternative<cmd::ChallengeAccept>(command);
}

void Lobby::check_live(const std::string& account) {
  ++accounts_[account].loading;
  hub_.post_store_work([this, account] {
    bool live = true;  // the store down: the game's creation checks again
    try {
      const auto a = AccountStore(hub_.game_store()).by_id(account);
      live = a && a->active();
    } catch (const std::exception&) {
    }
    if (!live) {
      std::lock_guard lock(mutex_);
      if (auto it = accounts_.find(account); it != accounts_.end()) it->second.gone = true;
    }
    ratings_read(account, nullptr);  // the commands that waited run now, in order
  });
}

void Lobby::run(const std::shared_ptr<LobbyClient>& c, const ClientMessage& msg, const Seeker& who) {
  const json& id = msg.id;
  auto fail = [&](const ApiError& e) { c->send(out::Error{0, e.code, e.message, id, e.params}); };
  if (!c->who.guest() && makes_an_offer(msg.command))
    if (auto a = accounts_.find(c->who.account); a != accounts_.end() && a->second.gone)
      return fail(ApiError{"session_ended", "your session has ended: log in again"});
  Member& m = members_[c->key];
  m.client = c;
  m.seeker = who;
  const SeekOptions& o = hub_.seek_options();
  const int64_t now = hub_.now();
  bool answered_later = false;
  const auto error = std::visit(
      Overloaded{
          [&](const cmd::Lobby&) -> std::optional<ApiError> {
            m.following = true;
            return std::nullopt;
          },
          [&](const cmd::Seek& s) -> std::optional<ApiError> {
            Seek seek{new_id('s'), seeker_of(who, s.kind), s.kind, s.rated, s.range, now};
            const int waiting = o.max_open > 0 ? std::max(waiting_games(who.address), waiting_games(who.key)) : 0;
            const json row = shared() ? seek_row(seek) : json();
            const std::string sid = seek.id;
            auto e = seeks_.add(std::move(seek), o.max_open, waiting);
            if (!e && shared()) hub_.site().put(RowKind::Seek, sid, row);
            return e;
          },
          [&](const cmd::SeekCancel& s) -> std::optional<ApiError> {
            const Seek* seek = seeks_.find(s.target);
            if (!seek || seek->by.key != who.key) return ApiError{"no_seek", "you have no seek " + clean_text(s.target, 32)};
            seeks_.remove(s.target);
            seek_gone(s.target);
            return std::nullopt;
          },
          [&](const cmd::SeekAccept& s) -> std::optional<ApiError> {
            const Seek* seek = seeks_.find(s.target);
            if (!seek)
              if (auto r = remote_seeks_.find(s.target); r != remote_seeks_.end()) seek = &r->second;
            if (!seek) return ApiError{"no_seek", "the seek " + clean_text(s.target, 32) + " is gone (taken, cancelled or expired)"};
            const Seeker me = seeker_of(who, seek->kind);
            if (auto e = seeks_.acceptable(*seek, me)) return e;
            if (auto e = take_creation(who.address)) return e;
            if (shared()) {  // the site's claim decides who takes it (lobby_site.cpp)
              answered_later = true;
              accept_shared(c, me, s.target, id);
              return std::nullopt;
            }
            const Seek taken = *seek;
            seeks_.remove(s.target);
            make_game(taken.by, me, taken.kind, taken.rated, "seek");
            return std::nullopt;
          },
          [&](const cmd::Pair& p) -> std::optional<ApiError> {
            if (p.rated && c->who.guest())
              return ApiError{"not_allowed", "rated games need an account: log in, or pair for a casual game",
                              {{"reason", "rated_needs_account"}}};
            const PairRequest r{seeker_of(who, p.kind), p.kind, now, p.rated};
            pairing_.add(r);
            pair_put(r);
            pair_now(now);
            return std::nullopt;
          },
          [&](const cmd::PairCancel&) -> std::optional<ApiError> {
            if (!pairing_.remove(who.key))
              return ApiError{"not_allowed", "you are not waiting for a pairing", {{"reason", "not_pairing"}}};
            pairs_gone({who.key});
            return std::nullopt;
          },
          [&](const cmd::Challenge& ch) -> std::optional<ApiError> {
            answered_later = true;
            challenge(who, ch, id, c);
            return std::nullopt;
          },
          [&](const cmd::ChallengeAccept& a) -> std::optional<ApiError> {
            if (auto s = stored_.find(a.target); s != stored_.end() && s->second.to_key == who.key) {
              answered_later = true;  // the store's row decides (lobby_stored_challenges.cpp)
              answer_stored(c, who, a.target, Answer::Accept, id);
              return std::nullopt;
            }
            const Challenge* ch = challenge_to(who, a.target);
            if (!ch) return ApiError{"no_challenge", "there is no challenge " + clean_text(a.target, 32) + " for you"};
            if (shared() && !ch->to_key.empty()) {  // a row of the site: its claim decides
              answered_later = true;
              answer_shared(c, who, a.target, Answer::Accept, id);
              return std::nullopt;
            }
            const Challenge taken = *ch;
            challenges_.remove(a.target);
            make_game(taken.from, seeker_of(who, taken.kind), taken.kind, taken.rated, "challenge", "", taken.color);
            return std::nullopt;
          },
          [&](const cmd::ChallengeDecline& d) -> std::optional<ApiError> {
            if (auto s = stored_.find(d.target); s != stored_.end() && s->second.to_key == who.key) {
              answered_later = true;
              answer_stored(c, who, d.target, Answer::Decline, id);
              return std::nullopt;
            }
            const Challenge* ch = challenge_to(who, d.target);
            if (!ch) return ApiError{"no_challenge", "there is no challenge " + clean_text(d.target, 32) + " for you"};
            if (shared() && !ch->to_key.empty()) {
              answered_later = true;
              answer_shared(c, who, d.target, Answer::Decline, id);
              return std::nullopt;
            }
            if (auto from = client_of(ch->from.connection())) {
              from->send(out::Info{0, who.name + " declined your challenge", "challenge_declined", {{"name", who.name}}});
              from->challenge_gone(d.target, true);
            }
            challenges_.remove(d.target);
            return std::nullopt;
          },
          [&](const cmd::ChallengeCancel& d) -> std::optional<ApiError> {
            if (auto s = stored_.find(d.target); s != stored_.end() && s->second.from.key == who.key) {
              answered_later = true;
              answer_stored(c, who, d.target, Answer::Cancel, id);
              return std::nullopt;
            }
            const Challenge* ch = challenges_.find(d.target);
            if (!ch || ch->from.key != who.key) return ApiError{"no_challenge", "you sent no challenge " + clean_text(d.target, 32)};
            if (shared() && !ch->to_key.empty()) {
              answered_later = true;
              answer_shared(c, who, d.target, Answer::Cancel, id);
              return std::nullopt;
            }
            withdrawn(*ch);
            challenges_.remove(d.target);
            return std::nullopt;
          },
          [&](const auto&) -> std::optional<ApiError> {
            return ApiError{"internal", "a game command reached the lobby"};
          },
      },
      msg.command);
  if (error) return fail(*error);
  if (answered_later) return;
  c->command_done(id);
  publish_from(c->key);  // its own change: at once
}

// A challenge to a name: an account connected here (told on every connection it has open).
// Any other name is looked up in the store (on the store pool, then back under the lock): an
// account connected to another server of the site gets it there (a row of the site); an
// account not connected anywhere gets an account's correspondence challenge stored for it
// (store_offline), and any other is `player_offline` (a guest using its name is never
// challenged in its stead); else guests following the lobby under that name get it; else
// `unknown_player`.
void Lobby::challenge(const Seeker& who, const cmd::Challenge& ch, const json& id, const std::shared_ptr<LobbyClient>& c) {
  std::string error;
  const auto typed = accounts::parse_username(ch.to, &error);
  Challenge made{"", seeker_of(who, ch.kind), clean_text(ch.to, kMaxNameChars), ch.kind, ch.rated, hub_.now(), "",
                 ch.color};
  for (const auto& [account, a] : accounts_)
    if (typed && a.name_key == typed->key) {
      made.to_key = "a:" + account;
      made.to = a.name;  // shown under the account's own spelling
    }
  if (!made.to_key.empty() || !typed) return offer(std::move(made), id, c);  // not an account's name: a guest's
  hub_.post_store_work([this, key = typed->key, made = std::move(made), id, c]() mutable {
    std::optional<Account> known;
    try {
      known = AccountStore(hub_.game_store()).by_key(key);
    } catch (const std::exception&) {  // the store is down: guests may still be challenged
    }
    std::unique_lock lock(mutex_);
    if (known && shared() && known->active() && online_elsewhere(key)) {
      made.to_key = "a:" + known->id;
      made.to = known->name;
    } else if (known && known->active() && is_correspondence(made.kind.clock) && !made.from.account().empty()) {
      made.to_key = "a:" + known->id;
      made.to = known->name;
      lock.unlock();
      return store_offline(std::move(made), id, c);
    } else if (known) {
      return c->send(
          out::Error{0, "player_offline", made.to + " is not online now: try again later", id, {{"name", made.to}}});
    }
    offer(std::move(made), id, c);
  });
}

void Lobby::offer(Challenge made, const json& id, const std::shared_ptr<LobbyClient>& c) {
  if (made.to_key.empty()) {  // a guest's name: someone must follow the lobby under it
    bool online = false;
    for (const auto& [key, other] : members_)
      online = online || (other.following && other.seeker.account().empty() && key != c->key &&
                          name_key(other.seeker.name) == name_key(made.to) && !other.client.expired());
    if (!online)
      return c->send(out::Error{0, "unknown_player",
                                "there is no player named " + made.to + " (no account, and no guest in the lobby)", id,
                                {{"name", made.to}}});
  }
  made.id = new_id('c');
  if (auto e = challenges_.add(made, hub_.seek_options().max_open))
    return c->send(out::Error{0, e->code, e->message, id, e->params});
  // A challenge to an account is the site's: every server the account is connected to shows it.
  if (shared() && !made.to_key.empty()) hub_.site().put(RowKind::Challenge, made.id, challenge_row(made));
  notify(made);
  c->challenge_made(to_json(made, true), id);
  publish_from(c->key);
}

void Lobby::tell_challenges(const std::shared_ptr<LobbyClient>& c) {
  std::lock_guard lock(mutex_);
  const std::string key = "a:" + c->who.account;
  for (const Challenge* ch : challenges_.sent_to(key, c->who.name)) c->send(out::Challenged{to_json(*ch, false)});
  for (const auto& [id, ch] : remote_challenges_)
    if (ch.to_key == key) c->send(out::Challenged{to_json(ch, false)});
  for (const auto& [id, ch] : stored_)
    if (ch.to_key == key) c->send(out::Challenged{to_json(ch, false)});
}

void Lobby::withdrawn(const Challenge& ch) {
  if (ch.to_key.empty()) return;
  auto a = accounts_.find(ch.to_key.substr(2));
  if (a == accounts_.end()) return;
  for (const auto& [key, weak] : a->second.connections)
    if (auto client = weak.lock()) client->challenge_gone(ch.id, false);
}

const Challenge* Lobby::challenge_to(const Seeker& who, const std::string& id) const {
  const Challenge* ch = challenges_.find(id);
  if (!ch)
    if (auto r = remote_challenges_.find(id); r != remote_challenges_.end()) ch = &r->second;
  if (!ch || !ch->is_for(who.key, who.name) || ch->from.key == who.key) return nullptr;
  return ch;
}

void Lobby::notify(const Challenge& ch) {
  if (ch.to_key.empty()) return;
  auto a = accounts_.find(ch.to_key.substr(2));
  if (a == accounts_.end()) return;
  for (const auto& [key, weak] : a->second.connections) {
    auto m = members_.find(key);
    if (m != members_.end() && m->second.following) continue;  // its lobby view shows it
    if (auto client = weak.lock()) client->send(out::Challenged{to_json(ch, false)});
  }
}

}  // namespace yinsh::server

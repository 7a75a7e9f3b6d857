// The lobby's service (lobby.h): commands, publishing, matches.
#include "server/lobby/lobby.h"

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "accounts/username.h"
#include "core/notation.h"
#include "server/common/ids.h"
#include "server/store/store.h"

namespace yinsh::server {

static int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

Lobby::Lobby(LobbyHost& host)
    : hub_(host), timer_(host.io()), flush_timer_(host.io()), limiter_(host.seek_options()) {}

std::optional<ApiError> Lobby::admit_game(const std::string& address, bool waiting, const std::string& account) {
  std::lock_guard lock(mutex_);
  const SeekOptions& o = hub_.seek_options();
  if (waiting && o.max_open > 0) {
    const int n = held(address, account.empty() ? std::string() : "a:" + account);
    if (n >= o.max_open)
      return ApiError{"too_many_open",
                      "you have " + std::to_string(n) + " waiting games and open seeks, at most " +
                          std::to_string(o.max_open) + ": wait for an opponent or let one expire",
                      {{"max", o.max_open}}};
  }
  return take_creation(address);
}

int Lobby::held(const std::string& address, const std::string& key) {
  const int by_address = waiting_games(address) + seeks_.count_address(address);
  if (key.empty()) return by_address;
  return std::max(by_address, waiting_games(key) + seeks_.count_key(key));
}

std::optional<ApiError> Lobby::take_creation(const std::string& address) {
  int64_t retry = 0;
  if (limiter_.take(address, steady_ms(), &retry)) return std::nullopt;
  return ApiError{"rate_limited", "too many new games from " + address + " (at most " +
                                      std::to_string(int(hub_.seek_options().create_per_minute)) + " a minute): " +
                                      retry_text(retry)};
}

void Lobby::opened(const std::string& address, const std::string& game, const std::string& account) {
  std::lock_guard lock(mutex_);
  open_games_.add(address, game);
  if (!account.empty()) open_games_.add("a:" + account, game);
}

// Under mutex_ (the host's lock is taken inside: always in this order).
int Lobby::waiting_games(const std::string& owner) {
  return open_games_.count(owner, [this](const std::string& id) { return hub_.game_waiting(id); });
}

Seeker Lobby::who_of(LobbyClient& c) {
  std::lock_guard lock(c.mutex);
  if (c.who.guest()) return {c.key, c.address, c.name.empty() ? "Guest" : c.name, std::nullopt, false, c.key, ""};
  return {"a:" + c.who.account, c.address, c.who.name, std::nullopt, false, c.key, "", c.who.bot};
}

Seeker Lobby::seeker_of(const Seeker& who, const GameKind& kind) const {
  Seeker s = who;
  const std::string account = who.account();
  if (account.empty()) return s;
  const ShownRating r = ratings_.of(account, kind);
  s.rating = r.rating;
  s.provisional = r.provisional;
  return s;
}

void Lobby::connected(const std::shared_ptr<LobbyClient>& c) {
  if (c->who.guest()) return;
  {
    std::lock_guard lock(mutex_);
    AccountConns& a = accounts_[c->who.account];
    a.name = c->who.name;
    if (a.name_key.empty()) {
      std::string error;
      auto u = accounts::parse_username(c->who.name, &error);
      a.name_key = u ? u->key : name_key(c->who.name);
    }
    a.connections[c->key] = c;
    if (a.connections.size() == 1) load_stored(c->who.account);  // those that waited for it
  }
}

void Lobby::read_ratings(const std::string& account) {
  ++accounts_[account].loading;
  hub_.post_store_work([this, account] {
    std::vector<CurrentRating> rows;
    bool ok = true;
    try {
      hub_.game_store().transact([&](Sql& q) { rows = load_current_ratings(q, account); });
    } catch (const std::exception&) {
      ok = false;  // shown as 1500? until the next connection reads them
    }
    ratings_read(account, ok ? &rows : nullptr);
  });
}

void Lobby::ratings_read(const std::string& account, const std::vector<CurrentRating>* rows) {
  std::lock_guard lock(mutex_);
  auto it = accounts_.find(account);
  if (it == accounts_.end()) return;  // every connection closed meanwhile
  if (rows) ratings_.set(account, *rows);
  if (--it->second.loading > 0) return;
  // The commands that waited, in order, before any that comes next (which waits for the lock).
  auto pending = std::move(it->second.pending);
  it->second.pending.clear();
  for (auto& [weak, msg] : pending)
    if (auto c = weak.lock()) run(c, msg, who_of(*c));
}

void Lobby::rated(const RatedGame& g) {
  std::lock_guard lock(mutex_);
  ratings_.update(g);
}

std::shared_ptr<LobbyClient> Lobby::client_of(const std::string& key) const {
  auto it = members_.find(key);
  return it == members_.end() ? nullptr : it->second.client.lock();
}

out::Lobby Lobby::view_of(const Seeker& me) const {
  out::Lobby v;
  for (const auto& [id, s] : seeks_.seeks()) v.seeks.push_back(to_json(s, s.by.key == me.key));
  for (const auto& [id, s] : remote_seeks_) v.seeks.push_back(to_json(s, s.by.key == me.key));
  for (const Challenge* c : challenges_.sent_by(me.key)) v.challenges.push_back(to_json(*c, true));
  for (const Challenge* c : challenges_.sent_to(me.key, me.name))
    if (c->from.key != me.key) v.challenges.push_back(to_json(*c, false));
  for (const auto& [id, c] : remote_challenges_)  // to this account, made on another server
    if (c.is_for(me.key, me.name) && c.from.key != me.key && !challenges_.find(id)) v.challenges.push_back(to_json(c, false));
  for (const auto& [id, c] : stored_)  // stored for an account that was offline, sent or received
    if (c.from.key == me.key || c.to_key == me.key) v.challenges.push_back(to_json(c, c.from.key == me.key));
  if (const PairRequest* p = pairing_.find(me.key))
    v.pairing = {{"variant", to_string(p->kind.variant)},
                 {"clock", clock_json(p->kind.clock)},
                 {"since", p->since},
                 {"rated", p->rated}};
  for (const auto& [key, m] : members_) v.players += m.following ? 1 : 0;
  return v;
}

void Lobby::publish() {
  ++version_;
  if (flush_due_ || stopped_) return;  // the views go when the timer fires
  const auto now = std::chrono::steady_clock::now();
  if (now - last_flush_ >= kViewInterval) return flush();
  flush_due_ = true;
  flush_timer_.expires_at(last_flush_ + kViewInterval);
  flush_timer_.async_wait([this](boost::system::error_code ec) {
    if (ec) return;
    std::lock_guard lock(mutex_);
    flush_due_ = false;
    if (!stopped_) flush();
  });
}

void Lobby::publish_from(const std::string& key) {
  publish();
  if (auto it = members_.find(key); it != members_.end()) send_view(it->second);
}

void Lobby::flush() {
  last_flush_ = std::chrono::steady_clock::now();
  for (auto& [key, m] : members_) send_view(m);
}

void Lobby::send_view(Member& m) {
  if (!m.following || m.shown == version_) return;
  m.shown = version_;
  if (auto c = m.client.lock()) c->send(view_of(m.seeker));
}

void Lobby::left(LobbyClient* c) {
  std::lock_guard lock(mutex_);
  naming_.erase(c->key);
  if (!c->who.guest()) {
    auto a = accounts_.find(c->who.account);
    if (a != accounts_.end() && a->second.connections.erase(c->key) && a->second.connections.empty()) {
      accounts_.erase(a);
      ratings_.forget(c->who.account);
    }
  }
  auto it = members_.find(c->key);
  if (it == members_.end()) return;
  members_.erase(it);
  std::vector<std::string> gone, gone_challenges;
  seeks_.remove_connection(c->key, &gone);
  rows_gone(RowKind::Seek, gone);
  std::vector<std::string> gone_pair;
  pairing_.remove_connection(c->key, &gone_pair);
  pairs_gone(gone_pair);
  challenges_.remove_connection(c->key, &gone_challenges);
  rows_gone(RowKind::Challenge, gone_challenges);
  publish();
}

void Lobby::start() {
  join_site();
  tick();
}

void Lobby::stop() {
  leave_site();  // outside mutex_: a watcher may be waiting for it
  std::lock_guard lock(mutex_);
  stopped_ = true;
  flush_timer_.cancel();
  boost::asio::post(hub_.io(), [this] { timer_.cancel(); });
}

std::string Lobby::new_id(char prefix) {
  std::string id = prefix + std::to_string(next_id_++);
  if (shared()) id += "-" + hub_.site().server_id();
  return id;
}

void Lobby::tick() {
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    const int64_t now = hub_.now();
    const int64_t expiry = hub_.seek_options().expiry_ms;
    std::vector<std::string> expired, expired_challenges, expired_pairs;
    const int gone = seeks_.expire(now, expiry, &expired) + pairing_.expire(now, expiry, &expired_pairs) +
                     challenges_.expire(now, expiry, &expired_challenges);
    pairs_gone(expired_pairs);
    rows_gone(RowKind::Seek, expired);
    rows_gone(RowKind::Challenge, expired_challenges);
    const size_t waiting = pairing_.size();
    pair_now(now);
    if (gone > 0 || pairing_.size() != waiting) publish();
    if (const int64_t t = steady_ms(); t - stored_read_at_ >= kStoredReadMs) {  // answered or expired elsewhere
      stored_read_at_ = t;
      load_stored("");
    }
  }
  timer_.expires_after(std::chrono::seconds(1));
  timer_.async_wait([this](boost::system::error_code ec) {
    if (!ec) tick();
  });
}

void Lobby::pair_now(int64_t now) {
  if (shared()) return pair_shared(now);  // the site's pool (lobby_site_pairing.cpp)
  for (auto& [a, b] : pairing_.match(now)) {
    // make_game() takes no lock of the lobby's until the game is stored: safe under mutex_.
    make_game(a.who, b.who, a.kind, a.rated, "pair");
  }
}

void Lobby::make_game(Seeker a, Seeker b, GameKind kind, bool rated, std::string via, std::string seek,
                      std::optional<Color> a_color, Made made) {
  GameMeta meta{new_game_id(), kind.variant, kind.clock, hub_.now(), rated};
  const Color a_seat = a_color.value_or(Color(random_u32() & 1));
  const std::string a_token = new_token(), b_token = new_token();
  const int64_t now = meta.created_at;
  LobbyHost::Steps steps;
  steps.push_back([=](const OnlineGame& g) { return g.join(a.name, a_seat, a_token, now, a.account(), a.bot); });
  steps.push_back([=](const OnlineGame& g) { return g.join(b.name, ~a_seat, b_token, now, b.account(), b.bot); });
  steps.push_back([=](const OnlineGame& g) { return g.start(now); });
  hub_.create_game(std::move(meta), std::move(steps), [this, a, b, a_seat, a_token, b_token, via, seek, made](const std::string& id, const ApiError* e) {
    if (made) made(id, a_seat);
    if (!a.server.empty()) {  // a seeker connected to another server of the site
      std::optional<out::Matched> m;
      if (!id.empty()) m = out::Matched{id, a_seat, a_token, via, b.name};
      tell_elsewhere(a, seek, m, e);
    }
    std::shared_ptr<LobbyClient> ca, cb;
    {
      std::lock_guard lock(mutex_);
      ca = client_of(a.connection());
      cb = client_of(b.connection());
    }
    for (const auto& [c, name] : {std::pair{ca, b.name}, std::pair{cb, a.name}}) {
      if (!c) continue;
      if (id.empty()) c->send(out::Error{0, e->code, "the game could not be made: " + e->message, nullptr});
      else if (c == ca) c->send(out::Matched{id, a_seat, a_token, via, name});
      else c->send(out::Matched{id, ~a_seat, b_token, via, name});
    }
  });
}

}  // namespace yinsh::server

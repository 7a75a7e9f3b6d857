// The hub: the rooms by game id, the HTTP API's requests and the WebSocket messages' first
// checks. Each room runs on its own strand (room.h); every change is a command checked by
// OnlineGame, stored through the StoreWriter and only then applied and broadcast. AI decisions
// are computed on a separate thread pool and posted back to the room.
#include "server/hub/hub.h"

#include "core/notation.h"
#include "server/accounts/accounts_store.h"
#include "server/hub/room.h"
#include "server/lobby/lobby.h"
#include "server/store/ongoing_games.h"
#include "search/levels.h"

namespace yinsh::server {

// The AI levels offered to players are the engine's levels 1..8 (src/search/levels.h; 8 is
// full strength), each with its time per decision.
static const AiLevel kLevels[] = {{1, "Beginner", 50},  {2, "Novice", 100},  {3, "Casual", 200},
                                  {4, "Club", 300},     {5, "Strong", 500},  {6, "Expert", 1000},
                                  {7, "Master", 1500},  {8, "Grandmaster", 2000}};
static_assert(std::size(kLevels) == MAX_LEVEL, "one server level per engine level 1..MAX_LEVEL");
const AiLevel* ai_levels_begin() { return std::begin(kLevels); }
const AiLevel* ai_levels_end() { return std::end(kLevels); }

// ---------------------------------------------------------------------------------- helpers

static bool valid_game_id(std::string_view id) {
  if (id.size() != 12) return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
  return true;
}

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

bool Hub::Impl::game_waiting(const std::string& id) {
  std::lock_guard lock(mutex);
  auto it = rooms.find(id);
  return it != rooms.end() && it->second->status_seen.load() == int(Status::Waiting);
}

void Hub::Impl::create_game(GameMeta meta, Steps steps, Created done) {
  create(std::move(meta), std::move(steps), [done = std::move(done)](std::shared_ptr<Room> r, const ApiError* e) {
    done(r ? r->game.id() : std::string(), e);
  });
}

bool Hub::Client::take_token(double rate, double burst) {
  const auto now = std::chrono::steady_clock::now();
  tokens = std::min(burst, tokens + rate * std::chrono::duration<double>(now - last_refill).count());
  last_refill = now;
  if (tokens < 1) return false;
  tokens -= 1;
  return true;
}


// ---------------------------------------------------------------------------------- rooms

std::shared_ptr<Room> Hub::Impl::load(const std::string& id, ApiError* error) {
  std::optional<GameMeta> meta;
  std::vector<StoredEvent> events;
  try {
    meta = store.load_meta(id);
    if (meta) events = store.load_events(id, 0);
    health.succeeded(StoreHealth::Op::Read);
  } catch (const StoreUnavailable& e) {
    health.failed(StoreHealth::Op::Read, "loading game " + id, e.what());
    *error = {"store_unavailable", StoreHealth::kClientMessage};
    return nullptr;
  }
  if (!meta) {
    *error = {"game_not_found", "no game " + id};
    return nullptr;
  }
  OnlineGame g(*meta);
  try {
    for (const auto& e : events) g.apply(parse_event_body(e.body, e.version));
  } catch (const std::exception& e) {
    *error = {"internal", "the log of game " + id + " cannot be read: " + e.what()};
    return nullptr;
  }
  g.resume(now());
  std::array<std::optional<RatingChange>, 2> ratings;
  if (meta->rated && g.status() == Status::Over) {
    try {
      store.transact([&](Sql& q) { ratings = load_rating_changes(q, id); });
    } catch (const std::exception&) {  // shown once the store answers again
    }
  }
  const std::string status(to_string(g.status()));
  std::shared_ptr<Room> r;
  {
    std::lock_guard lock(mutex);
    auto [it, inserted] = rooms.emplace(id, nullptr);
    if (inserted) {
      it->second = std::make_shared<Room>(*this, std::move(g));
      it->second->ratings = ratings;
    }
    r = it->second;
    if (!inserted) return r;
  }
  if (options.debug)
    options.debug("game " + id + " loaded from the store (" + std::to_string(events.size()) + " events, " + status + ")");
  r->post([r] { r->settle(); });
  return r;
}

void Hub::Impl::with_room(const std::string& id, RoomDone done) {
  if (!valid_game_id(id)) {
    const ApiError e{"game_not_found", "no game " + clean_text(id, 20)};
    return done(nullptr, &e);
  }
  {
    std::lock_guard lock(mutex);
    if (auto it = rooms.find(id); it != rooms.end()) return done(it->second, nullptr);
  }
  on_store([this, id, done = std::move(done)] {
    ApiError e;
    auto r = load(id, &e);
    done(r, r ? nullptr : &e);
  });
}

void Hub::Impl::sweep() {
  {
    std::lock_guard lock(mutex);
    if (stopped) return;
    const size_t dropped = std::erase_if(rooms, [](const auto& kv) { return kv.second.use_count() == 1; });
    if (dropped && options.debug)
      options.debug("sweep: " + std::to_string(dropped) + " games nobody uses dropped from memory, " +
                    std::to_string(rooms.size()) + " held");
  }
  sweep_timer.expires_after(std::chrono::milliseconds(std::max<int64_t>(1, options.sweep_interval_ms)));
  sweep_timer.async_wait([this](boost::system::error_code ec) {
    if (!ec) sweep();
  });
}

// On the store pool: too_many_games when an account of a new correspondence game holds
// options.seeks.max_correspondence ongoing ones already (the store failing: store_unavailable).
std::optional<ApiError> Hub::Impl::correspondence_cap(const GameSummary& s) {
  const int max = options.seeks.max_correspondence;
  if (!is_correspondence(s.clock) || max <= 0) return std::nullopt;
  try {
    for (const std::string* account : {&s.white_account, &s.black_account}) {
      if (account->empty()) continue;
      int64_t held = 0;
      store.transact([&](Sql& q) { held = count_ongoing_correspondence(q, *account); });
      if (held >= max) {
        ApiError e{"too_many_games", "at most " + std::to_string(max) + " correspondence games may be ongoing per account"};
        e.params = {{"max", max}};
        return e;
      }
    }
  } catch (const StoreUnavailable& e) {
    health.failed(StoreHealth::Op::Read, "counting the correspondence games of " + s.id, e.what());
    return ApiError{"store_unavailable", StoreHealth::kClientMessage};
  }
  return std::nullopt;
}

void Hub::Impl::create(GameMeta meta, Steps steps, RoomDone done) {
  OnlineGame g(meta);
  std::vector<StoredEvent> events;
  for (const auto& step : steps) {
    Outcome o = step(g);
    if (!o.ok()) return done(nullptr, &o.error);
    o.event->version = g.version() + 1;
    g.apply(*o.event);
    events.push_back({g.version(), event_body(*o.event)});
  }
  on_store([this, meta = std::move(meta), g = std::move(g), events = std::move(events), done = std::move(done)]() mutable {
    std::string why;
    // A rated game's accounts are checked as they are now, not as their connections knew
    // them: a closed or deleted account (whose socket may not be closed yet) gets no game.
    if (meta.rated) {
      const GameSummary sum = g.summary();
      try {
        AccountStore accounts(store);
        for (const std::string* id : {&sum.white_account, &sum.black_account}) {
          if (id->empty()) continue;
          const auto a = accounts.by_id(*id);
          if (!a || !a->active()) {
            const ApiError e{"not_allowed", "rated games need live accounts: an account of this game is closed or deleted"};
            return done(nullptr, &e);
          }
        }
      } catch (const StoreUnavailable& e) {
        health.failed(StoreHealth::Op::Read, "reading the accounts of the new game " + meta.id, e.what());
        const ApiError err{"store_unavailable", StoreHealth::kClientMessage};
        return done(nullptr, &err);
      }
    }
    if (const auto refused = correspondence_cap(g.summary())) return done(nullptr, &*refused);
    if (!store.create_game(meta, &why) || store.append(meta.id, events, g.summary(), &why) != AppendStatus::Ok) {
      health.failed(StoreHealth::Op::Write, "storing the new game " + meta.id, why);
      const ApiError e{"store_unavailable", StoreHealth::kClientMessage};
      return done(nullptr, &e);
    }
    health.succeeded(StoreHealth::Op::Write);
    auto r = std::make_shared<Room>(*this, std::move(g));
    {
      std::lock_guard lock(mutex);
      rooms[meta.id] = r;
    }
    if (r->game.status() == Status::Active) announce_game(r->game);  // before its strand runs anything
    r->post([r] { r->settle(); });
    done(r, nullptr);
  });
}

// ---------------------------------------------------------------------------------- hub

Hub::Impl::Impl(asio::io_context& io, Store& s, HubOptions o)
    : ioc(io), store(s), options(o), writer(s), ai_pool(o.ai_threads, o.ai_max_games),
      store_pool(size_t(std::max(1, o.store_threads))), sweep_timer(io), deadline_timer(io), multi_process(s.kind() == "postgres"),
      analysis({o.analysis_threads, o.analysis_nodes, 1000, [this] { return ai_pool.busy(); }, o.warn}),
      health(o.warn, o.info, o.metrics ? &o.metrics->store_errors : nullptr),
      upload_tokens(o.upload_burst), session_timer(io) {
  if (Metrics* m = options.metrics) writer.observe_commits([m](double s) { m->store_commit_seconds.observe(s); });
}

Hub::Impl::~Impl() = default;

Hub::Hub(asio::io_context& ioc, Store& store, HubOptions options)
    : impl_(std::make_unique<Impl>(ioc, store, options)) {
  impl_->lobby = std::make_unique<Lobby>(*impl_);
}

Hub::~Hub() { stop(); }

void Hub::start() {
  try {
    for (const auto& id : impl_->store.unfinished_games()) {
      ApiError e;
      impl_->load(id, &e);
    }
  } catch (const StoreUnavailable& e) {  // the games load on their first request
    impl_->health.failed(StoreHealth::Op::Read, "loading the unfinished games", e.what());
  }
  impl_->sweep();
  impl_->check_deadlines();
  impl_->check_sessions();
  impl_->lobby->start();
  Impl* impl = impl_.get();
  impl_->notice_sub = impl_->site().subscribe(SiteTopic::Notice, [impl](const json& body) { impl->deliver_notice(body); });
  impl_->game_sub = impl_->site().subscribe(SiteTopic::AccountGame, [impl](const json& body) { impl->deliver_game(body); });
  impl_->store.watch([impl](const std::string& game, int64_t version) {
    // An empty game is a resync (notifications may have been lost): every room catches up.
    std::vector<std::shared_ptr<Room>> rs;
    {
      std::lock_guard lock(impl->mutex);
      if (game.empty()) {
        for (const auto& [id, r] : impl->rooms) rs.push_back(r);
      } else if (auto it = impl->rooms.find(game); it != impl->rooms.end()) {
        rs.push_back(it->second);
      }
    }
    for (auto& r : rs)
      r->post([r, version, all = game.empty()] {
        if (all || r->game.version() < version) r->catch_up();
      });
  });
}

void Hub::stop() {
  {
    std::lock_guard lock(impl_->mutex);
    if (impl_->stopped) return;
    impl_->stopped = true;
  }
  asio::post(impl_->ioc, [impl = impl_.get()] {
    impl->sweep_timer.cancel();
    impl->deadline_timer.cancel();
    impl->session_timer.cancel();
  });
  impl_->lobby->stop();
  impl_->notice_sub.reset();
  impl_->game_sub.reset();
  impl_->ai_pool.stop();
  impl_->analysis.stop();  // before the store pool: a finished report is saved there
  impl_->store_pool.join();
  impl_->writer.stop();  // what is queued is still stored
  std::lock_guard lock(impl_->mutex);
  for (auto& [id, r] : impl_->rooms) r->post([r] { r->timer.cancel(); });
}

std::string Hub::store_kind() const { return impl_->store.kind(); }

std::string Hub::metrics_text() const {
  Impl& h = *impl_;
  const int64_t now = h.now();
  if (const int64_t at = h.stored_counted_at; (at < 0 || now - at >= Impl::kStoredCountMs) && !h.counting.exchange(true)) {
    h.on_store([&h, now] {  // the pool is joined before these members go
      try {
        const auto counts = h.store.count_by_status();
        for (size_t i = 0; i < counts.size(); ++i) h.stored_by_status[i] = counts[i];
        h.stored_counted_at = now;
        h.health.succeeded(StoreHealth::Op::Read);
      } catch (const StoreUnavailable& e) {
        h.health.failed(StoreHealth::Op::Read, "counting the games", e.what());
      }
      h.counting = false;
    });
  }
  size_t loaded = 0;
  {
    std::lock_guard lock(h.mutex);
    loaded = h.rooms.size();
  }
  std::string out = "# HELP yinsh_games_loaded Games held in memory.\n# TYPE yinsh_games_loaded gauge\n";
  out += "yinsh_games_loaded " + std::to_string(loaded) + "\n";
  out += "# HELP yinsh_analysis_queue_depth Game reports waiting for the analysis pool.\n"
         "# TYPE yinsh_analysis_queue_depth gauge\n"
         "yinsh_analysis_queue_depth " + std::to_string(h.analysis.queued()) + "\n";
  out += "# HELP yinsh_analysis_refused_total Reports not queued because the queue was full (a finished game's is "
         "written when it is asked for).\n# TYPE yinsh_analysis_refused_total counter\n"
         "yinsh_analysis_refused_total " + std::to_string(h.analysis.refused_full()) + "\n";
  if (h.stored_counted_at < 0) return out;
  out += "# HELP yinsh_games Stored games, by status (counted at most every 5 s).\n# TYPE yinsh_games gauge\n";
  for (Status s : {Status::Waiting, Status::Active, Status::Over, Status::Aborted})
    out += "yinsh_games{status=\"" + std::string(to_string(s)) + "\"} " + std::to_string(h.stored_by_status[size_t(s)]) + "\n";
  return out;
}

size_t Hub::games_loaded() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->rooms.size();
}

// ---------------------------------------------------------------------------------- WebSocket

std::shared_ptr<Hub::Client> Hub::open(std::weak_ptr<Subscriber> out, Identity who, std::string address) {
  auto c = std::make_shared<Client>();
  c->out = std::move(out);
  c->key = "c:" + new_token();
  c->address = std::move(address);
  c->who = std::move(who);
  c->name = c->who.name;  // a guest names itself in its hello
  c->tokens = impl_->options.rate_burst;
  if (!c->who.guest()) {
    std::lock_guard lock(impl_->accounts_mutex);
    impl_->account_clients.emplace(c->who.account, c);
  }
  impl_->lobby->connected(c);
  return c;
}

void Hub::close(const std::shared_ptr<Client>& client) {
  if (!client->who.guest()) {
    std::lock_guard lock(impl_->accounts_mutex);
    auto [first, last] = impl_->account_clients.equal_range(client->who.account);
    for (auto it = first; it != last; ++it)
      if (it->second.lock() == client) {
        impl_->account_clients.erase(it);
        break;
      }
  }
  impl_->lobby->left(client.get());
  std::lock_guard lock(client->mutex);
  if (auto r = client->room) r->post([r, c = client.get()] { r->detach(c); });
  client->room.reset();
}

// An error for a connection: through its room's strand when it follows one (so that it is
// ordered with that game's frames), else at once.
static void reject(const std::shared_ptr<Hub::Client>& client, const std::shared_ptr<Room>& room, ApiError e,
                   const json& id) {
  if (room) room->post([room, client, e, id] { room->send_error(*client, e.code, e.message, id, e.params); });
  else client->send(out::Error{0, e.code, e.message, id, e.params});
}

void Hub::on_message(const std::shared_ptr<Client>& client, std::string_view text) {
  if (client->revoked)
    return reject(client, client->current_room(), {"session_ended", "your session has ended: log in again"}, nullptr);
  if (!client->take_token(impl_->options.rate_per_second, impl_->options.rate_burst))
    return reject(client, client->current_room(), {"rate_limited", "too many messages; slow down"}, nullptr);
  ClientRead read = read_client_message(text);
  if (!read.message) return reject(client, client->current_room(), read.error, read.id);
  impl_->dispatch(client, std::move(*read.message));
}

// A hello picks the room (loading it from the store, off this thread, if needed); every other
// message goes to the room the connection follows. Messages that arrive while a hello's game
// is loading wait for it, in order.
void Hub::Impl::dispatch(const std::shared_ptr<Client>& client, ClientMessage msg) {
  if (is_lobby_command(msg.command)) return lobby->handle(client, msg);
  std::unique_lock lock(client->mutex);
  if (client->loading) {
    client->held.push_back(std::move(msg));
    return;
  }
  const auto* hello = std::get_if<cmd::Hello>(&msg.command);
  if (!hello) {
    auto r = client->room;
    lock.unlock();
    if (!r) return reject(client, nullptr, {"no_game", "send hello first"}, msg.id);
    r->post([r, client, msg = std::move(msg)] { r->handle(client, msg); });
    return;
  }
  // A guest's name may be neither the computer's nor an account's (or a look-alike): such a
  // name is shown as "Guest". Settled on the store pool before the room is picked, so the
  // messages after the hello (held meanwhile) already see it.
  std::optional<std::string> typed;
  if (hello->name && client->who.guest()) typed = clean_text(*hello->name, kMaxNameChars);
  client->loading = true;
  lock.unlock();
  const std::string game = hello->game;
  auto pick_room = [this, client, game, msg = std::move(msg)]() mutable {
    with_room(game, [this, client, msg = std::move(msg)](std::shared_ptr<Room> r, const ApiError* e) mutable {
      std::deque<ClientMessage> held;
      {
        std::lock_guard lock(client->mutex);
        client->loading = false;
        std::swap(held, client->held);
        if (e) {
          reject(client, client->room, *e, msg.id);
        } else {
          if (client->room && client->room != r) {
            auto old = client->room;
            old->post([old, c = client.get()] { old->detach(c); });
          }
          client->room = r;
          r->post([r, client, msg = std::move(msg)] { r->handle(client, msg); });
        }
      }
      for (auto& m : held) dispatch(client, std::move(m));
    });
  };
  if (!typed) return pick_room();
  settle_guest_name(std::move(*typed), [client, pick_room = std::move(pick_room)](std::string name) mutable {
    {
      std::lock_guard lock(client->mutex);
      client->name = std::move(name);
    }
    pick_room();
  });
}

}  // namespace yinsh::server

// The rooms: one per game, each running on its own strand of the shared io_context. Every
// change is a command checked by OnlineGame, stored (Store::append) and only then applied and
// broadcast. AI decisions are computed on a separate thread pool and posted back to the room.
#include "hub.h"

#include <sys/random.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <map>
#include <mutex>

#include "core/notation.h"
#include "engine/engine.h"
#include "search/levels.h"
#include "online_game.h"
#include "store.h"

namespace yinsh::server {

namespace asio = boost::asio;

// The AI levels offered to players are the engine's levels 1..8 (src/search/levels.h; 8 is
// full strength), each with its time per decision.
static const AiLevel kLevels[] = {{1, "Beginner", 50},  {2, "Novice", 100},  {3, "Casual", 200},
                                  {4, "Club", 300},     {5, "Strong", 500},  {6, "Expert", 1000},
                                  {7, "Master", 1500},  {8, "Grandmaster", 2000}};
static_assert(std::size(kLevels) == MAX_LEVEL, "one server level per engine level 1..MAX_LEVEL");
const AiLevel* ai_levels_begin() { return std::begin(kLevels); }
const AiLevel* ai_levels_end() { return std::end(kLevels); }

HttpReply http_error(int status, std::string code, std::string message) {
  return {status, {{"error", {{"code", std::move(code)}, {"message", std::move(message)}}}}, {}};
}

namespace {

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

void random_bytes(unsigned char* p, size_t n) {
  while (n > 0) {
    const ssize_t got = getrandom(p, n, 0);
    if (got > 0) {
      p += got;
      n -= size_t(got);
    }
  }
}

std::string new_token() {
  unsigned char b[16];
  random_bytes(b, sizeof b);
  static const char* hex = "0123456789abcdef";
  std::string s;
  for (unsigned char c : b) {
    s += hex[c >> 4];
    s += hex[c & 15];
  }
  return s;
}

std::string new_game_id() {
  static const char* alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  std::string s;
  while (s.size() < 12) {
    unsigned char b[16];
    random_bytes(b, sizeof b);
    for (unsigned char c : b)
      if (c < 252 && s.size() < 12) s += alphabet[c % 36];
  }
  return s;
}

bool valid_game_id(std::string_view id) {
  if (id.size() != 12) return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
  return true;
}

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

std::shared_ptr<const std::string> frame(const json& j) {
  return std::make_shared<const std::string>(dump(j));
}

// Field checks for requests: each returns an error message, or "" when fine.
struct Fields {
  const json& j;
  std::string error;
  std::optional<std::string> str(const char* key, bool required, size_t max_len) {
    if (!j.contains(key) || j[key].is_null()) {
      if (required && error.empty()) error = std::string("missing field \"") + key + "\"";
      return std::nullopt;
    }
    if (!j[key].is_string()) {
      if (error.empty()) error = std::string("field \"") + key + "\" must be a string";
      return std::nullopt;
    }
    std::string s = j[key].get<std::string>();
    if (s.size() > max_len) {
      if (error.empty()) error = std::string("field \"") + key + "\" is too long";
      return std::nullopt;
    }
    return s;
  }
  std::optional<int64_t> integer(const char* key, bool required, int64_t lo, int64_t hi) {
    if (!j.contains(key) || j[key].is_null()) {
      if (required && error.empty()) error = std::string("missing field \"") + key + "\"";
      return std::nullopt;
    }
    if (!j[key].is_number_integer()) {
      if (error.empty()) error = std::string("field \"") + key + "\" must be an integer";
      return std::nullopt;
    }
    const int64_t v = j[key].get<int64_t>();
    if (v < lo || v > hi) {
      if (error.empty())
        error = std::string("field \"") + key + "\" must be in " + std::to_string(lo) + ".." + std::to_string(hi);
      return std::nullopt;
    }
    return v;
  }
};

}  // namespace

// ---------------------------------------------------------------------------------- client

struct Hub::Client {
  std::weak_ptr<Subscriber> out;
  std::shared_ptr<struct Room> room;  // touched only by the connection's own (serial) reader
  std::string name;
  double tokens;
  std::chrono::steady_clock::time_point last_refill = std::chrono::steady_clock::now();

  void send(const json& j) {
    if (auto s = out.lock()) s->deliver(frame(j));
  }
  bool take_token(double rate, double burst) {
    const auto now = std::chrono::steady_clock::now();
    tokens = std::min(burst, tokens + rate * std::chrono::duration<double>(now - last_refill).count());
    last_refill = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  }
};

static json error_msg(int64_t version, const std::string& code, const std::string& message, const json& id) {
  json e = {{"type", "error"}, {"version", version}, {"code", code}, {"message", message}};
  if (!id.is_null()) e["id"] = id;
  return e;
}

// ---------------------------------------------------------------------------------- room

struct Room : std::enable_shared_from_this<Room> {
  struct Sub {
    Hub::Client* client;
    std::weak_ptr<Subscriber> out;
    std::optional<Color> seat;
  };

  Room(Hub::Impl& hub, OnlineGame g);
  void post(std::function<void()> f) { asio::post(strand, std::move(f)); }

  // All below run on the strand.
  void attach(const std::shared_ptr<Hub::Client>& c, const std::string& token, const json& id);
  void detach(Hub::Client* c);
  void handle(const std::shared_ptr<Hub::Client>& c, const json& msg);
  void catch_up();
  void settle();

  using Make = std::function<Outcome()>;
  // Checks, stores, applies and broadcasts one command; retries once after a conflict with
  // another process. `before_broadcast` runs after the store and before the broadcast.
  bool run(const Make& make, ApiError* error, const std::function<void(const json&)>& before_broadcast = {});
  void broadcast(const json& event);
  json snapshot(std::optional<Color> seat, const std::string& name) const;
  Sub* find(Hub::Client* c);
  void send_error(Hub::Client& c, const std::string& code, const std::string& message, const json& id) {
    c.send(error_msg(game.version(), code, message, id));
  }
  void arm_timer();
  void schedule_ai();
  void command(const std::shared_ptr<Hub::Client>& c, const std::string& type, const json& msg, const json& id);

  Hub::Impl& hub;
  asio::strand<asio::io_context::executor_type> strand;
  asio::steady_timer timer;
  OnlineGame game;
  std::vector<Sub> subs;
  int64_t ai_pending_version = -1;
  bool flagging = false;  // run() is storing a timeout
};

struct Hub::Impl {
  asio::io_context& ioc;
  Store& store;
  HubOptions options;
  asio::thread_pool ai_pool;
  std::mutex mutex;
  std::map<std::string, std::shared_ptr<Room>> rooms;
  bool stopped = false;
  bool multi_process = false;  // the store is shared with other processes

  Impl(asio::io_context& io, Store& s, HubOptions o)
      : ioc(io), store(s), options(o), ai_pool(size_t(std::max(1, o.ai_threads))),
        multi_process(s.kind() == "postgres") {}

  // The room of a game, loaded from the store on first use; nullptr if there is no such game.
  std::shared_ptr<Room> room(const std::string& id, bool resume_clock = true) {
    if (!valid_game_id(id)) return nullptr;
    {
      std::lock_guard lock(mutex);
      if (auto it = rooms.find(id); it != rooms.end()) return it->second;
    }
    auto meta = store.load_meta(id);
    if (!meta) return nullptr;
    OnlineGame g(*meta);
    try {
      for (const auto& e : store.load_events(id, 0)) {
        json ev = json::parse(e.body, nullptr, false);
        if (ev.is_discarded()) return nullptr;
        ev["version"] = e.version;
        g.apply(ev);
      }
    } catch (const std::exception&) {
      return nullptr;  // a log this server cannot read (or the store failed)
    }
    if (resume_clock) g.resume(now_ms());
    std::shared_ptr<Room> r;
    {
      std::lock_guard lock(mutex);
      auto [it, inserted] = rooms.emplace(id, nullptr);
      if (inserted) it->second = std::make_shared<Room>(*this, std::move(g));
      r = it->second;
      if (!inserted) return r;
    }
    r->post([r] { r->settle(); });
    return r;
  }

  // Creates a game with its first events (the creator's seat, the AI's seat, the start).
  std::optional<std::string> create(const GameMeta& meta, const std::vector<std::function<Outcome(const OnlineGame&)>>& steps,
                                    std::string* error) {
    OnlineGame g(meta);
    std::vector<StoredEvent> events;
    for (const auto& step : steps) {
      Outcome o = step(g);
      if (!o.ok()) {
        *error = o.error.message;
        return std::nullopt;
      }
      o.event["version"] = g.version() + 1;
      g.apply(o.event);
      json body = o.event;
      body.erase("version");
      events.push_back({g.version(), dump(body)});
    }
    if (!store.create_game(meta, error)) return std::nullopt;
    if (store.append(meta.id, events, g.summary(), error) != AppendStatus::Ok) return std::nullopt;
    auto r = std::make_shared<Room>(*this, std::move(g));
    {
      std::lock_guard lock(mutex);
      rooms[meta.id] = r;
    }
    r->post([r] { r->settle(); });
    return meta.id;
  }
};

Room::Room(Hub::Impl& h, OnlineGame g)
    : hub(h), strand(asio::make_strand(h.ioc)), timer(strand), game(std::move(g)) {}

Room::Sub* Room::find(Hub::Client* c) {
  for (auto& s : subs)
    if (s.client == c) return &s;
  return nullptr;
}

json Room::snapshot(std::optional<Color> seat, const std::string& name) const {
  return {{"type", "snapshot"},
          {"version", game.version()},
          {"game", game.game_json(now_ms())},
          {"you", {{"role", seat ? std::string(color_name(*seat)) : std::string("spectator")},
                   {"name", seat ? json(game.seat(*seat).name) : (name.empty() ? json(nullptr) : json(name))}}}};
}

void Room::attach(const std::shared_ptr<Hub::Client>& c, const std::string& token, const json& id) {
  if (hub.multi_process) catch_up();  // another process may have moved the game on
  std::optional<Color> seat;
  if (!token.empty()) {
    seat = game.seat_of_token(token);
    if (!seat) {
      send_error(*c, "bad_token", "this token holds no seat of game " + game.id(), id);
      if (!find(c.get())) subs.push_back({c.get(), c->out, std::nullopt});
      json s = snapshot(std::nullopt, c->name);
      if (!id.is_null()) s["id"] = id;
      c->send(s);
      return;
    }
  }
  if (Sub* s = find(c.get())) s->seat = seat;
  else subs.push_back({c.get(), c->out, seat});
  json s = snapshot(seat, c->name);
  if (!id.is_null()) s["id"] = id;
  c->send(s);
}

void Room::detach(Hub::Client* c) {
  std::erase_if(subs, [c](const Sub& s) { return s.client == c; });
}

void Room::broadcast(const json& event) {
  auto f = frame(game.public_event(event, now_ms()));
  std::erase_if(subs, [&](const Sub& s) {
    auto out = s.out.lock();
    if (!out) return true;
    out->deliver(f);
    return false;
  });
}

bool Room::run(const Make& make, ApiError* error, const std::function<void(const json&)>& before_broadcast) {
  for (int attempt = 0; attempt < 2; ++attempt) {
    // A clock that ran out ends the game before anything else is looked at.
    if (game.status() == Status::Active && !flagging) {
      const int64_t now = now_ms();
      if (auto d = game.deadline(); d && now >= *d) {
        Outcome t = game.timeout(now);
        if (t.ok()) {
          ApiError ignored;
          flagging = true;
          run([t] { return t; }, &ignored);
          flagging = false;
        }
      }
    }
    Outcome o = make();
    if (!o.ok()) {
      *error = o.error;
      return false;
    }
    o.event["version"] = game.version() + 1;
    OnlineGame next = game;
    try {
      next.apply(o.event);
    } catch (const std::exception& e) {
      *error = {"internal", std::string("cannot apply: ") + e.what()};
      return false;
    }
    json body = o.event;
    body.erase("version");
    std::string why;
    const AppendStatus st = hub.store.append(game.id(), {{next.version(), dump(body)}}, next.summary(), &why);
    if (st == AppendStatus::Conflict) {
      catch_up();
      continue;
    }
    if (st == AppendStatus::Failed) {
      *error = {"internal", "storage failed: " + why};
      return false;
    }
    game = std::move(next);
    if (before_broadcast) before_broadcast(o.event);
    broadcast(o.event);
    settle();
    return true;
  }
  *error = {"conflict", "the game changed meanwhile; try again"};
  return false;
}

void Room::catch_up() {
  bool changed = false;
  for (const auto& e : hub.store.load_events(game.id(), game.version())) {
    json ev = json::parse(e.body, nullptr, false);
    if (ev.is_discarded() || e.version != game.version() + 1) break;
    ev["version"] = e.version;
    try {
      game.apply(ev);
    } catch (const std::exception&) {
      break;
    }
    broadcast(ev);
    changed = true;
  }
  if (changed) settle();
}

void Room::settle() {
  ApiError ignored;
  const int64_t now = now_ms();
  if (game.ready_to_start()) {
    run([this, now] { return game.start(now); }, &ignored);
    return;  // run() settles again
  }
  if (game.rematch_agreed()) {
    const GameMeta& m = game.meta();
    GameMeta meta{new_game_id(), m.variant, m.clock, now};
    std::vector<std::function<Outcome(const OnlineGame&)>> steps;
    for (Color c : {WHITE, BLACK}) {
      const Seat old = game.seat(~c);  // colours swap
      if (old.kind == "ai")
        steps.push_back([c, old, now](const OnlineGame& g) { return g.join_ai(c, old.level, old.token, now); });
      else
        steps.push_back([c, old, now](const OnlineGame& g) { return g.join(old.name, c, old.token, now); });
    }
    steps.push_back([now](const OnlineGame& g) { return g.start(now); });
    std::string why;
    if (auto id = hub.create(meta, steps, &why)) {
      const std::string nid = *id;
      run([this, nid, now] { return game.rematch_created(nid, now); }, &ignored);
    }
    return;
  }
  arm_timer();
  schedule_ai();
}

void Room::arm_timer() {
  const auto d = game.deadline();
  if (!d) {
    timer.cancel();
    return;
  }
  const int64_t wait = std::max<int64_t>(0, *d - now_ms()) + 1;
  timer.expires_after(std::chrono::milliseconds(wait));
  const int64_t version = game.version();
  timer.async_wait([self = shared_from_this(), version](boost::system::error_code ec) {
    if (ec || self->game.version() != version) return;
    ApiError ignored;
    self->run([&] { return self->game.timeout(now_ms()); }, &ignored);
  });
}

void Room::schedule_ai() {
  if (!game.ai_to_move() || ai_pending_version == game.version() || hub.stopped) return;
  ai_pending_version = game.version();
  const Color side = *game.to_move();
  const Seat& seat = game.seat(side);
  int64_t movetime = 250;
  for (const AiLevel* l = ai_levels_begin(); l != ai_levels_end(); ++l)
    if (l->level == seat.level) movetime = l->movetime_ms;
  if (hub.options.ai_movetime_ms > 0) movetime = hub.options.ai_movetime_ms;
  if (game.meta().clock) movetime = std::max<int64_t>(1, std::min(movetime, game.remaining(side, now_ms()) / 20));
  const Position pos = game.position();
  const int level = seat.level;
  const int64_t version = game.version();
  asio::post(hub.ai_pool, [self = shared_from_this(), pos, level, movetime, version, side] {
    thread_local std::unique_ptr<Engine> engine;
    if (!engine) {
      engine = std::make_unique<Engine>();
      engine->set_option("Hash", "16");
    }
    engine->set_option("Level", std::to_string(level));
    unsigned char b[4];
    random_bytes(b, 4);
    engine->set_option("Seed", std::to_string(uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16));
    Limits limits;
    limits.movetime = movetime;
    const SearchResult r = engine->search(pos, limits);
    const std::string text = to_string(r.best);
    self->post([self, text, version, side] {
      if (self->game.version() != version) {
        self->ai_pending_version = -1;
        self->settle();  // the game moved on (undo, resign): think again if needed
        return;
      }
      ApiError error;
      self->run([&] { return self->game.decide(side, text, std::nullopt, now_ms()); }, &error);
    });
  });
}

// ---------------------------------------------------------------------------------- commands

static const char* kHelp =
    "Commands: /join [name] take a free seat; /start agree to start; /resign; /abort (before "
    "the first ring move); /undo ask to take back your last turn (or accept the opponent's "
    "request); /accept, /decline answer an undo request; /rematch offer a rematch; /help this "
    "text. Anything else is a chat line.";

void Room::handle(const std::shared_ptr<Hub::Client>& c, const json& msg) {
  const json id = msg.contains("id") ? msg["id"] : json(nullptr);
  const std::string type = msg["type"].get<std::string>();
  if (type == "chat") {
    Fields f{msg, {}};
    auto text = f.str("text", true, 2000);
    if (!f.error.empty()) return send_error(*c, "bad_request", f.error, id);
    if (!text->empty() && (*text)[0] == '/') {
      const auto sp = text->find(' ');
      const std::string cmd = text->substr(1, sp == std::string::npos ? std::string::npos : sp - 1);
      const std::string arg = sp == std::string::npos ? "" : text->substr(sp + 1);
      static const std::map<std::string, std::string> commands = {
          {"join", "join"},         {"start", "start"},           {"resign", "resign"},
          {"abort", "abort"},       {"undo", "undo"},             {"accept", "undo_accept"},
          {"decline", "undo_decline"}, {"rematch", "rematch"}};
      if (cmd == "help") {
        c->send({{"type", "info"}, {"version", game.version()}, {"text", kHelp}});
        return;
      }
      auto it = commands.find(cmd);
      if (it == commands.end())
        return send_error(*c, "unknown_command", "/" + cmd.substr(0, 30) + ": no such command (try /help)", id);
      json m = {{"type", it->second}};
      if (it->second == "join" && !arg.empty()) m["name"] = arg;
      return command(c, it->second, m, id);
    }
    Sub* s = find(c.get());
    const std::optional<Color> seat = s ? s->seat : std::nullopt;
    const std::string from = seat ? game.seat(*seat).name : (c->name.empty() ? "Spectator" : c->name);
    const std::string seat_name = seat ? std::string(color_name(*seat)) : "spectator";
    ApiError error;
    if (!run([&] { return game.chat(from, seat_name, *text, now_ms()); }, &error))
      send_error(*c, error.code, error.message, id);
    return;
  }
  command(c, type, msg, id);
}

void Room::command(const std::shared_ptr<Hub::Client>& c, const std::string& type, const json& msg, const json& id) {
  Sub* s = find(c.get());
  if (!s) return send_error(*c, "no_game", "send hello first", id);
  if (type == "snapshot") {
    json snap = snapshot(s->seat, c->name);
    if (!id.is_null()) snap["id"] = id;
    return c->send(snap);
  }
  if (type == "ping") {
    json p = {{"type", "pong"}, {"version", game.version()}, {"server_time_ms", now_ms()}};
    if (!id.is_null()) p["id"] = id;
    return c->send(p);
  }
  ApiError error;
  if (type == "join") {
    if (s->seat) return send_error(*c, "not_allowed", "you already hold the " + std::string(color_name(*s->seat)) + " seat", id);
    Fields f{msg, {}};
    auto name = f.str("name", false, 200);
    auto color = f.str("color", false, 10);
    std::optional<Color> want;
    if (color) {
      want = parse_color(*color);
      if (!want) f.error = "color must be \"white\" or \"black\"";
    }
    if (!f.error.empty()) return send_error(*c, "bad_request", f.error, id);
    const std::string token = new_token();
    const std::string n = name ? *name : (c->name.empty() ? "Guest" : c->name);
    const bool ok = run([&] { return game.join(n, want, token, now_ms()); }, &error, [&](const json& ev) {
      s = find(c.get());  // run() may have broadcast (and pruned subs) before
      const Color seat = *parse_color(ev["seat"].get<std::string>());
      if (s) s->seat = seat;
      json m = {{"type", "seat"}, {"version", game.version()}, {"game", game.id()},
                {"seat", color_name(seat)}, {"token", token}};
      if (!id.is_null()) m["id"] = id;
      c->send(m);
    });
    if (!ok) send_error(*c, error.code, error.message, id);
    return;
  }
  static const char* seated_only[] = {"start", "move", "resign", "abort", "undo", "undo_accept", "undo_decline", "rematch"};
  if (std::find(std::begin(seated_only), std::end(seated_only), type) == std::end(seated_only))
    return send_error(*c, "unknown_type", "unknown message type \"" + type.substr(0, 40) + "\"", id);
  if (!s->seat) return send_error(*c, "not_seated", "spectators cannot " + type + "; join or say hello with your seat's token", id);
  const Color me = *s->seat;
  Make make;
  if (type == "start") {
    make = [&] { return game.ready(me, now_ms()); };
  } else if (type == "move") {
    Fields f{msg, {}};
    auto decision = f.str("decision", true, 40);
    auto ply = f.integer("ply", false, 0, 100000);
    if (!f.error.empty()) return send_error(*c, "bad_request", f.error, id);
    make = [&, d = *decision] { return game.decide(me, d, ply, now_ms()); };
  } else if (type == "resign") {
    make = [&] { return game.resign(me, now_ms()); };
  } else if (type == "abort") {
    make = [&] { return game.abort(me, now_ms()); };
  } else if (type == "undo") {
    make = [&] { return game.request_undo(me, now_ms()); };
  } else if (type == "undo_accept" || type == "undo_decline") {
    const bool accept = type == "undo_accept";
    make = [&, accept] { return game.answer_undo(me, accept, now_ms()); };
  } else {  // rematch
    make = [&] { return game.offer_rematch(me, now_ms()); };
  }
  if (!run(make, &error)) send_error(*c, error.code, error.message, id);
}

// ---------------------------------------------------------------------------------- hub

Hub::Hub(asio::io_context& ioc, Store& store, HubOptions options)
    : impl_(std::make_unique<Impl>(ioc, store, options)) {}

Hub::~Hub() { stop(); }

void Hub::start() {
  for (const auto& id : impl_->store.unfinished_games()) impl_->room(id);
  Impl* impl = impl_.get();
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
  if (impl_->stopped) return;
  impl_->stopped = true;
  impl_->ai_pool.join();
  std::lock_guard lock(impl_->mutex);
  for (auto& [id, r] : impl_->rooms) r->post([r] { r->timer.cancel(); });
}

std::string Hub::store_kind() const { return impl_->store.kind(); }

void Hub::create_game(std::string_view body, Done done) {
  const json j = json::parse(body, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return done(http_error(400, "bad_json", "the body must be a JSON object"));
  Fields f{j, {}};
  auto variant = f.str("variant", false, 10);
  auto color = f.str("color", false, 10);
  auto name = f.str("name", false, 200);
  GameMeta meta;
  meta.id = new_game_id();
  meta.created_at = now_ms();
  if (variant) {
    auto v = parse_variant(*variant);
    if (!v) return done(http_error(400, "bad_request", "variant must be \"normal\" or \"blitz\""));
    meta.variant = *v;
  }
  if (j.contains("clock") && !j["clock"].is_null()) {
    if (!j["clock"].is_object()) return done(http_error(400, "bad_request", "clock must be an object or null"));
    Fields c{j["clock"], {}};
    auto base = c.integer("base_ms", true, 1000, 10800000);
    auto inc = c.integer("increment_ms", false, 0, 600000);
    if (!c.error.empty()) return done(http_error(400, "bad_request", "clock: " + c.error));
    meta.clock = ClockSpec{*base, inc.value_or(0)};
  }
  bool ai = false;
  int level = 0;
  if (j.contains("opponent") && !j["opponent"].is_null()) {
    if (!j["opponent"].is_object()) return done(http_error(400, "bad_request", "opponent must be an object"));
    Fields o{j["opponent"], {}};
    auto type = o.str("type", true, 10);
    if (type && *type == "ai") {
      ai = true;
      level = int(o.integer("level", false, 1, std::size(kLevels)).value_or(3));
    } else if (type && *type != "human") {
      o.error = "opponent.type must be \"human\" or \"ai\"";
    }
    if (!o.error.empty()) return done(http_error(400, "bad_request", "opponent: " + o.error));
  }
  Color mine = WHITE;
  if (color && *color != "random") {
    auto c = parse_color(*color);
    if (!c) return done(http_error(400, "bad_request", "color must be \"white\", \"black\" or \"random\""));
    mine = *c;
  } else {
    unsigned char b;
    random_bytes(&b, 1);
    mine = Color(b & 1);
  }
  if (!f.error.empty()) return done(http_error(400, "bad_request", f.error));
  const std::string token = new_token();
  const int64_t now = meta.created_at;
  const std::string player = name ? *name : "Guest";
  std::vector<std::function<Outcome(const OnlineGame&)>> steps;
  steps.push_back([&](const OnlineGame& g) { return g.join(player, mine, token, now); });
  if (ai) {
    steps.push_back([&](const OnlineGame& g) { return g.join_ai(~mine, level, new_token(), now); });
    steps.push_back([&](const OnlineGame& g) { return g.start(now); });
  }
  std::string why;
  if (!impl_->create(meta, steps, &why)) return done(http_error(500, "internal", "cannot create the game: " + why));
  auto r = impl_->room(meta.id);
  r->post([r, token, mine, done] {
    done({201,
          {{"game", r->game.id()},
           {"seat", color_name(mine)},
           {"token", token},
           {"link", "/game/" + r->game.id()},
           {"snapshot", r->game.game_json(now_ms())}},
          {}});
  });
}

void Hub::join_game(const std::string& id, std::string_view body, Done done) {
  auto r = impl_->room(id);
  if (!r) return done(http_error(404, "game_not_found", "no game " + id.substr(0, 20)));
  json j = body.empty() ? json::object() : json::parse(body, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return done(http_error(400, "bad_json", "the body must be a JSON object"));
  Fields f{j, {}};
  auto name = f.str("name", false, 200);
  auto color = f.str("color", false, 10);
  std::optional<Color> want;
  if (color && !(want = parse_color(*color))) f.error = "color must be \"white\" or \"black\"";
  if (!f.error.empty()) return done(http_error(400, "bad_request", f.error));
  r->post([r, n = name.value_or("Guest"), want, done] {
    const std::string token = new_token();
    ApiError error;
    std::string seat;
    if (!r->run([&] { return r->game.join(n, want, token, now_ms()); }, &error,
                [&](const json& ev) { seat = ev["seat"].get<std::string>(); })) {
      const int status = error.code == "seat_taken" ? 409 : error.code == "internal" ? 500 : 400;
      return done(http_error(status, error.code, error.message));
    }
    done({200, {{"game", r->game.id()}, {"seat", seat}, {"token", token}, {"snapshot", r->game.game_json(now_ms())}}, {}});
  });
}

void Hub::get_game(const std::string& id, Done done) {
  auto r = impl_->room(id);
  if (!r) return done(http_error(404, "game_not_found", "no game " + id.substr(0, 20)));
  r->post([r, done] {
    if (r->hub.multi_process) r->catch_up();
    done({200, r->game.game_json(now_ms()), {}});
  });
}

void Hub::get_record(const std::string& id, bool as_json, Done done) {
  auto r = impl_->room(id);
  if (!r) return done(http_error(404, "game_not_found", "no game " + id.substr(0, 20)));
  r->post([r, as_json, done] {
    if (r->hub.multi_process) r->catch_up();
    if (as_json) return done({200, r->game.record_json(), {}});
    done({200, nullptr, r->game.record_text()});
  });
}

HttpReply Hub::list_games(std::string_view status, std::string_view limit) {
  std::optional<Status> st;
  if (!status.empty()) {
    st = parse_status(status);
    if (!st || *st == Status::Aborted)
      return http_error(400, "bad_request", "status must be waiting, active or over");
  }
  int n = 50;
  if (!limit.empty()) {
    n = 0;
    for (char ch : limit) {
      if (ch < '0' || ch > '9' || n > 1000) return http_error(400, "bad_request", "limit must be 1..200");
      n = n * 10 + (ch - '0');
    }
    if (n < 1 || n > 200) return http_error(400, "bad_request", "limit must be 1..200");
  }
  json games = json::array();
  for (const auto& s : impl_->store.list_games(st, n)) games.push_back(to_json(s));
  return {200, {{"games", games}}, {}};
}

std::shared_ptr<Hub::Client> Hub::open(std::weak_ptr<Subscriber> out) {
  auto c = std::make_shared<Client>();
  c->out = std::move(out);
  c->tokens = impl_->options.rate_burst;
  return c;
}

void Hub::close(const std::shared_ptr<Client>& client) {
  if (auto r = client->room) r->post([r, c = client.get()] { r->detach(c); });
  client->room.reset();
}

void Hub::on_message(const std::shared_ptr<Client>& client, std::string_view text) {
  auto reject = [&](const std::string& code, const std::string& message, const json& id) {
    if (auto r = client->room)
      r->post([r, client, code, message, id] { r->send_error(*client, code, message, id); });
    else
      client->send(error_msg(0, code, message, id));
  };
  if (!client->take_token(impl_->options.rate_per_second, impl_->options.rate_burst))
    return reject("rate_limited", "too many messages; slow down", nullptr);
  json msg = json::parse(text, nullptr, false);
  if (msg.is_discarded() || !msg.is_object()) return reject("bad_json", "a message must be one JSON object", nullptr);
  const json id = msg.contains("id") && (msg["id"].is_string() || msg["id"].is_number()) ? msg["id"] : json(nullptr);
  if (!msg.contains("type") || !msg["type"].is_string()) return reject("bad_request", "missing string field \"type\"", id);
  const std::string type = msg["type"].get<std::string>();
  if (type == "hello") {
    Fields f{msg, {}};
    auto game = f.str("game", true, 64);
    auto token = f.str("token", false, 64);
    auto name = f.str("name", false, 200);
    if (!f.error.empty()) return reject("bad_request", f.error, id);
    if (name) client->name = clean_text(*name, 32);
    auto r = impl_->room(*game);
    if (!r) return reject("game_not_found", "no game " + game->substr(0, 20), id);
    if (client->room && client->room != r) close(client);
    client->room = r;
    r->post([r, client, t = token.value_or(""), id] { r->attach(client, t, id); });
    return;
  }
  auto r = client->room;
  if (!r) return reject("no_game", "send hello first", id);
  r->post([r, client, msg = std::move(msg)] { r->handle(client, msg); });
}

}  // namespace yinsh::server

// The hub: the rooms by game id, the HTTP API's requests and the WebSocket messages' first
// checks. Each room runs on its own strand (room.h); every change is a command checked by
// OnlineGame, stored through the StoreWriter and only then applied and broadcast. AI decisions
// are computed on a separate thread pool and posted back to the room.
#include "hub.h"

#include <sys/random.h>

#include "core/notation.h"
#include "room.h"
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

HttpReply http_error(int status, std::string code, std::string message) {
  return {status, {{"error", {{"code", std::move(code)}, {"message", std::move(message)}}}}, {}};
}

// ---------------------------------------------------------------------------------- helpers

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

static void random_bytes(unsigned char* p, size_t n) {
  while (n > 0) {
    const ssize_t got = getrandom(p, n, 0);
    if (got > 0) {
      p += got;
      n -= size_t(got);
    }
  }
}

uint32_t random_u32() {
  unsigned char b[4];
  random_bytes(b, 4);
  return uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 | uint32_t(b[3]) << 24;
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

static bool valid_game_id(std::string_view id) {
  if (id.size() != 12) return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
  return true;
}

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

json error_msg(int64_t version, const std::string& code, const std::string& message, const json& id) {
  json e = {{"type", "error"}, {"version", version}, {"code", code}, {"message", message}};
  if (!id.is_null()) e["id"] = id;
  return e;
}

void Fields::fail(const char* key, const std::string& what) {
  if (error.empty()) error = std::string("field \"") + key + "\" " + what;
}

const json* Fields::field(const char* key, bool required) {
  if (j.contains(key) && !j[key].is_null()) return &j[key];
  if (required && error.empty()) error = std::string("missing field \"") + key + "\"";
  return nullptr;
}

std::optional<std::string> Fields::str(const char* key, bool required, size_t max_len) {
  const json* v = field(key, required);
  if (!v) return std::nullopt;
  if (!v->is_string()) {
    fail(key, "must be a string");
    return std::nullopt;
  }
  std::string s = v->get<std::string>();
  if (s.size() > max_len) {
    fail(key, "is too long");
    return std::nullopt;
  }
  return s;
}

std::optional<int64_t> Fields::integer(const char* key, bool required, int64_t lo, int64_t hi) {
  const json* v = field(key, required);
  if (!v) return std::nullopt;
  if (!v->is_number_integer()) {
    fail(key, "must be an integer");
    return std::nullopt;
  }
  const int64_t n = v->get<int64_t>();
  if (n < lo || n > hi) {
    fail(key, "must be in " + std::to_string(lo) + ".." + std::to_string(hi));
    return std::nullopt;
  }
  return n;
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

std::shared_ptr<Room> Hub::Impl::room(const std::string& id, bool resume_clock) {
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

void Hub::Impl::sweep() {
  {
    std::lock_guard lock(mutex);
    if (stopped) return;
    std::erase_if(rooms, [](const auto& kv) { return kv.second.use_count() == 1; });
  }
  sweep_timer.expires_after(std::chrono::milliseconds(std::max<int64_t>(1, options.sweep_interval_ms)));
  sweep_timer.async_wait([this](boost::system::error_code ec) {
    if (!ec) sweep();
  });
}

std::optional<std::string> Hub::Impl::create(const GameMeta& meta,
                                             const std::vector<std::function<Outcome(const OnlineGame&)>>& steps,
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

// ---------------------------------------------------------------------------------- hub

Hub::Hub(asio::io_context& ioc, Store& store, HubOptions options)
    : impl_(std::make_unique<Impl>(ioc, store, options)) {}

Hub::~Hub() { stop(); }

void Hub::start() {
  for (const auto& id : impl_->store.unfinished_games()) impl_->room(id);
  impl_->sweep();
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
  {
    std::lock_guard lock(impl_->mutex);
    if (impl_->stopped) return;
    impl_->stopped = true;
  }
  asio::post(impl_->ioc, [impl = impl_.get()] { impl->sweep_timer.cancel(); });
  impl_->ai_pool.join();
  impl_->writer.stop();  // what is queued is still stored
  std::lock_guard lock(impl_->mutex);
  for (auto& [id, r] : impl_->rooms) r->post([r] { r->timer.cancel(); });
}

std::string Hub::store_kind() const { return impl_->store.kind(); }

std::string Hub::metrics_text() const {
  std::array<int, 4> by_status{};
  size_t loaded = 0;
  {
    std::lock_guard lock(impl_->mutex);
    loaded = impl_->rooms.size();
    for (const auto& [id, r] : impl_->rooms) by_status[size_t(r->status_seen.load()) % by_status.size()]++;
  }
  std::string out = "# HELP yinsh_games_loaded Games held in memory.\n# TYPE yinsh_games_loaded gauge\n";
  out += "yinsh_games_loaded " + std::to_string(loaded) + "\n";
  out += "# HELP yinsh_games Games held in memory, by status.\n# TYPE yinsh_games gauge\n";
  for (Status s : {Status::Waiting, Status::Active, Status::Over, Status::Aborted})
    out += "yinsh_games{status=\"" + std::string(to_string(s)) + "\"} " + std::to_string(by_status[size_t(s)]) + "\n";
  return out;
}

size_t Hub::games_loaded() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->rooms.size();
}

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
    mine = Color(random_u32() & 1);
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
    auto seat = std::make_shared<std::string>();
    r->run([r, n, want, token] { return r->game.join(n, want, token, now_ms()); },
           [r, done, token, seat](const ApiError* error) {
             if (!error) {
               return done({200, {{"game", r->game.id()}, {"seat", *seat}, {"token", token},
                                  {"snapshot", r->game.game_json(now_ms())}}, {}});
             }
             const int status = error->code == "seat_taken" ? 409 : error->code == "internal" ? 500 : 400;
             done(http_error(status, error->code, error->message));
           },
           [seat](const json& ev) { *seat = ev["seat"].get<std::string>(); });
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

// The room of one game: its subscribers, its commands and how each one is stored before it is
// applied and broadcast (see room.h).
#include "room.h"

#include "core/notation.h"
#include "engine/engine.h"

namespace yinsh::server {

Room::Room(Hub::Impl& h, OnlineGame g)
    : hub(h), strand(asio::make_strand(h.ioc)), timer(strand), retry_timer(strand), game(std::move(g)),
      status_seen(int(game.status())) {}

void Room::post(std::function<void()> f) {
  asio::post(strand, [self = shared_from_this(), f = std::move(f)]() mutable { self->when_idle(std::move(f)); });
}

void Room::when_idle(std::function<void()> f) {
  if (busy) waiting.push_back(std::move(f));
  else f();
}

void Room::drain() {
  while (!busy && !waiting.empty()) {
    auto f = std::move(waiting.front());
    waiting.pop_front();
    f();
  }
}

Room::Sub* Room::find(Hub::Client* c) {
  for (auto& s : subs)
    if (s.client == c) return &s;
  return nullptr;
}

std::array<bool, 2> Room::present() const {
  std::array<bool, 2> p{};
  for (Color c : {WHITE, BLACK}) {
    p[c] = game.seat(c).kind == "ai";
    for (const auto& s : subs) p[c] = p[c] || (s.seat == c && !s.out.expired());
  }
  return p;
}

json Room::presence_json() const {
  const auto p = present();
  return {{"white", p[WHITE]}, {"black", p[BLACK]}};
}

void Room::announce_presence() {  // after every commit, attach and detach: cheap when unchanged
  const auto p = present();
  if (presence_sent == p) return;
  presence_sent = p;
  json m = presence_json();
  m["type"] = "presence";
  m["version"] = game.version();
  m["game"] = game.id();
  send_all(dump(m));
}

json Room::snapshot(std::optional<Color> seat, const std::string& name) const {
  return {{"type", "snapshot"},
          {"version", game.version()},
          {"game", game.game_json(now_ms())},
          {"presence", presence_json()},
          {"you", {{"role", seat ? std::string(color_name(*seat)) : std::string("spectator")},
                   {"name", seat ? json(game.seat(*seat).name) : (name.empty() ? json(nullptr) : json(name))}}}};
}

void Room::attach(const std::shared_ptr<Hub::Client>& c, const std::string& token, const json& id) {
  if (hub.multi_process) catch_up();  // another process may have moved the game on
  std::optional<Color> seat;
  if (!token.empty()) {
    seat = game.seat_of_token(token);
    if (!seat) send_error(*c, "bad_token", "this token holds no seat of game " + game.id(), id);
  }
  if (Sub* s = find(c.get())) s->seat = seat;
  else subs.push_back({c.get(), c->out, seat});
  json s = snapshot(seat, c->name);
  if (!id.is_null()) s["id"] = id;
  c->send_snapshot(s);
  announce_presence();
}

void Room::detach(Hub::Client* c) {
  std::erase_if(subs, [c](const Sub& s) { return s.client == c; });
  announce_presence();
}

void Room::broadcast(const json& event) {
  status_seen = int(game.status());
  if (hub.options.metrics && event.value("type", "") == "decision") hub.options.metrics->decisions.fetch_add(1);
  send_all(game.public_event(event, now_ms()));
}

void Room::send_all(std::string text) {
  auto f = std::make_shared<const std::string>(std::move(text));
  std::erase_if(subs, [&](const Sub& s) {
    auto out = s.out.lock();
    if (!out) return true;
    out->deliver(f);
    return false;
  });
}

// ------------------------------------------------------------------------------ run

void Room::run(Make make, After after, BeforeBroadcast before_broadcast) {
  judge(std::move(make), std::move(after), std::move(before_broadcast), 0);
}

void Room::judge(Make make, After after, BeforeBroadcast before_broadcast, int attempt) {
  if (busy) {  // judged once the append in flight is stored
    waiting.push_back([this, make = std::move(make), after = std::move(after), bb = std::move(before_broadcast),
                       attempt] { judge(make, after, bb, attempt); });
    return;
  }
  // A clock that ran out ends the game before anything else is judged.
  if (game.status() == Status::Active) {
    const int64_t now = now_ms();
    if (auto d = game.deadline(); d && now >= *d) {
      if (Outcome t = game.timeout(now); t.ok()) {
        store(std::move(t), {}, {}, {}, 1);
        if (busy) {
          waiting.push_front([this, make = std::move(make), after = std::move(after),
                              bb = std::move(before_broadcast), attempt] { judge(make, after, bb, attempt); });
          return;
        }
      }
    }
  }
  Outcome o = make();
  if (!o.ok()) {
    if (after) after(&o.error);
    return;
  }
  store(std::move(o), std::move(make), std::move(after), std::move(before_broadcast), attempt);
}

void Room::store(Outcome o, Make make, After after, BeforeBroadcast before_broadcast, int attempt) {
  o.event["version"] = game.version() + 1;
  auto next = std::make_shared<OnlineGame>(game);
  try {
    next->apply(o.event);
  } catch (const std::exception& e) {
    const ApiError error{"internal", std::string("cannot apply: ") + e.what()};
    if (after) after(&error);
    return;
  }
  json body = o.event;
  body.erase("version");
  busy = true;
  hub.writer.append(
      game.id(), {{next->version(), dump(body)}}, next->summary(),
      [self = shared_from_this(), next, event = std::move(o.event), make = std::move(make), after = std::move(after),
       bb = std::move(before_broadcast), attempt](AppendStatus status, const std::string& why) mutable {
        // On the writer thread: back to the strand (not through post(): the room is busy).
        asio::post(self->strand, [self, status, why, next = std::move(next), event = std::move(event),
                                  make = std::move(make), after = std::move(after), bb = std::move(bb), attempt] {
          self->stored(status, why, next, event, make, after, bb, attempt);
        });
      });
}

void Room::stored(AppendStatus status, const std::string& why, const std::shared_ptr<OnlineGame>& next,
                  const json& event, Make make, After after, BeforeBroadcast before_broadcast, int attempt) {
  busy = false;
  if (status == AppendStatus::Conflict) {  // another process stored this version first
    catch_up();  // may start something (settle): then the retry waits for it, first in line
    if (make && attempt == 0) {
      auto retry = [this, make = std::move(make), after = std::move(after), bb = std::move(before_broadcast)] {
        judge(make, after, bb, 1);
      };
      if (busy) waiting.push_front(std::move(retry));
      else retry();
    } else if (after) {
      const ApiError error{"conflict", "the game changed meanwhile; try again"};
      after(&error);
    }
  } else if (status == AppendStatus::Failed) {
    const ApiError error{"internal", "storage failed: " + why};
    if (after) after(&error);
    // A person sees the error and can try again; the server's own commands (an AI decision,
    // a flag fall) have nobody to do that: in a second, look again at what the game needs.
    ai_pending_version = -1;
    retry_timer.expires_after(std::chrono::seconds(1));
    retry_timer.async_wait([self = shared_from_this()](boost::system::error_code ec) {
      if (!ec) self->when_idle([self] { self->settle(); });
    });
  } else {
    game = std::move(*next);
    if (before_broadcast) before_broadcast(event);
    broadcast(event);
    announce_presence();  // a join gives a seat to a connection
    if (after) after(nullptr);
    if (!busy) settle();
  }
  drain();
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
  if (changed && !busy) settle();
}

// ------------------------------------------------------------------------------ what comes next

void Room::settle() {
  const int64_t now = now_ms();
  if (game.ready_to_start()) return run([this, now] { return game.start(now); });  // settles again
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
      run([this, nid, now] { return game.rematch_created(nid, now); });
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
    if (ec) return;
    self->when_idle([self, version] {
      if (self->game.version() == version) self->run([self] { return self->game.timeout(now_ms()); });
    });
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
  Metrics* metrics = hub.options.metrics;
  if (metrics) metrics->ai_queue.fetch_add(1);
  asio::post(hub.ai_pool, [self = shared_from_this(), pos, level, movetime, version, side, metrics] {
    if (metrics) metrics->ai_queue.fetch_sub(1);
    const auto started = std::chrono::steady_clock::now();
    thread_local std::unique_ptr<Engine> engine;
    if (!engine) {
      engine = std::make_unique<Engine>();
      engine->set_option("Hash", "16");
    }
    engine->set_option("Level", std::to_string(level));
    engine->set_option("Seed", std::to_string(random_u32() & 0xffffff));
    Limits limits;
    limits.movetime = movetime;
    const SearchResult r = engine->search(pos, limits);
    const std::string text = to_string(r.best);
    if (metrics)
      metrics->ai_think_seconds.observe(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    self->post([self, text, version, side] {
      if (self->game.version() != version) {
        self->ai_pending_version = -1;
        self->settle();  // the game moved on (undo, resign): think again if needed
        return;
      }
      self->run([self, text, side] { return self->game.decide(side, text, std::nullopt, now_ms()); });
    });
  });
}

// ------------------------------------------------------------------------------ commands

static const char* kHelp =
    "Commands: /join [name] take a free seat; /start agree to start; /resign; /abort (before "
    "the first ring move); /undo ask to take back your last turn (or accept the opponent's "
    "request); /accept, /decline answer an undo request; /rematch offer a rematch; /help this "
    "text. Anything else is a chat line.";

void Room::handle(const std::shared_ptr<Hub::Client>& c, const json& msg) {
  const json id = msg.contains("id") ? msg["id"] : json(nullptr);
  const std::string type = msg["type"].get<std::string>();
  if (type != "chat") return command(c, type, msg, id);
  Fields f{msg, {}};
  auto text = f.str("text", true, 2000);
  if (!f.error.empty()) return send_error(*c, "bad_request", f.error, id);
  if (!text->empty() && (*text)[0] == '/') {
    const auto sp = text->find(' ');
    const std::string cmd = text->substr(1, sp == std::string::npos ? std::string::npos : sp - 1);
    const std::string arg = sp == std::string::npos ? "" : text->substr(sp + 1);
    static const std::map<std::string, std::string> commands = {
        {"join", "join"},   {"start", "start"},          {"resign", "resign"},   {"abort", "abort"},
        {"undo", "undo"},   {"accept", "undo_accept"},   {"decline", "undo_decline"}, {"rematch", "rematch"}};
    if (cmd == "help") return c->send({{"type", "info"}, {"version", game.version()}, {"text", kHelp}});
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
  run([this, from, seat_name, t = *text] { return game.chat(from, seat_name, t, now_ms()); },
      [this, c, id](const ApiError* e) {
        if (e) send_error(*c, e->code, e->message, id);
      });
}

void Room::command(const std::shared_ptr<Hub::Client>& c, const std::string& type, const json& msg, const json& id) {
  Sub* s = find(c.get());
  if (!s) return send_error(*c, "no_game", "send hello first", id);
  if (type == "snapshot") {
    json snap = snapshot(s->seat, c->name);
    if (!id.is_null()) snap["id"] = id;
    return c->send_snapshot(snap);
  }
  if (type == "ping") {
    json p = {{"type", "pong"}, {"version", game.version()}, {"server_time_ms", now_ms()}};
    if (!id.is_null()) p["id"] = id;
    return c->send(p);
  }
  // Refusals and storage failures go back to the sender only.
  auto reply_error = [this, c, id](const ApiError* e) {
    if (e) send_error(*c, e->code, e->message, id);
  };
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
    // The new seat holder hears of its seat (and token) before the broadcast of the join.
    return run([this, n, want, token] { return game.join(n, want, token, now_ms()); }, reply_error,
               [this, c, id, token](const json& ev) {
                 const Color seat = *parse_color(ev["seat"].get<std::string>());
                 if (Sub* sub = find(c.get())) sub->seat = seat;
                 json m = {{"type", "seat"}, {"version", game.version()}, {"game", game.id()},
                           {"seat", color_name(seat)}, {"token", token}};
                 if (!id.is_null()) m["id"] = id;
                 c->send(m);
               });
  }
  static const char* seated_only[] = {"start", "move", "resign", "abort", "undo", "undo_accept", "undo_decline", "rematch"};
  if (std::find(std::begin(seated_only), std::end(seated_only), type) == std::end(seated_only))
    return send_error(*c, "unknown_type", "unknown message type \"" + type.substr(0, 40) + "\"", id);
  if (!s->seat) return send_error(*c, "not_seated", "spectators cannot " + type + "; join or say hello with your seat's token", id);
  const Color me = *s->seat;
  Make make;
  if (type == "start") {
    make = [this, me] { return game.ready(me, now_ms()); };
  } else if (type == "move") {
    Fields f{msg, {}};
    auto decision = f.str("decision", true, 40);
    auto ply = f.integer("ply", false, 0, 100000);
    if (!f.error.empty()) return send_error(*c, "bad_request", f.error, id);
    make = [this, me, d = *decision, ply] { return game.decide(me, d, ply, now_ms()); };
  } else if (type == "resign") {
    make = [this, me] { return game.resign(me, now_ms()); };
  } else if (type == "abort") {
    make = [this, me] { return game.abort(me, now_ms()); };
  } else if (type == "undo") {
    make = [this, me] { return game.request_undo(me, now_ms()); };
  } else if (type == "undo_accept" || type == "undo_decline") {
    const bool accept = type == "undo_accept";
    make = [this, me, accept] { return game.answer_undo(me, accept, now_ms()); };
  } else {  // rematch
    make = [this, me] { return game.offer_rematch(me, now_ms()); };
  }
  run(std::move(make), reply_error);
}

}  // namespace yinsh::server

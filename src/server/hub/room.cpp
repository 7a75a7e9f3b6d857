// The room of one game: its subscribers, its commands and how each one is stored before it is
// applied and broadcast (see room.h).
#include "server/hub/room.h"

#include "server/accounts/accounts_store.h"
#include "core/notation.h"
#include "engine/engine.h"
#include "server/lobby/seek_expiry.h"
#include "server/lobby/lobby.h"

namespace yinsh::server {

// What players are told when the store cannot take their game's events, and when it can again
// (info clock_held, clock_released).
static const char* kClockHeld =
    "the server cannot store decisions right now: the clock stands until it can, and nobody loses on time meanwhile";
static const char* kClockReleased = "decisions are stored again: the clock runs";

Room::Room(Hub::Impl& h, OnlineGame g)
    : hub(h), strand(asio::make_strand(h.ioc)), timer(strand), retry_timer(strand), game(std::move(g)),
      status_seen(int(game.status())) {
  absent_since.fill(hub.now());  // nobody has come yet
}

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
    p[c] = game.seat(c).kind == SeatKind::Ai;
    for (const auto& s : subs) p[c] = p[c] || (s.seat == c && !s.out.expired());
    for (const auto& s : streams) p[c] = p[c] || (s.seat == c && !s.out.expired());
  }
  return p;
}

void Room::announce_presence() {  // after every commit, attach and detach: cheap when unchanged
  const auto p = present();
  for (Color c : {WHITE, BLACK}) {
    if (p[c]) absent_since[c].reset();
    else if (!absent_since[c]) absent_since[c] = hub.now();
  }
  if (presence_sent == p) return;
  presence_sent = p;
  send_all(write_server_message(out::Presence{game.version(), game.id(), p}));
  stream_presence(p);
}

out::Snapshot Room::snapshot(std::optional<Color> seat, const std::string& name, const json& id) const {
  std::optional<std::string> you;
  if (seat) you = game.seat(*seat).name;
  else if (!name.empty()) you = name;
  return {game.version(), game.game_json(hub.now()), present(), seat, you, id};
}

void Room::attach(const std::shared_ptr<Hub::Client>& c, const std::string& token, const json& id, bool fresh) {
  if (hub.multi_process && !fresh)  // another process may have moved the game on
    return catch_up([this, c, token, id] { attach(c, token, id, true); });
  Sub* s = find(c.get());
  std::optional<Color> seat;
  if (!token.empty()) {
    seat = game.seat_of_token(token);
    if (!seat) {
      send_error(*c, "bad_token", "this token holds no seat of game " + game.id(), id);
      if (s) return;  // a connection following this game stays what it was
    }
  }
  if (s) s->seat = seat, s->name = c->name;
  else subs.push_back({c.get(), c->out, seat, c->name});
  c->send_snapshot(snapshot(seat, c->name, id));
  if (has_ratings()) c->send(ratings_message());
  announce_presence();
}

void Room::detach(Hub::Client* c) {
  std::erase_if(subs, [c](const Sub& s) { return s.client == c; });
  announce_presence();
}

void Room::broadcast(const Event& event) {
  const Status was = Status(status_seen.load());
  const bool ended = was != Status::Over && game.status() == Status::Over;
  status_seen = int(game.status());
  if (!streams.empty()) stream_event(event);
  if (ended) hub.queue_report(game.meta().id, game.rules().start(), game.rules().moves());  // its report
  if (hub.options.metrics && std::holds_alternative<ev::Decision>(event.body)) hub.options.metrics->decisions.fetch_add(1);
  send_all(game.public_event(event, hub.now()));
  if (ended && game.meta().rated) announce_ratings();
}

void Room::log_moderation(const std::string& moderator, const ChatLine& line, int64_t at) {
  hub.on_store([self = shared_from_this(), id = game.id(), moderator, line, at] {
    try {
      AccountStore(self->hub.store)
          .log(moderator, "delete_chat", id + "/" + std::to_string(line.id),
               line.from + " (" + line.seat + "): " + line.text, at);
    } catch (const std::exception&) {  // the store is down: the game's own log has the removal
    }
  });
}

void Room::announce_ratings() {
  if (has_ratings()) return send_all(write_server_message(ratings_message()));
  // Another process ended the game (this one caught up with its log): the changes it wrote
  // with the result are read from the store.
  hub.on_store([self = shared_from_this(), id = game.id()] {
    std::array<std::optional<RatingChange>, 2> r;
    try {
      self->hub.store.transact([&](Sql& q) { r = load_rating_changes(q, id); });
    } catch (const std::exception&) {
      return;  // the store is down: a snapshot after it is back carries them
    }
    asio::post(self->strand, [self, r] {
      if (self->has_ratings() || !(r[0] || r[1])) return;
      self->ratings = r;
      self->send_all(write_server_message(self->ratings_message()));
    });
  });
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
    const int64_t now = hub.now();
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
  o.event->version = game.version() + 1;
  auto next = std::make_shared<OnlineGame>(game);
  try {
    next->apply(*o.event);
  } catch (const std::exception& e) {
    const ApiError error{"internal", std::string("cannot apply: ") + e.what()};
    if (after) after(&error);
    return;
  }
  busy = true;
  std::vector<StoredEvent> rows{{next->version(), event_body(*o.event)}};  // before the event moves
  auto rating = rated_result(game, *next, o.event->at);
  hub.writer.append(
      game.id(), std::move(rows), next->summary(),
      [self = shared_from_this(), next, event = std::move(*o.event), make = std::move(make), after = std::move(after),
       bb = std::move(before_broadcast), attempt, rating](AppendStatus status, const std::string& why) mutable {
        // On the writer thread: back to the strand (not through post(): the room is busy).
        asio::post(self->strand, [self, status, why, next = std::move(next), event = std::move(event),
                                  make = std::move(make), after = std::move(after), bb = std::move(bb), attempt,
                                  rating = std::move(rating)] {
          if (rating && status == AppendStatus::Ok) {
            self->ratings = rating->change;
            self->hub.lobby->rated(*rating);  // the lobby shows the new ratings
          }
          self->stored(status, why, next, event, make, after, bb, attempt);
        });
      },
      rating);
}

std::shared_ptr<RatedGame> rated_result(const OnlineGame& before, const OnlineGame& after, int64_t at) {
  if (!after.meta().rated || before.status() == Status::Over || after.status() != Status::Over || !after.result())
    return nullptr;
  auto g = std::make_shared<RatedGame>();
  g->game = after.id();
  g->at = at;
  const auto& m = after.meta();
  g->category = rating::categorize(m.variant == Variant::Blitz, m.clock ? m.clock->base_ms : 0,
                                   m.clock ? m.clock->inc_ms : 0);
  const std::string& score = after.result()->score;
  if (score == "1-0") g->white_score = 1;
  else if (score == "0-1") g->white_score = 0;
  else if (score == "1/2-1/2") g->white_score = 0.5;
  else return nullptr;
  for (Color c : {WHITE, BLACK}) {
    const Seat& s = after.seat(c);
    if (s.kind == SeatKind::Ai) g->ai_level[c == WHITE ? 0 : 1] = s.level;
    else if (!s.account.empty()) g->account[c == WHITE ? 0 : 1] = s.account;
    else return nullptr;  // a guest: not rated (join() keeps guests out of rated games)
  }
  if (g->account[0].empty() && g->account[1].empty()) return nullptr;
  return g;
}

out::Ratings Room::ratings_message() const {
  const json j = rating_changes_json(ratings);
  return out::Ratings{game.version(), game.id(), j["white"], j["black"]};
}

void Room::stored(AppendStatus status, const std::string& why, const std::shared_ptr<OnlineGame>& next,
                  const Event& event, Make make, After after, BeforeBroadcast before_broadcast, int attempt) {
  busy = false;
  if (status == AppendStatus::Conflict) {  // another process stored this version first
    catch_up([this, make = std::move(make), after = std::move(after), bb = std::move(before_broadcast), attempt] {
      if (make && attempt == 0) {
        judge(make, after, bb, 1);
      } else if (after) {
        const ApiError error{"conflict", "the game changed meanwhile; try again"};
        after(&error);
      }
    });
  } else if (status == AppendStatus::Failed) {
    hub.health.failed(StoreHealth::Op::Write, "storing game " + game.id(), why);
    const ApiError error{"store_unavailable", StoreHealth::kClientMessage};
    if (after) after(&error);
    // A person sees the error and can try again; the server's own commands (an AI decision,
    // a flag fall) have nobody to do that: in a second, look again at what the game needs.
    ai_pending_version = -1;
    // Nobody loses on time for what could not be stored: the clock stands until it can be.
    hold_clock(event.at);
    retry_later();
  } else {
    hub.health.succeeded(StoreHealth::Op::Write);
    const bool was_held = game.clock_held();  // the event applied released it
    const Status was = game.status();
    const std::optional<Color> was_to_move = game.to_move();
    game = std::move(*next);
    send_notices(was, was_to_move);
    // A game of accounts started or ended: their event streams are told on every server.
    if (was != game.status() && (was == Status::Active || game.status() == Status::Active)) hub.announce_game(game);
    if (before_broadcast) before_broadcast(event);
    broadcast(event);  // with the ratings when the event ended a rated game
    announce_presence();  // a join gives a seat to a connection
    if (was_held) send_all(write_server_message(out::Info{game.version(), kClockReleased, "clock_released"}));
    if (after) after(nullptr);
    if (!busy) settle();
  }
  drain();
}

void Room::catch_up(std::function<void()> then) {
  if (busy) {  // after the append in flight
    waiting.push_back([this, then = std::move(then)] { catch_up(then); });
    return;
  }
  busy = true;
  hub.on_store([self = shared_from_this(), from = game.version(), then = std::move(then)]() mutable {
    std::vector<StoredEvent> events;
    try {
      events = self->hub.store.load_events(self->game.id(), from);
    } catch (const StoreUnavailable& e) {  // nothing new, as far as we can tell
      self->hub.health.failed(StoreHealth::Op::Read, "catching up game " + self->game.id(), e.what());
    }
    asio::post(self->strand, [self, events = std::move(events), then = std::move(then)] {
      self->busy = false;
      bool changed = false;
      for (const auto& e : events) {
        if (e.version != self->game.version() + 1) break;
        try {
          Event ev = parse_event_body(e.body, e.version);
          self->game.apply(ev);
          self->broadcast(ev);
          changed = true;
        } catch (const std::exception&) {
          break;
        }
      }
      if (then) then();
      if (changed && !self->busy) self->settle();
      self->drain();
    });
  });
}

// ------------------------------------------------------------------------------ what comes next

void Room::settle() {
  const int64_t now = hub.now();
  if (game.ready_to_start()) return run([this, now] { return game.start(now); });  // settles again
  if (game.rematch_agreed() && !creating_rematch) {
    const GameMeta& m = game.meta();
    GameMeta meta{new_game_id(), m.variant, m.clock, now};
    std::vector<std::function<Outcome(const OnlineGame&)>> steps;
    for (Color c : {WHITE, BLACK}) {
      const Seat old = game.seat(~c);  // colours swap
      if (old.kind == SeatKind::Ai)
        steps.push_back([c, old, now](const OnlineGame& g) { return g.join_ai(c, old.level, old.token, now); });
      else
        steps.push_back([c, old, now](const OnlineGame& g) { return g.join(old.name, c, old.token, now, old.account, old.bot); });
    }
    steps.push_back([now](const OnlineGame& g) { return g.start(now); });
    creating_rematch = true;
    hub.create(meta, steps, [self = shared_from_this(), now, nid = meta.id](std::shared_ptr<Room> r, const ApiError*) {
      self->post([self, ok = r != nullptr, nid, now] {
        self->creating_rematch = false;
        if (ok) return self->run([self, nid, now] { return self->game.rematch_created(nid, now); });
        self->retry_later();  // the store failed
      });
    });
    return;
  }
  // An active correspondence game follows its accounts' vacations once per room: the game
  // begun during one, or loaded after a server stopped before telling it (vacation.cpp).
  if (!vacations_followed && game.status() == Status::Active && is_correspondence(game.meta().clock)) {
    vacations_followed = true;
    return follow_vacations([this] { settle(); });
  }
  arm_timer();
  schedule_ai();
  play_conditional();
}

void Room::retry_later() {
  retry_timer.expires_after(std::chrono::seconds(1));
  retry_timer.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (!ec) self->when_idle([self] { self->game.clock_held() ? self->probe_store() : self->settle(); });
  });
}

// ------------------------------------------------------------------------------ a held clock

void Room::hold_clock(int64_t at) {
  if (game.clock_held()) return;
  game.hold_clock(at);
  if (!game.clock_held()) return;  // untimed, correspondence or not in play
  send_all(write_server_message(out::Info{game.version(), kClockHeld, "clock_held"}));
  send_snapshots();
}

void Room::probe_store() {
  hub.on_store([self = shared_from_this(), what = "probing the store for game " + game.id()] {
    const bool ok = self->hub.store_takes_writes(what);
    self->post([self, ok] {
      if (!self->game.clock_held()) return;  // an event was stored meanwhile: released
      if (!ok) return self->retry_later();
      self->release_clock();
    });
  });
}

void Room::release_clock() {
  game.release_clock(hub.now());
  send_all(write_server_message(out::Info{game.version(), kClockReleased, "clock_released"}));
  send_snapshots();
  settle();
}

void Room::send_snapshots() {
  for (const Sub& s : subs)
    if (auto out = s.out.lock())
      out->deliver_snapshot(std::make_shared<const std::string>(
          write_server_message(PrivateMessage{snapshot(s.seat, s.name, json())})));
}

// The timer is set for the clock's deadline, or the lobby's (a waiting game expires; an idle
// untimed game ends: only when it is due already, so that idle games are not held in memory).
void Room::arm_timer() {
  const int64_t now = hub.now();
  int64_t due = INT64_MAX;  // when the timer fires; INT64_MAX: no timer
  // A correspondence deadline days away holds no timer (the room may leave memory): the
  // deadline sweep (deadline_sweep.cpp) ends the game from the store once it has passed.
  if (const auto d = game.deadline(); d && (*d <= now || !is_correspondence(game.meta().clock))) due = *d;
  if (const auto lobby = lobby_deadline(game, hub.options.seeks);
      lobby && !(game.status() == Status::Active && *lobby > now))
    due = std::min(due, *lobby);
  if (due == INT64_MAX) {
    timer.cancel();
    return;
  }
  const int64_t wait = std::max<int64_t>(0, due - now) + 1;
  timer.expires_after(std::chrono::milliseconds(wait));
  const int64_t version = game.version();
  timer.async_wait([self = shared_from_this(), version](boost::system::error_code ec) {
    if (ec) return;
    self->when_idle([self, version] {
      if (self->game.version() != version) return;
      self->run([self] {
        const int64_t t = self->hub.now();
        if (Outcome o = self->game.timeout(t); o.ok()) return o;
        return lobby_due(self->game, self->hub.options.seeks, t);
      });
    });
  });
}

void Room::schedule_ai() {
  if (!game.ai_to_move() || ai_pending_version == game.version() || hub.stopped) return;
  ai_pending_version = game.version();
  const Color side = *game.to_move();
  const Seat& seat = game.seat(side);
  int64_t level_ms = 250;
  for (const AiLevel* l = ai_levels_begin(); l != ai_levels_end(); ++l)
    if (l->level == seat.level) level_ms = l->movetime_ms;
  const Position pos = game.position();
  const int level = seat.level;
  const int64_t version = game.version();
  // The deadline orders the pool's queue; the budget is taken from the clock when the search
  // starts, so the time spent waiting behind other games is not spent twice.
  const std::optional<int64_t> deadline = game.deadline();
  const int64_t override_ms = hub.options.ai_movetime_ms;
  Metrics* metrics = hub.options.metrics;
  if (metrics) metrics->ai_queue.fetch_add(1);
  hub.ai_pool.submit(game.id(), deadline.value_or(INT64_MAX), [self = shared_from_this(), pos, level, level_ms, override_ms,
                                                    deadline, version, side, metrics] {
    if (metrics) metrics->ai_queue.fetch_sub(1);
    const auto started = std::chrono::steady_clock::now();
    const int64_t movetime = ai_movetime(level_ms, override_ms, deadline ? *deadline - self->hub.now() : -1);
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
      self->run([self, text, side] { return self->game.decide(side, text, std::nullopt, self->hub.now()); });
    });
  });
}

// ------------------------------------------------------------------------------ commands

static const char* kHelp =
    "Commands: /join [name] take a free seat; /start agree to start; /resign; /abort (before "
    "the first ring move); /undo ask to take back your last turn (or accept the opponent's "
    "request); /accept, /decline answer an undo request; /rematch offer a rematch; /help this "
    "text. Anything else is a chat line.";

// A chat line "/name arg": the command it stands for, or nullopt when there is no such command.
static std::optional<Command> chat_command(const std::string& text) {
  const auto sp = text.find(' ');
  const std::string name = text.substr(1, sp == std::string::npos ? std::string::npos : sp - 1);
  const std::string arg = sp == std::string::npos ? "" : clean_text(text.substr(sp + 1), kMaxNameChars);
  if (name == "join") return cmd::Join{arg.empty() ? std::nullopt : std::optional(arg), std::nullopt};
  if (name == "start") return cmd::Start{};
  if (name == "resign") return cmd::Resign{};
  if (name == "abort") return cmd::Abort{};
  if (name == "undo") return cmd::Undo{};
  if (name == "accept") return cmd::UndoAccept{};
  if (name == "decline") return cmd::UndoDecline{};
  if (name == "rematch") return cmd::Rematch{};
  return std::nullopt;
}

void Room::join_seat(const std::shared_ptr<Hub::Client>& c, const std::string& name, std::optional<Color> want,
                     const json& id) {
  const std::string token = new_token();
  run([this, name, want, token, account = c->who.account, bot = c->who.bot] {
        return game.join(name, want, token, hub.now(), account, bot);
      },
      [this, c, id](const ApiError* e) {
        if (e) send_error(*c, e->code, e->message, id, e->params);
      },
      [this, c, id, token](const Event& e) {
        const Color seat = std::get<ev::Joined>(e.body).seat;
        if (Sub* sub = find(c.get())) sub->seat = seat;
        c->send(out::Seat{game.version(), game.id(), seat, token, id});
      });
}

void Room::handle(const std::shared_ptr<Hub::Client>& c, const ClientMessage& msg) {
  const json& id = msg.id;
  Sub* s = find(c.get());
  // Refusals and storage failures go back to the sender only.
  auto reply_error = [this, c, id](const ApiError* e) {
    if (e) send_error(*c, e->code, e->message, id, e->params);
  };
  if (!s && !std::holds_alternative<cmd::Hello>(msg.command)) return send_error(*c, "no_game", "send hello first", id);
  // Only seated connections act; a command is judged when its turn on the strand comes.
  auto seated = [&](std::string_view what, std::function<Outcome(Color)> make) {
    if (!s->seat) return send_error(*c, "not_seated", "spectators cannot " + std::string(what) + "; join or say hello with your seat's token", id);
    run([make = std::move(make), me = *s->seat] { return make(me); }, reply_error);
  };
  std::visit(
      Overloaded{
          [&](const cmd::Hello& h) { attach(c, h.token.value_or(""), id, false); },
          [&](const cmd::Snapshot&) { c->send_snapshot(snapshot(s->seat, c->name, id)); },
          [&](const cmd::Ping&) { c->send(out::Pong{game.version(), hub.now(), id}); },
          [&](const cmd::Join& j) {
            if (s->seat) return send_error(*c, "not_allowed", "you already hold the " + std::string(color_name(*s->seat)) + " seat", id);
            if (!c->who.guest()) return join_seat(c, c->who.name, j.color, id);
            if (!j.name) return join_seat(c, c->name.empty() ? "Guest" : c->name, j.color, id);  // its hello's, settled
            // A guest's name given with the join may be neither the computer's nor an account's
            // (or a look-alike): asked on the store pool, then "Guest" if refused.
            hub.settle_guest_name(*j.name, [self = shared_from_this(), c, want = j.color, id](std::string name) {
              self->post([self, c, name = std::move(name), want, id] {
                const Sub* now = self->find(c.get());
                if (!now) return;  // it left meanwhile
                if (now->seat)
                  return self->send_error(*c, "not_allowed", "you already hold the " + std::string(color_name(*now->seat)) + " seat", id);
                self->join_seat(c, name, want, id);
              });
            });
          },
          [&](const cmd::Start&) { seated("start", [this](Color me) { return game.ready(me, hub.now()); }); },
          [&](const cmd::Move& m) {
            seated("move", [this, m](Color me) { return game.decide(me, m.decision, m.ply, hub.now()); });
          },
          [&](const cmd::Resign&) { seated("resign", [this](Color me) { return game.resign(me, hub.now()); }); },
          [&](const cmd::Abort&) { seated("abort", [this](Color me) { return game.abort(me, hub.now()); }); },
          [&](const cmd::Undo&) { seated("undo", [this](Color me) { return game.request_undo(me, hub.now()); }); },
          [&](const cmd::UndoAccept&) {
            seated("undo_accept", [this](Color me) { return game.answer_undo(me, true, hub.now()); });
          },
          [&](const cmd::UndoDecline&) {
            seated("undo_decline", [this](Color me) { return game.answer_undo(me, false, hub.now()); });
          },
          [&](const cmd::Rematch&) { seated("rematch", [this](Color me) { return game.offer_rematch(me, hub.now()); }); },
          [&](const cmd::Claim& cl) {
            seated("claim", [this, draw = cl.draw](Color me) {
              const int64_t now = hub.now();
              std::optional<int64_t> since;  // absent_since is kept by announce_presence()
              if (!present()[~me]) since = absent_since[~me].value_or(now);
              return claim_abandoned(game, me, draw, since, hub.options.seeks, now);
            });
          },
          [&](const auto&) { send_error(*c, "internal", "a lobby command reached a game", id); },
          [&](const cmd::Chat& ch) {
            if (c->identity().muted && ch.text[0] != '/')
              return send_error(*c, "muted", "your account is muted: you cannot chat", id);
            if (ch.text[0] == '/') {
              if (ch.text == "/help" || ch.text.rfind("/help ", 0) == 0)
                return c->send(out::Info{game.version(), kHelp, "help"});
              auto command = chat_command(ch.text);
              if (!command) {  // named by the command alone, as typed: clients word the error with it
                const std::string typed = clean_text(ch.text.substr(0, ch.text.find(' ')), 30);
                return send_error(*c, "unknown_command", typed + ": no such command (try /help)", id,
                                  {{"command", typed}});
              }
              return handle(c, {std::move(*command), id});
            }
            const std::optional<Color> seat = s->seat;
            const std::string from = seat ? game.seat(*seat).name : (c->name.empty() ? "Spectator" : c->name);
            const std::string seat_name = seat ? std::string(color_name(*seat)) : "spectator";
            run([this, from, seat_name, t = ch.text, account = c->who.account] {
                  return game.chat(from, seat_name, t, hub.now(), account);
                }, reply_error);
          },
          [&](const cmd::ChatDelete& d) {
            const std::string name = !c->who.guest() ? c->who.name : s->seat ? game.seat(*s->seat).name : c->name;
            auto removed = std::make_shared<ChatLine>();  // the line as it was, for the moderation log
            run([this, line = d.line, seat = s->seat, who = c->identity(), name, removed] {
                  for (const ChatLine& l : game.chat())
                    if (l.id == line) *removed = l;
                  return game.delete_chat(line, seat, who.account, who.role == "admin", name, hub.now());
                }, reply_error,
                [this, name, removed](const Event& e) {
                  if (std::get<ev::ChatDeleted>(e.body).by == "moderator") log_moderation(name, *removed, e.at);
                });
          },
      },
      msg.command);
}

}  // namespace yinsh::server

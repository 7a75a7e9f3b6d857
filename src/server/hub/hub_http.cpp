// The hub's HTTP API (docs/api.md section 2). Every store call runs on the store pool; the
// reply comes back through `done` from whichever thread finished the work.
#include "core/notation.h"
#include "server/hub/hub.h"
#include "server/accounts/accounts_store.h"
#include "server/hub/room.h"
#include "server/lobby/seek_book.h"
#include "server/lobby/lobby.h"

namespace yinsh::server {

// The HTTP status of an API error code (docs/api.md section 5).
static int http_status(const std::string& code) {
  if (code == "game_not_found") return 404;
  if (code == "seat_taken" || code == "not_allowed" || code == "conflict" || code == "name_taken" ||
      code == "name_reserved" || code == "not_your_turn" || code == "game_over" || code == "not_started" ||
      code == "stale_ply")
    return 409;
  if (code == "store_unavailable" || code == "ai_busy") return 503;
  if (code == "rate_limited" || code == "too_many_open" || code == "too_many_games") return 429;
  if (code == "internal") return 500;
  return 400;
}

HttpReply error_reply(const ApiError& e) {
  HttpReply r = http_error(http_status(e.code), e.code, e.message);
  if (!e.params.empty()) r.body["error"]["params"] = e.params;
  return r;
}

// The body of a POST: a JSON object (an empty body counts as {} when `empty_ok`).
static std::optional<json> body_object(std::string_view body, bool empty_ok, const Hub::Done& done) {
  if (empty_ok && body.empty()) return json::object();
  json j = json::parse(body, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    done(http_error(400, "bad_json", "the body must be a JSON object"));
    return std::nullopt;
  }
  return j;
}

// The rest of create_game, once the seat's name is allowed.
static void create_named_game(Hub::Impl& impl, GameMeta meta, const Identity& who, Hub::Done done,
                              const std::string& address, const std::string& player, Color mine, bool ai, int level) {
  if (ai && impl.ai_pool.saturated())
    return done(http_error(503, "ai_busy",
                           "every computer player is busy (" + std::to_string(impl.ai_pool.games_in_play()) +
                               " games in play, at most " + std::to_string(impl.ai_pool.max_games()) + "; " +
                               std::to_string(impl.ai_pool.waiting()) + " searches waiting for " +
                               std::to_string(impl.ai_pool.threads()) +
                               " threads): a new game against the computer would lose on time; try again in a "
                               "minute, or play a person"));
  if (auto e = impl.lobby->admit_game(address, !ai, who.account)) return done(error_reply(*e));
  const std::string token = new_token();
  const int64_t now = meta.created_at;
  Hub::Impl::Steps steps;
  steps.push_back([=, account = who.account, bot = who.bot](const OnlineGame& g) {
    return g.join(player, mine, token, now, account, bot);
  });
  if (ai) {
    steps.push_back([=, ai_token = new_token()](const OnlineGame& g) { return g.join_ai(~mine, level, ai_token, now); });
    steps.push_back([=](const OnlineGame& g) { return g.start(now); });
  }
  if (ai) impl.ai_pool.touch(meta.id);
  impl.create(std::move(meta), std::move(steps), [impl = &impl, address, account = who.account, ai, token, mine, done](std::shared_ptr<Room> r, const ApiError* e) {
    if (!r) return done(error_reply(*e));
    if (!ai) impl->lobby->opened(address, r->game.id(), account);
    r->post([r, token, mine, done] {
      done({201,
            {{"game", r->game.id()},
             {"seat", color_name(mine)},
             {"token", token},
             {"link", "/game/" + r->game.id()},
             {"snapshot", r->game.game_json(r->hub.now())}},
            {}});
    });
  });
}

// The rest of join_game, once the seat's name is allowed. An account joining a
// correspondence game is first counted against the cap, on the store pool.
static void join_named(Hub::Impl& impl, const std::string& id, const std::string& name, std::optional<Color> want,
                       const std::string& account, bool bot, Hub::Done done) {
  impl.with_room(id, [impl = &impl, name, want, done, account, bot](std::shared_ptr<Room> r, const ApiError* e) {
    if (!r) return done(error_reply(*e));
    auto seat_in = [r, name, want, done, account, bot] {
      const std::string token = new_token();
      auto seat = std::make_shared<Color>(WHITE);
      r->run([r, name, want, token, account, bot] { return r->game.join(name, want, token, r->hub.now(), account, bot); },
             [r, done, token, seat](const ApiError* error) {
               if (error) return done(error_reply(*error));
               done({200, {{"game", r->game.id()}, {"seat", color_name(*seat)}, {"token", token},
                           {"snapshot", r->game.game_json(r->hub.now())}}, {}});
             },
             [seat](const Event& ev) { *seat = std::get<ev::Joined>(ev.body).seat; });
    };
    r->post([impl, r, seat_in, done, account] {
      if (account.empty() || !is_correspondence(r->game.meta().clock)) return seat_in();
      GameSummary s;
      s.id = r->game.id();
      s.clock = r->game.meta().clock;
      s.white_account = account;
      impl->on_store([impl, r, s, seat_in, done] {
        if (const auto refused = impl->correspondence_cap(s)) return done(error_reply(*refused));
        r->post(seat_in);
      });
    });
  });
}

// A guest's name may not pass for an account's or the computer's (the views mark an account's
// seat, but a name alone must not mislead either).
void Hub::Impl::check_guest_name(const Identity& who, const std::string& name, std::function<void(const ApiError*)> then) {
  if (!who.guest()) return then(nullptr);
  on_store([this, name, then = std::move(then)] {
    const auto refused = guest_name_refusal(store, name);
    then(refused ? &*refused : nullptr);
  });
}

void Hub::Impl::settle_guest_name(std::string typed, std::function<void(std::string name)> then) {
  check_guest_name(Identity{}, typed, [typed, then = std::move(then)](const ApiError* refused) {
    then(refused ? std::string("Guest") : typed);
  });
}

void Hub::create_game(std::string_view body, const Identity& who, Done done, const std::string& address) {
  const auto j = body_object(body, false, done);
  if (!j) return;
  GameMeta meta;
  meta.id = new_game_id();
  meta.created_at = impl_->now();
  Color mine = Color(random_u32() & 1);
  std::string player = "Guest";
  bool ai = false;
  int level = 3;
  try {
    const Fields f(*j);
    const GameKind kind = read_game_kind(f);
    meta.variant = kind.variant;
    meta.clock = kind.clock;
    if (const json* o = f.opt_object("opponent")) {
      const Fields of(*o, "opponent.");
      const std::string type = of.str("type", 10);
      if (type != "ai" && type != "human") of.fail("type", "must be \"human\" or \"ai\"");
      ai = type == "ai";
      if (ai) level = int(of.opt_integer("level", 1, ai_levels_end() - ai_levels_begin()).value_or(3));
    }
    if (auto c = f.opt_str("color", 10); c && *c != "random") mine = *f.opt_color("color");
    if (auto n = f.opt_str("name", kMaxNameChars)) player = *n;
    if (j->contains("rated") && !(*j)["rated"].is_null()) meta.rated = f.boolean("rated");
  } catch (const SchemaError& e) {
    return done(http_error(400, "bad_request", e.what()));
  }
  if (meta.rated && who.guest())
    return done(http_error(400, "not_allowed", "rated games are for accounts: log in to create one"));
  if (!who.guest()) player = who.name;
  impl_->check_guest_name(who, player, [this, meta = std::move(meta), who, done, address, player, mine, ai, level](
                                            const ApiError* refused) mutable {
    if (refused) return done(error_reply(*refused));
    create_named_game(*impl_, std::move(meta), who, done, address, player, mine, ai, level);
  });
}

void Hub::join_game(const std::string& id, std::string_view body, const Identity& who, Done done) {
  const auto j = body_object(body, true, done);
  if (!j) return;
  std::string name = "Guest";
  std::optional<Color> want;
  try {
    const Fields f(*j);
    name = f.opt_str("name", kMaxNameChars).value_or("Guest");
    want = f.opt_color("color");
  } catch (const SchemaError& e) {
    return done(http_error(400, "bad_request", e.what()));
  }
  if (!who.guest()) name = who.name;
  impl_->check_guest_name(who, name, [this, id, name, want, done, account = who.account, bot = who.bot](const ApiError* refused) {
    if (refused) return done(error_reply(*refused));
    join_named(*impl_, id, name, want, account, bot, done);
  });
}

void with_caught_up_room(Hub::Impl& impl, const std::string& id, FreshRoom then) {
  impl.with_room(id, [then](std::shared_ptr<Room> r, const ApiError* e) {
    if (!r) return then(nullptr, e);
    r->post([r, then] {
      if (!r->hub.multi_process) return then(r, nullptr);
      r->catch_up([r, then] { then(r, nullptr); });
    });
  });
}

void with_fresh_room(Hub::Impl& impl, const std::string& id, Hub::Done done,
                            std::function<HttpReply(Room&)> view) {
  with_caught_up_room(impl, id, [done, view](std::shared_ptr<Room> r, const ApiError* e) {
    done(r ? view(*r) : error_reply(*e));
  });
}

void Hub::get_game(const std::string& id, Done done) {
  with_fresh_room(*impl_, id, std::move(done), [](Room& r) {
    json g = r.game.game_json(r.hub.now());
    if (r.has_ratings()) g["ratings"] = rating_changes_json(r.ratings);
    return HttpReply{200, std::move(g), {}};
  });
}

void Hub::get_record(const std::string& id, bool as_json, Done done) {
  with_fresh_room(*impl_, id, std::move(done), [as_json](Room& r) {
    if (as_json) {
      json rec = r.game.record_json();
      if (r.has_ratings()) rec["ratings"] = rating_changes_json(r.ratings);
      return HttpReply{200, std::move(rec), {}};
    }
    // A rated game's record carries the changes as tags: WhiteRatingDiff "+12" (as lichess's PGN).
    std::vector<std::pair<std::string, std::string>> tags;
    for (int i = 0; i < 2; ++i)
      if (const auto& c = r.ratings[size_t(i)]) {
        const std::string side = i == 0 ? "White" : "Black";
        tags.emplace_back(side + "Rating", shown_rating(c->before, false));
        tags.emplace_back(side + "RatingDiff", (c->diff() >= 0 ? "+" : "") + std::to_string(c->diff()));
      }
    return HttpReply{200, nullptr, r.game.record_text(tags)};
  });
}

void Hub::list_games(std::string_view status, std::string_view limit, Done done) {
  std::optional<Status> st;
  if (!status.empty()) {
    st = parse_status(status);
    if (!st || *st == Status::Aborted) return done(http_error(400, "bad_request", "status must be waiting, active or over"));
  }
  int n = 50;
  if (!limit.empty()) {
    n = 0;
    for (char ch : limit) {
      if (ch < '0' || ch > '9' || n > 1000) return done(http_error(400, "bad_request", "limit must be 1..200"));
      n = n * 10 + (ch - '0');
    }
    if (n < 1 || n > 200) return done(http_error(400, "bad_request", "limit must be 1..200"));
  }
  impl_->on_store([impl = impl_.get(), st, n, done] {
    json games = json::array();
    try {
      for (const auto& s : impl->store.list_games(st, n)) games.push_back(to_json(s));
      impl->health.succeeded(StoreHealth::Op::Read);
    } catch (const StoreUnavailable& e) {
      impl->health.failed(StoreHealth::Op::Read, "listing games", e.what());
      return done(http_error(503, "store_unavailable", StoreHealth::kClientMessage));
    }
    done({200, {{"games", games}}, {}});
  });
}

bool Hub::Impl::store_takes_writes(const std::string& what) {
  try {  // a real write of one row, its value unchanged: a read-only database or a full disk refuses it
    store.transact([](Sql& sql) { sql.run("UPDATE schema_migrations SET applied_at = applied_at WHERE version = 1"); });
    health.succeeded(StoreHealth::Op::Write);
    return true;
  } catch (const std::exception& e) {
    health.failed(StoreHealth::Op::Write, what, e.what());
    return false;
  }
}

void Hub::readiness(Done done) {
  impl_->on_store([impl = impl_.get(), done] {
    try {
      impl->store.load_meta("readyz");  // a real read; no game has this id
      impl->health.succeeded(StoreHealth::Op::Read);
    } catch (const StoreUnavailable& e) {
      impl->health.failed(StoreHealth::Op::Read, "the readiness check's read", e.what());
    }
    impl->store_takes_writes("the readiness check's write");
    if (impl->health.ready()) done({200, {{"ready", true}, {"store", impl->store.kind()}}, {}});
    else done(http_error(503, "store_unavailable", StoreHealth::kClientMessage));
  });
}

}  // namespace yinsh::server

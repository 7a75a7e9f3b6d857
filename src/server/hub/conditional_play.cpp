// Conditional lines of correspondence games (docs/api.md "Conditional lines", docs/server.md
// "Conditional lines"): stored through PUT /api/games/<id>/conditional, played by the room.
//
// The store is the truth (lines may have been stored through another server on the same
// database). Whenever a settled room finds a correspondence game's seat of an account to
// decide, it reads that seat's lines on the store pool (never on the strand) and comes back
// to the strand: when the game's decisions since the lines' base are a prefix of a line whose
// next decision is that player's, the room runs the decision exactly as if the player had
// sent it (same judgement, storage, clocks and broadcast); when the game has left every line,
// the lines are dropped. Each stored decision settles the room again, so a turn of several
// decisions (a ring move, then a row and a ring removal) is played one decision at a time.
// Two servers may both try: the append's version lets one commit, the other catches up and
// finds its decision stale.
#include "server/hub/room.h"
#include "server/store/conditional_store.h"

namespace yinsh::server {

void Room::play_conditional() {
  if (hub.stopped || !is_correspondence(game.meta().clock)) return;
  if (game.status() == Status::Over || game.status() == Status::Aborted) {
    if (conditional_version == -2) return;
    conditional_version = -2;  // dropped once per room (a second drop by another server is harmless)
    hub.on_store([self = shared_from_this(), id = game.id()] {  // the id copied: `game` is the strand's
      try {
        drop_game_conditional_lines(self->hub.store, id);
      } catch (const std::exception&) {  // the store is down: lines of a finished game are never played
      }
    });
    return;
  }
  const auto side = game.to_move();
  if (!side || game.seat(*side).kind != SeatKind::Human || game.seat(*side).account.empty()) return;
  if (conditional_version == game.version()) return;  // read already for this state
  conditional_version = game.version();
  hub.on_store([self = shared_from_this(), id = game.id(), seat = *side, version = game.version()] {
    std::optional<ConditionalLines> lines;
    try {
      lines = load_conditional_lines(self->hub.store, id, seat);
    } catch (const std::exception& e) {
      self->hub.health.failed(StoreHealth::Op::Read, "reading the conditional lines of game " + id, e.what());
      return self->post([self] {
        self->conditional_version = -1;
        self->retry_later();
      });
    }
    if (lines) self->post([self, lines = std::move(*lines), seat, version] { self->answer_conditional(lines, seat, version); });
  });
}

void Room::answer_conditional(const ConditionalLines& lines, Color seat, int64_t version) {
  if (game.version() != version) return;  // the room settled again since and reads anew
  const auto reply = conditional_reply(game.rules(), lines);
  if (!reply) {  // the game left every line: they are dropped (unless stored anew meanwhile)
    hub.on_store([self = shared_from_this(), id = game.id(), lines, seat] {
      try {
        drop_conditional_lines(self->hub.store, id, seat, lines);
      } catch (const std::exception&) {  // kept: they never match again
      }
    });
    return;
  }
  if (hub.options.debug) hub.options.debug("game " + game.id() + ": conditional reply " + *reply);
  run([this, seat, version, text = *reply] {
        if (game.version() != version) return Outcome::fail("stale", "the game moved on");
        return game.decide(seat, text, std::nullopt, hub.now());
      },
      [this](const ApiError* error) {
        if (error && error->code == "store_unavailable") conditional_version = -1;  // retry_later() reads again
      });
}

// ------------------------------------------------------------------------ the HTTP API

namespace {

HttpReply lines_reply(const std::optional<ConditionalLines>& l) {
  return {200, {{"base", l ? json(l->base_ply) : json()}, {"lines", l ? json(l->lines) : json::array()}}, {}};
}

}  // namespace

void Hub::conditional(const std::string& id, const Identity& who, const std::string& method, std::string_view body,
                      Done done) {
  if (who.guest()) return done(http_error(401, "not_logged_in", "conditional lines are an account's: log in"));
  json lines;
  if (method == "PUT") {
    json j = json::parse(body, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return done(http_error(400, "bad_json", "the body must be a JSON object"));
    lines = j.value("lines", json());
  }
  Impl* impl = impl_.get();
  // `work` on the store pool, its reply (or 503 when the store fails) to `done`.
  auto on_store = [impl, done](std::function<HttpReply()> work) {
    impl->on_store([impl, done, work = std::move(work)] {
      try {
        done(work());
      } catch (const std::exception& e) {
        impl->health.failed(StoreHealth::Op::Write, "conditional lines", e.what());
        done(http_error(503, "store_unavailable", StoreHealth::kClientMessage));
      }
    });
  };
  with_caught_up_room(*impl, id, [who, method, lines, done, on_store](std::shared_ptr<Room> r, const ApiError* e) {
    if (!r) return done(e->code == "game_not_found" ? http_error(404, "no_such_game", e->message) : error_reply(*e));
    const auto seat = r->game.seat_of_account(who.account);
    if (!seat) return done(http_error(403, "not_your_game", "you hold no seat of game " + r->game.id()));
    Store* store = &r->hub.store;
    const std::string game = r->game.id();
    if (method == "GET") return on_store([store, game, seat] { return lines_reply(load_conditional_lines(*store, game, *seat)); });
    if (method == "DELETE")
      return on_store([store, game, seat] {
        drop_conditional_lines(*store, game, *seat);
        return lines_reply(std::nullopt);
      });
    if (!is_correspondence(r->game.meta().clock))
      return done(http_error(409, "not_correspondence", "conditional lines are for correspondence games"));
    if (r->game.status() != Status::Active || !r->game.to_move())
      return done(http_error(409, "not_active", "game " + game + " is not being played"));
    if (*r->game.to_move() == *seat)
      return done(http_error(409, "your_turn", "it is your turn: conditional lines are stored on your opponent's turn"));
    CheckedLines checked = check_conditional_lines(r->game.rules(), *seat, lines);
    if (checked.error) return done(error_reply(*checked.error));
    ConditionalLines stored{r->game.ply(), decisions_text(r->game.rules(), 0, size_t(r->game.ply())),
                            std::move(checked.lines)};
    on_store([r, store, game, seat, stored, now = r->hub.now()] {
      save_conditional_lines(*store, game, *seat, stored, now);
      // The opponent may have decided while the lines were being written: look again.
      r->post([r] {
        r->conditional_version = -1;
        r->play_conditional();
      });
      return lines_reply(stored);
    });
  });
}

}  // namespace yinsh::server

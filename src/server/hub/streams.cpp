// The bot and board API's streams (streams.h): opening and closing them (the event stream
// with a gameStart for each game in play), and the lines of a game's stream on each event of
// its room. The event stream's lines when a game starts or ends: game_announcements.cpp.
#include "server/hub/streams.h"

#include <cmath>
#include <tuple>
#include <vector>

#include "core/notation.h"
#include "server/accounts/accounts_store.h"
#include "server/lobby/lobby.h"

namespace yinsh::server {

stream::GameState stream_state(const OnlineGame& g, int64_t now) {
  stream::GameState s;
  for (Move m : g.rules().moves()) {
    if (!s.moves.empty()) s.moves += ' ';
    s.moves += to_string(m);
  }
  s.ply = g.ply();
  if (const auto& c = g.meta().clock) {
    s.wtime = std::max<int64_t>(0, g.remaining(WHITE, now));
    s.btime = std::max<int64_t>(0, g.remaining(BLACK, now));
    s.winc = s.binc = c->inc_ms;
  }
  s.to_move = g.to_move().value_or(g.position().side_to_move());
  if (g.status() == Status::Over) {
    s.status = "over";
    const auto& r = g.result();
    s.winner = r && r->winner ? std::string(color_name(*r->winner)) : "draw";
  } else if (g.status() == Status::Aborted) {
    s.status = "aborted";
  }
  return s;
}

stream::Player stream_player(Store& store, const Seat& seat, const GameMeta& meta) {
  stream::Player p{seat.name, std::nullopt, false};
  if (seat.account.empty()) return p;
  if (auto a = AccountStore(store).by_id(seat.account)) p.bot = a->bot;
  const auto category = rating::categorize(meta.variant == Variant::Blitz, meta.clock ? meta.clock->base_ms : 0,
                                           meta.clock ? meta.clock->inc_ms : 0);
  int rating = 1500;
  store.transact([&](Sql& q) {
    for (const CurrentRating& r : load_current_ratings(q, seat.account))
      if (r.category == category) rating = int(std::lround(r.rating));
  });
  p.rating = rating;
  return p;
}

stream::GameInfo game_info(Store& store, const std::string& id, const GameMeta& meta, const Seat& opponent, Color seat) {
  return {id, seat, stream_player(store, opponent, meta), meta.rated, meta.variant, meta.clock};
}

// ------------------------------------------------------------------------ the event stream

std::shared_ptr<StreamClient> Hub::Impl::make_stream(const Identity& who, std::weak_ptr<Subscriber> out, bool events) {
  {
    std::lock_guard lock(accounts_mutex);
    int& open = token_streams[who.token];
    if (open >= kMaxStreamsPerToken) return nullptr;
    ++open;
  }
  auto c = std::make_shared<StreamClient>();
  c->out = std::move(out);
  c->key = "c:" + new_token();
  c->who = who;
  c->name = who.name;
  c->events = events;
  c->token_id = who.token;
  return c;
}

static HttpReply too_many_streams() {
  return http_error(429, "too_many_streams",
                    "this token has " + std::to_string(Hub::kMaxStreamsPerToken) + " streams open already");
}

void Hub::open_event_stream(const Identity& who, std::weak_ptr<Subscriber> out, StreamOpened opened) {
  auto c = impl_->make_stream(who, std::move(out), true);
  if (!c) return opened(nullptr, too_many_streams());
  impl_->on_store([this, impl = impl_.get(), c, opened] {
    std::vector<std::string> lines;  // a gameStart for each game in play with a seat of the account
    std::vector<std::tuple<GameMeta, Seat, Color>> games;
    try {
      // The rows first: the opponents' accounts and ratings are read after this transaction
      // (a transaction inside a transaction waits for itself).
      impl->store.transact([&](Sql& q) {
        for (const auto& r : q.run("SELECT id, variant, base_ms, inc_ms, rated, white, black, white_account, "
                                   "black_account FROM games WHERE status='active' AND "
                                   "(white_account=? OR black_account=?) ORDER BY created_at",
                                   {c->who.account, c->who.account})) {
          GameMeta meta{sql_text(r.at(0)), parse_variant(sql_text(r.at(1))).value_or(Variant::Normal), std::nullopt,
                        0, sql_int(r.at(4)) != 0};
          if (r.at(2)) meta.clock = ClockSpec{sql_int(r.at(2)), sql_int(r.at(3))};
          const Color me = sql_text(r.at(7)) == c->who.account ? WHITE : BLACK;
          Seat opponent;
          opponent.name = sql_text(r.at(me == WHITE ? 6 : 5));
          opponent.account = sql_text(r.at(me == WHITE ? 8 : 7));
          games.emplace_back(std::move(meta), std::move(opponent), me);
        }
      });
      for (const auto& [meta, opponent, me] : games)
        lines.push_back(stream::write(stream::GameStart{game_info(impl->store, meta.id, meta, opponent, me)}));
    } catch (const std::exception&) {
      close_stream(c);
      return opened(nullptr, http_error(503, "store_unavailable", StoreHealth::kClientMessage));
    }
    {
      std::lock_guard lock(impl->accounts_mutex);
      impl->account_clients.emplace(c->who.account, c);
      impl->event_streams.emplace(c->who.account, c);
    }
    for (std::string& text : lines) c->line(std::move(text));  // queued until the response starts
    impl->lobby->connected(c);
    impl->lobby->tell_challenges(c);
    opened(c, std::nullopt);
  });
}

// ------------------------------------------------------------------------- a game's stream

void Hub::open_game_stream(const std::string& id, const Identity& who, std::weak_ptr<Subscriber> out,
                           StreamOpened opened) {
  auto c = impl_->make_stream(who, std::move(out), false);
  if (!c) return opened(nullptr, too_many_streams());
  impl_->with_room(id, [this, impl = impl_.get(), c, opened](std::shared_ptr<Room> r, const ApiError* e) {
    if (!r) {
      close_stream(c);
      if (e->code == "game_not_found") return opened(nullptr, http_error(404, "no_such_game", e->message));
      return opened(nullptr, error_reply(*e));
    }
    r->post([this, impl, r, c, opened] {
      std::optional<Color> seat;
      for (Color col : {BLACK, WHITE})
        if (r->game.seat(col).account == c->who.account) seat = col;
      if (!seat) {
        close_stream(c);
        return opened(nullptr, http_error(403, "not_your_game", "you hold no seat of game " + r->game.id()));
      }
      impl->on_store([this, impl, r, c, opened, seat = *seat, meta = r->game.meta(),
                      seats = std::array{r->game.seat(WHITE), r->game.seat(BLACK)}] {
        stream::GameFull full{meta.id, {seats[WHITE].name, {}, false}, {seats[BLACK].name, {}, false}, meta.rated,
                              meta.variant, meta.clock, {}};
        try {
          full.white = stream_player(impl->store, seats[WHITE], meta);
          full.black = stream_player(impl->store, seats[BLACK], meta);
        } catch (const std::exception&) {  // the store is down: the players without ratings
        }
        r->post([this, impl, r, c, opened, seat, full]() mutable {
          {
            std::lock_guard lock(impl->accounts_mutex);
            impl->account_clients.emplace(c->who.account, c);
          }
          {
            std::lock_guard lock(c->mutex);
            c->room = r;
          }
          full.state = stream_state(r->game, r->hub.now());
          c->line(stream::write(full));
          opened(c, std::nullopt);
          r->attach_stream(c, seat);
        });
      });
    });
  });
}

void Room::attach_stream(const std::shared_ptr<Hub::Client>& c, Color seat) {
  if (game.status() == Status::Over || game.status() == Status::Aborted) {
    if (auto out = c->out.lock()) out->end("game over");
    return;
  }
  streams.push_back({c.get(), c->out, seat});
  announce_presence();
}

void Room::detach_stream(Hub::Client* c) {
  std::erase_if(streams, [c](const StreamSub& s) { return s.client == c; });
  announce_presence();
}

void Room::stream_event(const Event& event) {
  std::string text;
  if (const auto* chat = std::get_if<ev::Chat>(&event.body)) {
    text = stream::write(stream::ChatLine{chat->line.from, chat->line.text});
  } else if (std::holds_alternative<ev::Decision>(event.body) || std::holds_alternative<ev::Undone>(event.body) ||
             std::holds_alternative<ev::GameOver>(event.body) || std::holds_alternative<ev::Aborted>(event.body) ||
             std::holds_alternative<ev::Started>(event.body) || std::holds_alternative<ev::Vacation>(event.body) ||
             std::holds_alternative<ev::Berserk>(event.body)) {
    text = stream::write(stream_state(game, hub.now()));
  }
  const bool over = game.status() == Status::Over || game.status() == Status::Aborted;
  auto line = std::make_shared<const std::string>(std::move(text));
  std::erase_if(streams, [&](const StreamSub& s) {
    auto out = s.out.lock();
    if (!out) return true;
    if (!line->empty()) out->deliver(line);
    if (over) out->end("game over");
    return over;
  });
}

void Room::stream_presence(const std::array<bool, 2>& present) {
  for (const StreamSub& s : streams)
    if (auto out = s.out.lock())
      out->deliver(std::make_shared<const std::string>(stream::write(stream::OpponentGone{!present[~s.seat]})));
}

void Hub::close_stream(const std::shared_ptr<Client>& client) {
  auto* c = static_cast<StreamClient*>(client.get());
  if (c->closed.exchange(true)) return;
  {
    std::lock_guard lock(impl_->accounts_mutex);
    if (auto it = impl_->token_streams.find(c->token_id); it != impl_->token_streams.end() && --it->second <= 0)
      impl_->token_streams.erase(it);
    for (auto* map : {&impl_->account_clients, &impl_->event_streams}) {
      auto [first, last] = map->equal_range(c->who.account);
      for (auto it = first; it != last; ++it)
        if (it->second.lock() == client) {
          map->erase(it);
          break;
        }
    }
  }
  if (c->events) impl_->lobby->left(c);
  std::lock_guard lock(c->mutex);
  if (auto r = c->room) r->post([r, c] { r->detach_stream(c); });
  c->room.reset();
}

}  // namespace yinsh::server

// Notices (docs/api.md 3.2, `notice`): an account is told on every connection it has open, on
// any server of the site, when it becomes its turn in a correspondence or untimed game (its
// opponent, a person, decided) and when a game of its ends (a result, a timeout found by the deadline sweep, an abort). Only the
// process that stored the event sends them (a room that catches up with another process's
// events does not), so each is sent once; the site (common/site_bus.h, SiteTopic::Notice)
// carries it to every server, this one included, and each writes it to the account's
// connections there (Impl::account_clients). Nothing is stored: a notice is for who is
// connected now (the browser keeps which ones were read; a mail reaches who is not).
#include "server/hub/room.h"

namespace yinsh::server {

namespace {

// How the game ended for `me`: won, lost, drawn or aborted.
std::string outcome_for(const OnlineGame& g, Color me) {
  const auto& r = g.result();
  if (g.status() == Status::Aborted || !r || r->score == "*") return "aborted";
  if (!r->winner) return "drawn";
  return *r->winner == me ? "won" : "lost";
}

}  // namespace

void Room::send_notices(Status was, std::optional<Color> was_to_move) {
  const Status now = game.status();
  const bool ended = was != now && (now == Status::Over || now == Status::Aborted);
  const auto to = game.to_move();
  // A turn is told in games played over hours or days (correspondence, untimed) between
  // people: in a game on the clock the player is at the board, and the AI answers at once.
  const auto& clock = game.meta().clock;
  const bool slow = !clock || clock->correspondence();
  const bool turn = slow && now == Status::Active && was == Status::Active && to && was_to_move &&
                    *to != *was_to_move && game.seat(*was_to_move).kind == SeatKind::Human;
  if (!ended && !turn) return;
  for (Color c : {WHITE, BLACK}) {
    if (turn && c != *to) continue;
    const Seat& s = game.seat(c);
    if (s.kind != SeatKind::Human || s.account.empty()) continue;
    out::Notice n{turn ? "your_turn" : "game_over", game.id(), c, game.seat(~c).name, "", "", hub.now()};
    if (ended) {
      n.outcome = outcome_for(game, c);
      if (game.result()) n.reason = game.result()->reason;
    }
    hub.send_notice(s.account, n);
  }
}

void Hub::Impl::send_notice(const std::string& account, const out::Notice& n) {
  site().send(SiteTopic::Notice, "", {{"account", account}, {"notice", json::parse(write_server_message(n))}});
}

void Hub::Impl::deliver_notice(const json& body) {
  if (!body.is_object() || !body.contains("account") || !body["account"].is_string() || !body.contains("notice"))
    return;
  std::optional<out::Notice> n;
  try {
    n = out::Notice::read(Fields(body["notice"]));
  } catch (const SchemaError&) {
    return;  // from a server that words it otherwise: nothing to tell
  }
  std::vector<std::shared_ptr<Hub::Client>> clients;
  {
    std::lock_guard lock(accounts_mutex);
    auto [first, last] = account_clients.equal_range(body["account"].get<std::string>());
    for (auto it = first; it != last; ++it)
      if (auto c = it->second.lock(); c && !c->revoked) clients.push_back(std::move(c));
  }
  for (const auto& c : clients) c->send(*n);
}

}  // namespace yinsh::server

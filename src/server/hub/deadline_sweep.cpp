// The deadline sweep: correspondence games end on time with nobody connected, after a restart,
// and with several servers on one database.
//
// Every HubOptions::deadline_check_ms the store is asked (on the store pool) for the active
// games whose stored deadline (games.deadline, written with every append) has passed by the
// hub's clock. Each is loaded into its room if it is not in memory, and the room judges its
// own clock on its strand: OnlineGame::timeout gives the loss on time (or the abort of a game
// its player to move never played), stored like any other event. Several servers may find the
// same game: each appends the timeout as the game's next version, the version's primary key
// lets exactly one commit (the others get a conflict, catch up and find the game over), and
// a rated result's ratings are written in that one commit. Before it judges the clock, the
// room reads its accounts' vacations (Room::follow_vacations): a vacation the game was not
// given pauses it instead.
#include "server/hub/room.h"

namespace yinsh::server {

namespace {
constexpr int kDueBatch = 500;  // games ended per sweep at most; the rest come next time
}

void Room::end_if_due() {
  auto due = [this] {
    const auto d = game.status() == Status::Active ? game.deadline() : std::nullopt;
    return d && hub.now() >= *d;
  };
  if (!due()) return;
  // A vacation of the player to move that the game was not given (its server stopped between
  // the row and the event) moves the deadline instead (vacation.cpp).
  follow_vacations([this, due] {
    if (due()) run([this] { return game.timeout(hub.now()); });
  });
}

void Hub::Impl::check_deadlines() {
  if (stopped) return;
  if (!checking_deadlines.exchange(true)) {
    on_store([this] {
      std::vector<std::string> due;
      try {
        due = store.due_games(now(), kDueBatch);
        health.succeeded(StoreHealth::Op::Read);
      } catch (const StoreUnavailable& e) {
        health.failed(StoreHealth::Op::Read, "looking for games past their deadline", e.what());
      }
      if (!due.empty() && options.debug)
        options.debug("deadline sweep: " + std::to_string(due.size()) + " games past their deadline");
      for (const auto& id : due)
        with_room(id, [](std::shared_ptr<Room> r, const ApiError*) {
          if (r) r->post([r] { r->end_if_due(); });  // on the strand, once idle
        });
      checking_deadlines = false;
    });
  }
  deadline_timer.expires_after(std::chrono::milliseconds(std::max<int64_t>(1, options.deadline_check_ms)));
  deadline_timer.async_wait([this](boost::system::error_code ec) {
    if (!ec) check_deadlines();
  });
}

}  // namespace yinsh::server

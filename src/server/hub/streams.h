// The bot and board API's streams inside the hub (hub.h; streams.cpp, bot_play.cpp; docs/api.md
// 2.5). A stream is a connection of the hub like a WebSocket's: it is counted as one of its
// account's connections (so revoking the token or closing the account ends it:
// revocation.cpp), and the event stream is also the account's connection in the lobby, which
// tells it of challenges and answers its challenge commands. A game stream follows one room
// (Room::streams), which writes it a state line on every change.
#pragma once

#include <array>
#include <map>
#include <mutex>
#include <optional>
#include <set>

#include "server/hub/room.h"
#include "server/wire/stream_lines.h"

namespace yinsh::server {

struct StreamClient : Hub::Client {
  bool events = false;   // the event stream; else a game's
  std::string token_id;  // its token, whose open streams are capped
  std::atomic<bool> closed = false;  // Hub::close_stream ran
  // Challenge commands sent through this stream's lobby connection, by their id, waiting for
  // the lobby's answer (bot_play.cpp).
  std::mutex pending_mutex;
  std::map<std::string, HttpDone> pending;

  void send(const PrivateMessage& m) override;  // a challenge to the account; an answer to a command
  void challenge_made(const json& challenge, const json& id) override;
  void command_done(const json& id) override;
  void challenge_gone(const std::string& challenge, bool declined) override;
  void line(std::string text) { send_text(std::move(text)); }
  // The command `id` is answered: its waiting reply, if any (taken out).
  HttpDone take_pending(const json& id);
};

// A game's state as the streams show it, at `now`.
stream::GameState stream_state(const OnlineGame& g, int64_t now);
// A seat's holder as the streams show it: with the account's rating in the game's category and
// whether it is a bot (read from the store: on the store pool only).
stream::Player stream_player(Store& store, const Seat& seat, const GameMeta& meta);
// The game from `seat`'s side, its opponent read from the store (on the store pool only).
stream::GameInfo game_info(Store& store, const std::string& id, const GameMeta& meta, const Seat& opponent, Color seat);

// A game of accounts started or ended, as the site carries it to every server
// (SiteTopic::AccountGame; game_announcements.cpp): each writes the line to the accounts'
// event streams open there.
struct GameAnnounced {
  GameMeta meta;              // id, variant, clock, rated
  std::array<Seat, 2> seats;  // names and accounts only (never a seat's token)
  std::string result;         // "" when it started; else white, black, draw or aborted
  json to_json() const;
  static std::optional<GameAnnounced> read(const json& j);  // nullopt: not one
};

}  // namespace yinsh::server

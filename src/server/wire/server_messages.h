// Server messages: what the server sends over the WebSocket (docs/api.md 3.2): the private
// replies (snapshot, seat, error, pong, info), presence, and the frames of broadcast events.
// One C++ type per message type, each with its one reader and one writer. The <Game> and
// <State> shapes inside are written by OnlineGame (online_game.h) and carried here as JSON.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "server/wire/events.h"
#include "server/common/schema_table.h"
#include "server/wire/seek_messages.h"
#include "server/common/shapes.h"

namespace yinsh::server {
namespace out {

struct Snapshot {
  static constexpr std::string_view type = "snapshot";
  int64_t version = 0;
  json game;  // <Game>
  std::array<bool, 2> presence{};
  std::optional<Color> role;  // nullopt: spectator
  std::optional<std::string> name;
  json id;
  static Snapshot read(const Fields& f);
  void write(json& j) const;
};
struct Presence {
  static constexpr std::string_view type = "presence";
  int64_t version = 0;
  std::string game;
  std::array<bool, 2> present{};
  static Presence read(const Fields& f);
  void write(json& j) const;
};
struct Seat {
  static constexpr std::string_view type = "seat";
  int64_t version = 0;
  std::string game;
  Color seat = WHITE;
  std::string token;
  json id;
  static Seat read(const Fields& f);
  void write(json& j) const;
};
struct Error {
  static constexpr std::string_view type = "error";
  int64_t version = 0;
  std::string code, message;
  json id;
  json params = json::object();  // written when not empty (ApiError::params)
  static Error read(const Fields& f);
  void write(json& j) const;
};
struct Pong {
  static constexpr std::string_view type = "pong";
  int64_t version = 0;
  int64_t server_time_ms = 0;
  json id;
  static Pong read(const Fields& f);
  void write(json& j) const;
};
struct Info {
  static constexpr std::string_view type = "info";
  int64_t version = 0;
  std::string text;
  std::string code;  // what the text says, for clients that word it themselves; "" for none
  json params = json::object();
  static Info read(const Fields& f);
  void write(json& j) const;
};

// The rating changes of a rated game: to everyone following it right after its game_over,
// and after the snapshot of a finished rated game. A side is absent for the AI.
struct Ratings {
  static constexpr std::string_view type = "ratings";
  int64_t version = 0;
  std::string game;
  json white, black;  // {"before", "after", "diff", "provisional"} or null
  static Ratings read(const Fields& f);
  void write(json& j) const;
};

// A notice to an account (docs/api.md 3.2 "Notices"), on every connection it has open on any
// server of the site: it became its turn in a game (the opponent decided), or a game of its
// ended. `outcome` and `reason` for game_over only: won, lost, drawn or aborted, and the
// result's reason (rings, markers, timeout, resign, ...).
struct Notice {
  static constexpr std::string_view type = "notice";
  // your_turn, game_over, tournament_game (an arena paired the account), tournament_starting
  // (an arena the account joined has begun: `game` "", `color` white, `opponent` ""),
  // challenge_accepted (a challenge the account sent while the other was away was accepted:
  // `game` the new game, `color` the account's seat, `opponent` who accepted) or
  // challenge_declined (`game` "", `color` white, `opponent` who declined)
  std::string kind;
  std::string game;
  Color color = WHITE;   // the account's seat in it
  std::string opponent;  // the other seat's name ("" when none)
  std::string outcome, reason;
  int64_t at = 0;  // ms since the epoch, the hub's clock
  std::string tournament = {};  // tournament_game: the arena's id
  static Notice read(const Fields& f);
  void write(json& j) const;
};

}  // namespace out

using PrivateMessage = std::variant<out::Snapshot, out::Presence, out::Seat, out::Error, out::Pong, out::Info,
                                    out::Lobby, out::Matched, out::Ratings, out::Challenged, out::Notice>;
using PrivateTable = SchemaTable<PrivateMessage>;

// A broadcast event: the event as everyone sees it (no token), its game and the state after it.
struct EventFrame {
  Event event;
  std::string game;
  json state;  // <State>
};

using ServerMessage = std::variant<PrivateMessage, EventFrame>;

std::string write_server_message(const PrivateMessage& m);
// An event frame, with the state already written as JSON text (OnlineGame::state_text).
std::string write_event_frame(const Event& e, std::string_view game, std::string_view state_text);
// Reads any server message (tests and clients); throws SchemaError.
ServerMessage read_server_message(const json& j);
// The type names of every server message (private ones and events), for tests and docs.
std::vector<std::string_view> server_message_types();

}  // namespace yinsh::server

// Events: what happened to a game, stored in its log and broadcast (docs/api.md 3.3). The log
// of a game's events *is* the game (online_game.h). One C++ type per event type, each with its
// one reader (`read`) and one writer (`write`); the stored body is
// {"type": ..., "at": ..., fields...} (the version is the log's key, not in the body).
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "server/common/schema_table.h"
#include "server/common/shapes.h"

namespace yinsh::server {
namespace ev {

struct Joined {
  static constexpr std::string_view type = "joined";
  Color seat = WHITE;
  std::string name;
  SeatKind kind = SeatKind::Human;
  int level = 0;      // ai only
  std::string token;  // secret: stored, never broadcast
  std::string account;  // the holder's account id; absent for guests and the AI
  bool bot = false;     // the account is a bot's; absent when false
  static Joined read(const Fields& f);
  void write(json& j) const;
};
struct Ready {
  static constexpr std::string_view type = "ready";
  Color seat = WHITE;
  static Ready read(const Fields& f);
  void write(json& j) const;
};
struct Started {
  static constexpr std::string_view type = "started";
  static Started read(const Fields&) { return {}; }
  void write(json&) const {}
};
struct Decision {
  static constexpr std::string_view type = "decision";
  int ply = 0;  // its number, 1-based
  Color by = WHITE;
  std::string decision;
  int64_t white_ms = 0, black_ms = 0;  // clocks right after it (0 when untimed)
  static Decision read(const Fields& f);
  void write(json& j) const;
};
struct UndoRequested {
  static constexpr std::string_view type = "undo_requested";
  Color by = WHITE;
  static UndoRequested read(const Fields& f);
  void write(json& j) const;
};
struct UndoDeclined {
  static constexpr std::string_view type = "undo_declined";
  Color by = WHITE;
  static UndoDeclined read(const Fields& f);
  void write(json& j) const;
};
struct Undone {
  static constexpr std::string_view type = "undone";
  Color by = WHITE;
  int ply = 0;                         // decisions kept
  int64_t white_ms = 0, black_ms = 0;  // the clocks from then on
  static Undone read(const Fields& f);
  void write(json& j) const;
};
// A correspondence player's vacation (docs/api.md "Vacation"): from `from` to `until` the
// clock of `seat` does not run. Begun (from = the event's time) or ended early (until = the
// event's time, from as it began); the clocks are set anew, the time left of the running one
// counted up to the event, the vacation's unused time added to (or, when it ends early, taken
// from) the seat's clock when it is the seat to move.
struct Vacation {
  static constexpr std::string_view type = "vacation";
  Color seat = WHITE;
  int64_t from = 0, until = 0;  // ms since the epoch
  int64_t white_ms = 0, black_ms = 0;  // the clocks from then on
  static Vacation read(const Fields& f);
  void write(json& j) const;
};
// An arena player's berserk (docs/tournaments.md): before their first decision, `seat` halves
// its own clock and plays the game without increment; the clocks from then on.
struct Berserk {
  static constexpr std::string_view type = "berserk";
  Color seat = WHITE;
  int64_t white_ms = 0, black_ms = 0;
  static Berserk read(const Fields& f);
  void write(json& j) const;
};
struct Chat {
  static constexpr std::string_view type = "chat";
  ChatLine line;
  static Chat read(const Fields& f);
  void write(json& j) const;
};
// A chat line removed by its author or a moderator (the chat event stays in the log; views
// show the line as removed, without its text).
struct ChatDeleted {
  static constexpr std::string_view type = "chat_deleted";
  int64_t line = 0;  // the line's id: the version of its chat event
  std::string by;    // "author" or "moderator"
  std::string name;  // who removed it
  static ChatDeleted read(const Fields& f);
  void write(json& j) const;
};
struct GameOver {
  static constexpr std::string_view type = "game_over";
  GameResult result;
  int64_t white_ms = 0, black_ms = 0;
  static GameOver read(const Fields& f);
  void write(json& j) const;
};
struct Aborted {
  static constexpr std::string_view type = "aborted";
  Color by = WHITE;  // who aborted; for an expired waiting game, the seat of its creator
  std::string reason;  // "" (written as nothing): aborted by a player; "expired": nobody joined in time
  static Aborted read(const Fields& f);
  void write(json& j) const;
};
struct RematchOffered {
  static constexpr std::string_view type = "rematch_offered";
  Color by = WHITE;
  static RematchOffered read(const Fields& f);
  void write(json& j) const;
};
struct Rematch {
  static constexpr std::string_view type = "rematch";
  std::string new_game;
  static Rematch read(const Fields& f);
  void write(json& j) const;
};

}  // namespace ev

using EventBody = std::variant<ev::Joined, ev::Ready, ev::Started, ev::Decision, ev::UndoRequested,
                               ev::UndoDeclined, ev::Undone, ev::Chat, ev::GameOver, ev::Aborted,
                               ev::RematchOffered, ev::Rematch, ev::ChatDeleted, ev::Vacation,
                               ev::Berserk>;
using EventTable = SchemaTable<EventBody>;

struct Event {
  int64_t version = 0;  // its place in the game's log (1, 2, ...)
  int64_t at = 0;       // when it happened (epoch ms)
  EventBody body;
  std::string_view type() const { return EventTable::name_of(body); }
};

// The event's JSON: {"type", "at", fields...}. `secrets`: with the seat token (the stored
// body); without it for everyone else. The version is not included.
json write_event(const Event& e, bool secrets = true);
// Reads a stored body (or a broadcast frame: its extra members are ignored); throws
// SchemaError when it does not have the shape of its type.
Event read_event(const json& body, int64_t version);
// The stored text of an event (write_event with secrets), and back (SchemaError when the text
// is not JSON or not an event).
std::string event_body(const Event& e);
Event parse_event_body(std::string_view body, int64_t version);

}  // namespace yinsh::server

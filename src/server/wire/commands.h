// Commands: the WebSocket messages a client sends (docs/api.md 3.1). One C++ type per message
// type, each with its one reader (`read`, which checks every field) and one writer (`write`).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "server/common/schema_table.h"
#include "server/wire/seek_messages.h"
#include "server/common/shapes.h"

namespace yinsh::server {

// Limits in characters (docs/api.md).
constexpr size_t kMaxNameChars = 32;
constexpr size_t kMaxChatChars = 500;
constexpr size_t kMaxIdChars = 64;

namespace cmd {

// A message with no fields.
template <const char* Name>
struct Bare {
  static constexpr std::string_view type = Name;
  static Bare read(const Fields&) { return {}; }
  void write(json&) const {}
};
inline constexpr char kStart[] = "start", kResign[] = "resign", kAbort[] = "abort", kUndo[] = "undo",
                      kUndoAccept[] = "undo_accept", kUndoDecline[] = "undo_decline", kRematch[] = "rematch",
                      kSnapshot[] = "snapshot", kPing[] = "ping";
using Start = Bare<kStart>;
using Resign = Bare<kResign>;
using Abort = Bare<kAbort>;
using Undo = Bare<kUndo>;
using UndoAccept = Bare<kUndoAccept>;
using UndoDecline = Bare<kUndoDecline>;
using Rematch = Bare<kRematch>;
using Snapshot = Bare<kSnapshot>;
using Ping = Bare<kPing>;

struct Hello {
  static constexpr std::string_view type = "hello";
  std::string game;
  std::optional<std::string> token, name;
  static Hello read(const Fields& f);
  void write(json& j) const;
};
struct Join {
  static constexpr std::string_view type = "join";
  std::optional<std::string> name;
  std::optional<Color> color;
  static Join read(const Fields& f);
  void write(json& j) const;
};
struct Move {
  static constexpr std::string_view type = "move";
  std::string decision;
  std::optional<int64_t> ply;
  static Move read(const Fields& f);
  void write(json& j) const;
};
struct Chat {
  static constexpr std::string_view type = "chat";
  std::string text;
  static Chat read(const Fields& f);
  void write(json& j) const;
};

// Removes a chat line of the game: one's own (by seat or account), or any for a moderator.
struct ChatDelete {
  static constexpr std::string_view type = "chat_delete";
  int64_t line = 0;  // the line's id (ChatLine::id)
  static ChatDelete read(const Fields& f);
  void write(json& j) const;
};

}  // namespace cmd

using Command = std::variant<cmd::Hello, cmd::Join, cmd::Start, cmd::Move, cmd::Resign, cmd::Abort, cmd::Undo,
                             cmd::UndoAccept, cmd::UndoDecline, cmd::Rematch, cmd::Chat, cmd::Snapshot, cmd::Ping,
                             cmd::Claim, cmd::Lobby, cmd::Seek, cmd::SeekCancel, cmd::SeekAccept, cmd::Pair,
                             cmd::PairCancel, cmd::Challenge, cmd::ChallengeAccept, cmd::ChallengeDecline,
                             cmd::ChallengeCancel, cmd::ChatDelete>;
// The commands the lobby handles (lobby/lobby.h) rather than a game's room.
bool is_lobby_command(const Command& c);
using CommandTable = SchemaTable<Command>;

// The id a reply echoes: a string (at most kMaxIdChars characters) or a number; anything else
// is not echoed (null).
json echo_id(const json& message);

struct ClientMessage {
  Command command;
  json id;  // echo_id() of the message
};

// What read_client_message() found: the message, or the error to answer (with the id to echo,
// when the message had a usable one).
struct ClientRead {
  std::optional<ClientMessage> message;
  ApiError error;  // bad_json, bad_request or unknown_type
  json id;
};
ClientRead read_client_message(std::string_view text);
json write_client_message(const ClientMessage& m);

}  // namespace yinsh::server

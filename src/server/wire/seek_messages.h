// The lobby's WebSocket messages (docs/api.md 3.4): the commands a client sends to find an
// opponent (follow the lobby, seeks, quick pairing, direct challenges) or to claim a game its
// opponent abandoned, and the three messages the server answers with (the lobby as one
// recipient sees it, a match made, and a challenge to an account on any of its connections). One C++ type per message type, each with its one
// reader and one writer; they join the families of commands.h and server_messages.h.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "server/common/shapes.h"

namespace yinsh::server {
namespace cmd {

struct Lobby {  // follow the lobby: a `lobby` message now and after changes (lobby.h)
  static constexpr std::string_view type = "lobby";
  std::optional<std::string> name;
  static Lobby read(const Fields& f);
  void write(json& j) const;
};
struct Seek {
  static constexpr std::string_view type = "seek";
  GameKind kind;
  bool rated = false;
  std::optional<RatingRange> range;
  static Seek read(const Fields& f);
  void write(json& j) const;
};
// A message naming one seek or challenge by its id.
template <const char* Name, const char* Field>
struct ById {
  static constexpr std::string_view type = Name;
  std::string target;
  static ById read(const Fields& f) { return {f.str(Field, 32)}; }
  void write(json& j) const { j[Field] = target; }
};
inline constexpr char kSeekCancel[] = "seek_cancel", kSeekAccept[] = "seek_accept",
                      kChallengeAccept[] = "challenge_accept", kChallengeDecline[] = "challenge_decline",
                      kChallengeCancel[] = "challenge_cancel", kSeekField[] = "seek", kChallengeField[] = "challenge";
using SeekCancel = ById<kSeekCancel, kSeekField>;
using SeekAccept = ById<kSeekAccept, kSeekField>;
using ChallengeAccept = ById<kChallengeAccept, kChallengeField>;
using ChallengeDecline = ById<kChallengeDecline, kChallengeField>;
using ChallengeCancel = ById<kChallengeCancel, kChallengeField>;
struct Pair {  // quick pairing: wait for the closest-rated player asking for the same game
  static constexpr std::string_view type = "pair";
  GameKind kind;
  bool rated = false;  // meet only players asking for a rated game too (accounts only)
  static Pair read(const Fields& f);
  void write(json& j) const;
};
struct PairCancel {
  static constexpr std::string_view type = "pair_cancel";
  static PairCancel read(const Fields&) { return {}; }
  void write(json&) const {}
};
struct Challenge {  // a direct challenge to a player by name
  static constexpr std::string_view type = "challenge";
  std::string to;
  GameKind kind;
  bool rated = false;
  std::optional<Color> color;  // the challenger's seat; nullopt ("random"): drawn when accepted
  static Challenge read(const Fields& f);
  void write(json& j) const;
};
struct Claim {  // the opponent left a timed game: end it as a win or a draw
  static constexpr std::string_view type = "claim";
  bool draw = false;
  static Claim read(const Fields& f);
  void write(json& j) const;
};

// A challenger's `color`: "white", "black", or "random" or absent (nullopt); anything else
// fails (SchemaError) with what it may be.
std::optional<Color> read_challenge_color(const Fields& f);
std::string challenge_color_name(const std::optional<Color>& c);  // white, black or random

}  // namespace cmd

namespace out {

struct Lobby {  // the lobby as one recipient sees it (its own seeks and challenges marked)
  static constexpr std::string_view type = "lobby";
  json seeks = json::array();       // [<Seek>]
  json challenges = json::array();  // [<Challenge>]
  json pairing;                     // null, or {"variant", "clock", "since"}: this client waits for a pairing
  int players = 0;                  // connections following the lobby
  static Lobby read(const Fields& f);
  void write(json& j) const;
};
struct Matched {  // a game was made for this client: its seat and token
  static constexpr std::string_view type = "matched";
  std::string game;
  Color seat = WHITE;
  std::string token;
  std::string via;  // seek, pair or challenge
  std::string opponent;
  static Matched read(const Fields& f);
  void write(json& j) const;
};

struct Challenged {  // a direct challenge to this account, on each of its connections not following the lobby
  static constexpr std::string_view type = "challenged";
  json challenge;  // <Challenge>, as in the lobby view
  static Challenged read(const Fields& f);
  void write(json& j) const;
};

}  // namespace out
}  // namespace yinsh::server

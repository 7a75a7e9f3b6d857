// The lines of the bot and board API's NDJSON streams (docs/api.md 2.5): the event stream
// (games starting and finishing, challenges) and a game's stream (the whole game, then its
// state after each change). One type per line and its writer; each is written as one JSON
// object without the newline (the stream adds it). Plain data: the hub fills them in.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/types.h"
#include "server/common/shapes.h"

namespace yinsh::server::stream {

struct Player {
  std::string name;
  std::optional<int> rating;  // nullopt: a guest, the AI, or not known
  bool bot = false;
};

// A game as the event stream names it, from one seat's side.
struct GameInfo {
  std::string id;
  Color color = WHITE;  // the seat's
  Player opponent;
  bool rated = false;
  Variant variant = Variant::Normal;
  std::optional<ClockSpec> clock;
};

struct ChallengeInfo {
  std::string id;
  Player challenger;
  std::string dest;  // the challenged player's name
  bool rated = false;
  Variant variant = Variant::Normal;
  std::string color = "random";  // the challenger's: white, black or random
  std::optional<ClockSpec> clock;
};

// {"type":"gameStart","game":{...}}
struct GameStart {
  GameInfo game;
};
// {"type":"gameFinish","game":{..., "result": white | black | draw | aborted}}
struct GameFinish {
  GameInfo game;
  std::string result;
};
// {"type":"challenge","challenge":{...}}
struct ChallengeLine {
  ChallengeInfo challenge;
};
// {"type":"challengeCanceled","challenge":{"id"}} and {"type":"challengeDeclined",...}
struct ChallengeCanceled {
  std::string id;
};
struct ChallengeDeclined {
  std::string id;
};

// {"type":"gameState", ...}: the state of a game at one instant.
struct GameState {
  std::string moves;  // every decision from the start, SPEC notation, space separated
  int ply = 0;
  int64_t wtime = 0, btime = 0, winc = 0, binc = 0;  // all 0 for an untimed game
  Color to_move = WHITE;
  std::string status = "started";  // started, over, aborted
  std::optional<std::string> winner;  // white, black, draw; nullopt while not over
};
// {"type":"gameFull", ...}: the first line of a game's stream.
struct GameFull {
  std::string id;
  Player white, black;
  bool rated = false;
  Variant variant = Variant::Normal;
  std::optional<ClockSpec> clock;
  GameState state;
};
// {"type":"chatLine","username","text"}
struct ChatLine {
  std::string username, text;
};
// {"type":"opponentGone","gone":bool}
struct OpponentGone {
  bool gone = false;
};

std::string write(const GameStart& m);
std::string write(const GameFinish& m);
std::string write(const ChallengeLine& m);
std::string write(const ChallengeCanceled& m);
std::string write(const ChallengeDeclined& m);
std::string write(const GameState& m);
std::string write(const GameFull& m);
std::string write(const ChatLine& m);
std::string write(const OpponentGone& m);

}  // namespace yinsh::server::stream

// What the arenas need of the server around them: games made between two accounts and begun
// at once, notices to accounts, a berserk applied by the game's room, the site's clock and this
// server's id. server.cpp implements it over the hub, so tournaments/ stays below hub/ and
// reaches games only through this face.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "server/common/http_api.h"
#include "server/common/identity.h"
#include "server/game/online_game.h"
#include "server/wire/server_messages.h"

namespace yinsh::server {

struct PairedSeat {
  std::string account, name;
};

class TournamentHost {
 public:
  virtual ~TournamentHost() = default;
  virtual int64_t now() const = 0;  // the hub's clock (common/clock.h), ms since the epoch
  // The id this server has on the site (the pairing lease's owner).
  virtual std::string server_id() const = 0;
  // Makes the game `meta` between the two accounts, both seated and the game begun, and stores
  // it; `done` runs once, on any thread, with its id, or with "" and why it could not be made.
  using Created = std::function<void(const std::string& id, const ApiError* error)>;
  virtual void start_paired_game(GameMeta meta, PairedSeat white, PairedSeat black, Created done) = 0;
  // Tells the account on every connection it has open, on any server of the site.
  virtual void notify(const std::string& account, const out::Notice& notice) = 0;
  // `who` berserks in game `game` (OnlineGame::berserk): 200 {"ok": true} or the refusal.
  virtual void berserk(const std::string& game, const Identity& who, HttpDone done) = 0;
};

}  // namespace yinsh::server

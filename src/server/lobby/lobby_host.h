// What the lobby's service (lobby.h) needs of the server around it, and of a connection: the
// hub implements both (Hub::Impl is a LobbyHost, Hub::Client a LobbyClient). Through them the
// lobby makes games and reaches players without knowing rooms or the hub, so lobby/ stays
// below hub/.
#pragma once

#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "server/common/identity.h"
#include "server/common/shapes.h"
#include "server/common/site_bus.h"
#include "server/game/online_game.h"
#include "server/lobby/seek_options.h"
#include "server/wire/server_messages.h"

namespace boost::asio {
class io_context;
}

namespace yinsh::server {

class Store;

// One WebSocket connection, as the lobby sees it.
struct LobbyClient {
  virtual ~LobbyClient() = default;
  // Thread-safe; queues the message on the connection. Never blocks.
  virtual void send(const PrivateMessage& m) = 0;
  // What a WebSocket reads from its lobby views, for a connection that needs it told apart
  // (the bot API's event stream, hub/streams.h); by default nothing: a challenge this
  // connection sent was made (the command `id`), a command of it (`id`) was done, a challenge to
  // it was withdrawn, one it sent was declined.
  virtual void challenge_made(const json& challenge, const json& id) { (void)challenge, (void)id; }
  virtual void command_done(const json& id) { (void)id; }
  virtual void challenge_gone(const std::string& challenge, bool declined) { (void)challenge, (void)declined; }

  std::mutex mutex;     // guards `name`, who.muted, who.role and who.bot (and the hub's own state of the connection)
  std::string name;     // the name it gave (a guest's; an account's is who.name)
  std::string key;      // who, for the lobby: "c:<random>" per connection (a guest); seek_book.h
  std::string address;  // the client's address
  // The account of the connection (a guest: empty). Its account, name and session never
  // change; its mute, role and bot mark follow the account's (Hub::account_changed): read them
  // through identity().
  Identity who;
  Identity identity() {
    std::lock_guard lock(mutex);
    return who;
  }
};

class LobbyHost {
 public:
  virtual ~LobbyHost() = default;
  virtual boost::asio::io_context& io() = 0;  // the lobby's clock runs on it
  virtual const SeekOptions& seek_options() const = 0;
  virtual int64_t now() const = 0;  // the hub's clock (common/clock.h), ms since the epoch
  // Whether the game `id` is held here and still waits for an opponent.
  virtual bool game_waiting(const std::string& id) = 0;
  // Runs `work` on the store pool (blocking store calls: never on an I/O thread).
  virtual void post_store_work(std::function<void()> work) = 0;
  virtual Store& game_store() = 0;
  // A guest's name as it is shown: `typed`, or "Guest" when it would pass for an account's or
  // the computer's (guest_name_refusal, accounts_store.h). Asked on the store pool; `then` runs
  // there. Every way a guest names itself (hello, join, lobby) goes through it.
  virtual void settle_guest_name(std::string typed, std::function<void(std::string name)> then) = 0;
  // Creates a game with its first events and stores it (on the store pool); `done` runs there
  // with the game's id, or with "" and why it could not be made.
  using Steps = std::vector<std::function<Outcome(const OnlineGame&)>>;
  using Created = std::function<void(const std::string& id, const ApiError* error)>;
  virtual void create_game(GameMeta meta, Steps steps, Created done) = 0;
  // Tells the account `account` on every connection it has open, on any server of the site.
  virtual void send_notice(const std::string& account, const out::Notice& n) = 0;
  // The site this server belongs to (site_bus.h): this process alone, or every server on the
  // same PostgreSQL database.
  virtual SiteBus& site() = 0;
};

}  // namespace yinsh::server

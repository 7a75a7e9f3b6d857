// Lobby: the hub's side of finding an opponent (hub.cpp and seek_hub.cpp only). It holds the
// seeks, the quick-pairing pool and the direct challenges (plain data: seek_book.h,
// seek_pairing.h, seek_challenges.h), the connections that follow the lobby, and the
// per-address limits on creating games (seek_limits.h). Every change is published to each
// follower as its own `lobby` message; a match creates a started game with both seats taken
// and sends each player a `matched` message with its seat's token.
//
// Seekers are identified by Seeker::key: the connection's key today (Hub::Client::key: a
// guest); seeker_of() is where accounts plug in (key "a:<id>" and the account's rating).
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "commands.h"
#include "hub.h"
#include "seek_book.h"
#include "seek_challenges.h"
#include "seek_limits.h"
#include "seek_pairing.h"

namespace yinsh::server {

class Lobby {
 public:
  explicit Lobby(Hub::Impl& hub);

  // Before a game is created for `address`: the creation rate, and for a game that will wait
  // for an opponent the cap of open seeks and waiting games. nullopt when allowed.
  std::optional<ApiError> admit_game(const std::string& address, bool waiting);
  // A waiting game was created for `address` (it counts until it starts or ends).
  void opened(const std::string& address, const std::string& game);
  // A lobby command (is_lobby_command()) of a connection.
  void handle(const std::shared_ptr<Hub::Client>& c, const ClientMessage& msg);
  // The connection closed: its seeks, pairing request and challenges go.
  void left(Hub::Client* c);
  // Starts the lobby's clock (expiry of seeks, widening of pairing ranges): once a second.
  void start();
  void stop();

 private:
  struct Member {
    std::weak_ptr<Hub::Client> client;
    Seeker seeker;
    bool following = false;
  };
  Seeker seeker_of(const Hub::Client& c) const;
  std::optional<ApiError> take_creation(const std::string& address);  // under mutex_: the rate limit
  void tick();
  void pair_now(int64_t now);  // under mutex_
  void publish();              // under mutex_: each follower's view
  out::Lobby view_of(const Seeker& s) const;
  std::shared_ptr<Hub::Client> client_of(const std::string& key) const;
  int waiting_games(const std::string& address);
  // Creates the started game of a match and tells both players (off the lock).
  void make_game(Seeker a, Seeker b, GameKind kind, std::string via);

  Hub::Impl& hub_;
  boost::asio::steady_timer timer_;
  mutable std::mutex mutex_;
  SeekBook seeks_;
  PairingPool pairing_;
  ChallengeBook challenges_;
  CreationLimiter limiter_;
  OpenGames open_games_;
  std::map<std::string, Member> members_;  // by Seeker::key
  int64_t next_id_ = 1;
  bool stopped_ = false;
};

}  // namespace yinsh::server

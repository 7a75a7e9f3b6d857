// Lobby: the service of finding an opponent, on the hub (lobby_host.h). It holds the
// seeks, the quick-pairing pool and the direct challenges (plain data: seek_book.h,
// seek_pairing.h, seek_challenges.h), the connections that follow the lobby, and the
// per-address limits on creating games (seek_limits.h). Every change is published to each
// follower as its own `lobby` message: at once to the connection whose command made it, and to
// the others at most once per kViewInterval (a burst of changes is one view, sent when the
// interval ends, showing them all); a match creates a started game with both seats taken and
// sends each player a `matched` message with its seat's token.
//
// Seekers are identified by Seeker::key (seek_book.h): a guest's connection key, or "a:<id>"
// for an account, whichever connection it uses: its seeks, caps and challenges are the
// account's, shown with its rating in the category of the game (seek_ratings.h). What a
// connection made (seeks, a pairing request, challenges sent) goes when it closes. An
// account's lobby commands wait while its ratings are read from the store (read_ratings(),
// on each connection's first lobby command).
// Games made from rated seeks, pairings and challenges are created rated, so their result
// moves the ratings in the transaction that stores it (ratings_store.h).
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>

#include "server/wire/commands.h"
#include "server/wire/seek_messages.h"
#include "server/lobby/lobby_host.h"
#include "server/lobby/seek_book.h"
#include "server/lobby/seek_challenges.h"
#include "server/lobby/seek_limits.h"
#include "server/lobby/seek_pairing.h"
#include "server/lobby/seek_ratings.h"

namespace yinsh::server {

// The seeker's key of a pairing request's row key (lobby_site_pairing.cpp); nullopt: not one.
std::optional<std::string> pair_row_seeker(const std::string& row_key);

class Lobby {
 public:
  // The shortest time between two lobby views sent to a follower that made no change itself.
  static constexpr std::chrono::milliseconds kViewInterval{200};

  explicit Lobby(LobbyHost& host);

  // Before a game is created for `address` (and `account`, "" for a guest): the creation
  // rate, and for a game that will wait for an opponent the cap of open seeks and waiting
  // games, per address and per account. nullopt when allowed.
  std::optional<ApiError> admit_game(const std::string& address, bool waiting, const std::string& account = {});
  // A waiting game was created for `address` and `account` (it counts until it starts or ends).
  void opened(const std::string& address, const std::string& game, const std::string& account = {});
  // An account's connection opened: it is told of challenges to the account wherever it is.
  // Its first lobby command reads the account's ratings from the store (read_ratings).
  void connected(const std::shared_ptr<LobbyClient>& c);
  // Sends `c` a `challenged` message for each challenge waiting for its account (the bot
  // API's event stream, when it opens).
  void tell_challenges(const std::shared_ptr<LobbyClient>& c);
  // A rated game's result was stored (RatedGame::change filled): the lobby's ratings move.
  void rated(const RatedGame& g);
  // A lobby command (is_lobby_command()) of a connection.
  void handle(const std::shared_ptr<LobbyClient>& c, const ClientMessage& msg);
  // The connection closed: its seeks, pairing request and challenges go.
  void left(LobbyClient* c);
  // Starts the lobby's clock (expiry of seeks, widening of pairing ranges): once a second; and
  // with a shared site, follows the other servers' seeks and matches (lobby_site.cpp).
  void start();
  void stop();

 private:
  struct Member {  // a connection that sent a lobby command
    std::weak_ptr<LobbyClient> client;
    Seeker seeker;  // its key, address and name (the rating is per game kind: seeker_of)
    bool following = false;
    uint64_t shown = 0;  // the lobby's version_ its last view showed
  };
  struct AccountConns {  // an account with connections open here
    std::string name, name_key;  // its name's key (accounts/username.h): challenges find it by name
    std::map<std::string, std::weak_ptr<LobbyClient>> connections;  // by LobbyClient::key
    int loading = 0;  // ratings reads and liveness checks in flight: its commands wait in `pending`
    bool gone = false;  // the store says it is closed or deleted: no more games or offers
    std::vector<std::pair<std::weak_ptr<LobbyClient>, ClientMessage>> pending;
  };
  static Seeker who_of(LobbyClient& c);  // key, address, name, connection
  // A command past handle()'s queue: a guest's new name asked first (true then: the commands
  // after it are held in naming_ until it is settled), else as run() below.
  bool accept(const std::shared_ptr<LobbyClient>& c, const ClientMessage& msg);
  // Guest connections whose new name is being asked (by LobbyClient::key): the commands they
  // sent meanwhile, in order.
  std::map<std::string, std::deque<ClientMessage>> naming_;
  // A lobby command, under mutex_ (handle() once the account's ratings are known).
  void run(const std::shared_ptr<LobbyClient>& c, const ClientMessage& msg, const Seeker& who);
  Seeker seeker_of(const Seeker& who, const GameKind& kind) const;  // under mutex_: with the rating
  // Under mutex_: reads the account's ratings on the store pool; its commands wait meanwhile.
  void read_ratings(const std::string& account);
  // Whether `command` makes a game or an offer (seek, pair, challenge, or taking one).
  static bool makes_an_offer(const Command& command);
  // Under mutex_: reads whether the account is live (not closed or deleted) on the store pool;
  // its commands wait meanwhile, and those that make an offer are refused (session_ended) if not.
  void check_live(const std::string& account);
  void ratings_read(const std::string& account, const std::vector<CurrentRating>* rows);
  void challenge(const Seeker& who, const cmd::Challenge& ch, const json& id,
                 const std::shared_ptr<LobbyClient>& c);  // under mutex_ (may answer later)
  // Under mutex_: adds the challenge (to an account connected here, or to guests following the
  // lobby under its name) and tells the challenged; or refuses it to `c`.
  void offer(Challenge made, const json& id, const std::shared_ptr<LobbyClient>& c);
  void notify(const Challenge& ch);  // under mutex_: the challenged account's other connections
  void withdrawn(const Challenge& ch);  // under mutex_: tells the challenged account's connections
  // Under mutex_: the challenge `id` (made here or on another server) to `who`; else nullptr.
  const Challenge* challenge_to(const Seeker& who, const std::string& id) const;
  std::optional<ApiError> take_creation(const std::string& address);  // under mutex_: the rate limit
  void tick();
  void pair_now(int64_t now);  // under mutex_
  // Under mutex_: the lobby changed. The followers' views are sent now, or when kViewInterval
  // has passed since the last ones (flush()).
  void publish();
  // Under mutex_: publish(), and the view of the connection `key` whose command made the
  // change at once (the other followers' as publish() says).
  void publish_from(const std::string& key);
  void flush();                  // under mutex_: a view to each follower behind version_
  void send_view(Member& m);     // under mutex_: the member's view now, if it follows and is behind
  out::Lobby view_of(const Seeker& s) const;
  std::shared_ptr<LobbyClient> client_of(const std::string& key) const;
  int waiting_games(const std::string& owner);  // by address or account key
  // Open seeks and waiting games held by the address or the key, whichever holds more.
  int held(const std::string& address, const std::string& key);
  // Creates the started game of a match (rated when asked) and tells both players.
  // `seek`: the seek it was made from (told to a seeker on another server with the match);
  // `a_color`: `a`'s seat (a challenger's asked colour; nullopt: drawn at random).
  // `made`: called on the store pool once the game is stored (its id, `a`'s seat) or was not
  // (id ""), before the players are told.
  using Made = std::function<void(const std::string& id, Color a_seat)>;
  void make_game(Seeker a, Seeker b, GameKind kind, bool rated, std::string via, std::string seek = "",
                 std::optional<Color> a_color = std::nullopt, Made made = nullptr);

  // The site (lobby_site.cpp): whether other servers share it; following their seeks and
  // matches; this server's seeks that went (removed from the site's rows).
  bool shared() const;
  void join_site();
  void leave_site();
  void seek_gone(const std::string& id);  // under mutex_
  void rows_gone(RowKind kind, const std::vector<std::string>& ids);
  // Takes the site's row `key` (site_bus.h claim); `then` runs on the lobby's I/O thread under
  // mutex_ with the row (its server "" when it is this one's), or why the site failed.
  using Taken = std::function<void(const std::optional<SiteRow>& row, const std::string* why)>;
  void take_row(RowKind kind, const std::string& key, Taken then);
  // Under mutex_: takes the seek `target` through the site's claim, then makes the game.
  void accept_shared(const std::shared_ptr<LobbyClient>& c, const Seeker& me, const std::string& target, const json& id);
  void matched_elsewhere(const json& body);
  // Challenges across the site (lobby_site_challenges.cpp): a challenge to an account is a row
  // of the site, shown by every server the account is connected to; accepting, declining or
  // cancelling it takes the row first (the database gives it to one answer).
  void join_site_challenges();
  // Under mutex_: the account of the name key online on another server (presence rows).
  bool online_elsewhere(const std::string& name_key) const;
  enum class Answer { Accept, Decline, Cancel };
  // Under mutex_: takes the challenge's row, then answers it (a game, a decline told to its
  // sender wherever it is connected, or gone).
  void answer_shared(const std::shared_ptr<LobbyClient>& c, const Seeker& who, const std::string& target, Answer a,
                     const json& id);
  // Under mutex_: the answer `a` of `who` to the challenge `target` whose row it took (a row of
  // the site, or a stored one); nullopt: it was gone.
  void answer_taken(const std::shared_ptr<LobbyClient>& c, const Seeker& who, const std::string& target,
                    const std::optional<Challenge>& taken, Answer a, const json& id);
  // Challenges stored for accounts that are offline (lobby_stored_challenges.cpp,
  // store/challenge_store.h). On the store pool, no lock held: stores `made` (a correspondence
  // challenge from an account to an offline account) and answers `c`.
  void store_offline(Challenge made, const json& id, const std::shared_ptr<LobbyClient>& c);
  // Under mutex_: reads the stored challenges of `account` (its first connection here opened:
  // those to it are told to it) or, with "", of every account connected here (those gone from
  // the store are dropped) on the store pool; new ones are told to the challenged account.
  void load_stored(const std::string& account);
  // Under mutex_: takes the stored challenge's row, then answers it (a game; a decline or an
  // acceptance told to its sender by a notice; a cancel told to the challenged).
  void answer_stored(const std::shared_ptr<LobbyClient>& c, const Seeker& who, const std::string& target, Answer a,
                     const json& id);
  // What follows the game of an accepted stored challenge: made, its sender is told by a notice
  // (challenge_accepted) wherever it is connected; not made (the acceptor's error says why),
  // the challenge is stored again as it was, so that it is not lost.
  Made stored_made(const Challenge& taken);
  // Quick pairing across the site (lobby_site_pairing.cpp): the requests are rows of the site;
  // a pair is made by taking both rows at once. Under mutex_.
  void join_site_pairing();
  std::string pair_key(const PairRequest& r) const;  // its row's key
  void pair_put(const PairRequest& r);
  void pairs_gone(const std::vector<std::string>& seekers);  // this server's requests, by seeker key
  void pair_shared(int64_t now);
  void tell_elsewhere(const Seeker& s, const std::string& seek, const std::optional<out::Matched>& m, const ApiError* e);
  std::string new_id(char prefix);  // under mutex_: unique across the site

  LobbyHost& hub_;
  boost::asio::steady_timer timer_;
  mutable std::mutex mutex_;
  boost::asio::steady_timer flush_timer_;  // under mutex_: the followers' next views (publish())
  uint64_t version_ = 0;                   // changes published
  bool flush_due_ = false;                 // flush_timer_ is set
  std::chrono::steady_clock::time_point last_flush_{};
  SeekBook seeks_;
  PairingPool pairing_;
  ChallengeBook challenges_;
  CreationLimiter limiter_;
  OpenGames open_games_;
  LobbyRatings ratings_;
  std::map<std::string, Member> members_;    // by LobbyClient::key
  std::map<std::string, AccountConns> accounts_;  // by account id
  std::map<std::string, Seek> remote_seeks_;  // the other servers' seeks, by id
  std::map<std::string, Challenge> remote_challenges_;  // the other servers' challenges, by id
  std::set<std::string> online_elsewhere_;  // the name keys of accounts online on other servers
  std::map<std::string, PairRequest> remote_pairs_;  // the other servers' pairing requests, by row key
  std::set<std::string> claiming_;
  std::map<std::string, Challenge> stored_;  // stored challenges of the accounts connected here, by id
  // Those answered here since the last full read began: a read begun before the answer must not
  // bring them back.
  std::set<std::string> answered_stored_;
  static constexpr int64_t kStoredReadMs = 10000;  // how often they are read again
  int64_t stored_read_at_ = 0;  // steady ms  // the pairing requests' rows being claimed for a pair
  SiteBus::Handle seek_watch_, matched_sub_, challenge_watch_, presence_watch_, pair_watch_;
  int64_t next_id_ = 1;
  bool stopped_ = false;
};

}  // namespace yinsh::server

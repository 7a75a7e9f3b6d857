// Hub: the game service behind the network layer. It owns the rooms (one per game, each on
// its own strand), the AI thread pool and the store's writer thread, and speaks the JSON API
// of docs/api.md.
// The network layer (server.cpp) only moves bytes: it hands each WebSocket text frame to
// on_message() and each API request to the HTTP methods, and delivers what comes back.
// No Beast or Asio in this header.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "server/lobby/seek_options.h"
#include "server/common/http_api.h"
#include "server/common/identity.h"
#include "server/game/online_game.h"
#include "server/wire/server_messages.h"

namespace boost::asio {
class io_context;
}

namespace yinsh::server {

class Store;
using json = nlohmann::json;

struct AiLevel {
  int level;
  const char* name;
  int64_t movetime_ms;
};
const AiLevel* ai_levels_begin();
const AiLevel* ai_levels_end();

// One WebSocket connection as the hub sees it: where its frames go.
class Subscriber {
 public:
  virtual ~Subscriber() = default;
  // Thread-safe; queues one text frame. Never blocks.
  virtual void deliver(std::shared_ptr<const std::string> frame) = 0;
  // Like deliver(), for a snapshot: one still waiting to be sent is dropped (this one is newer).
  virtual void deliver_snapshot(std::shared_ptr<const std::string> frame) { deliver(std::move(frame)); }
  // Thread-safe: the connection's session has ended (Hub::account_changed); it is closed at
  // once with `reason` (WebSocket close code 1008).
  virtual void end(const std::string& reason) { (void)reason; }
};

struct Metrics;
class SiteBus;
class Clock;

struct HubOptions {
  Metrics* metrics = nullptr;  // counted into when set (decisions, AI queue and think time, commits)
  // Where the hub's warnings go (the server's log); any thread. Unset: nowhere.
  std::function<void(const std::string&)> warn;
  std::function<void(const std::string&)> info;
  std::function<void(const std::string&)> debug;
  int ai_threads = 0;  // AI searches at once; 0: one per core
  int ai_max_games = 0;  // games against the AI in play at once; 0: AiPool::kGamesPerThread per thread
  int store_threads = 2;  // store reads and game creation
  int64_t ai_movetime_ms = -1;  // > 0: every AI level uses this time (tests, load runs)
  int analysis_threads = 1;  // game reports (analysis_pool.h), lowest priority; 0: none
  uint64_t analysis_nodes = 100000;  // per position of a report (analysis::DEFAULT_NODES)
  double upload_rate = 0.2;  // uploaded records analysed per second, all clients together
  double upload_burst = 5;
  // New reports of finished games queued per client address: report_burst, then one every
  // 1/report_rate seconds (docs/accounts.md, "Limits"). <= 0: no limit.
  double report_rate = 1.0 / 30;
  double report_burst = 5;
  double rate_per_second = 20;  // per-connection message rate (token bucket)
  double rate_burst = 40;
  // How often rooms nobody uses are dropped from memory (their games stay in the store and
  // are loaded again on the next request).
  int64_t sweep_interval_ms = 30000;
  // How often the sessions of open connections are checked against the store, for changes
  // that this process was not told of (the admin command, another server on the database).
  int64_t session_check_ms = 1000;
  SeekOptions seeks;  // expiry, caps and rate of waiting games and seeks; abandoned games
  // How often the store is asked for correspondence games past their deadline (each is ended
  // on time by whichever server appends the timeout first).
  int64_t deadline_check_ms = 10000;
  // The time of game events, clocks and deadlines (common/clock.h); null: the system's.
  const Clock* clock = nullptr;
  // The site shared with other servers (site_bus.h; it must outlive the hub); null: this
  // process alone.
  SiteBus* site = nullptr;
};

class Hub {
 public:
  Hub(boost::asio::io_context& ioc, Store& store, HubOptions options = {});
  ~Hub();
  Hub(const Hub&) = delete;
  Hub& operator=(const Hub&) = delete;

  // Loads the unfinished games (their clocks resume now) and follows other processes' appends.
  void start();
  // Stops the AI pool and the rooms' timers.
  void stop();

  // --- HTTP API. `done` may run on any thread, exactly once.
  using Done = HttpDone;
  // `who`: the requester (from the session cookie). An account's seat takes its name (the
  // body's is ignored) and its account id; only accounts create or join rated games.
  // `address`: the client's, for the per-address caps and rate limit (seek_options.h).
  void create_game(std::string_view body, const Identity& who, Done done, const std::string& address = "");
  void join_game(const std::string& id, std::string_view body, const Identity& who, Done done);
  void get_game(const std::string& id, Done done);
  void get_record(const std::string& id, bool as_json, Done done);
  void list_games(std::string_view status, std::string_view limit, Done done);
  // Game reports (docs/api.md): a finished game's, queued on first request; an uploaded
  // record's (its notation as the body), rate limited; an uploaded record's by its id.
  // `address`: the client's; each queues at most HubOptions::report_burst new reports, then
  // report_rate per second (429 rate_limited beyond).
  void get_report(const std::string& id, Done done, const std::string& address = "");
  void upload_report(std::string_view body, Done done);
  void get_uploaded_report(const std::string& id, Done done);
  // /readyz: 200 when the store answers a read and takes a write (one row rewritten as it
  // is), 503 store_unavailable when it does not.
  void readiness(Done done);
  std::string store_kind() const;
  // Games held in memory now (the rest are in the store only).
  size_t games_loaded() const;
  // The games' lines of GET /metrics (Prometheus text): games loaded, by status.
  std::string metrics_text() const;

  // --- WebSocket
  struct Client;  // one connection's state
  // `who`: the account of the connection's session cookie (a guest without one); `address`:
  // the client's (seek_options.h).
  std::shared_ptr<Client> open(std::weak_ptr<Subscriber> out, Identity who = {}, std::string address = "");
  void on_message(const std::shared_ptr<Client>& client, std::string_view text);
  void close(const std::shared_ptr<Client>& client);

  // --- Revocation (revocation.cpp): the one entry point for "the sessions or the state of
  // account A changed" (a logout, a password change, a deletion, a moderator's close, mute or
  // role change, here or in another process; "" for every account). Every open connection of
  // the account is checked against the store at once, through the resolver: one whose session
  // ended, or whose account is closed or deleted, is refused everything from then on and
  // closed (code 1008 "session ended"); one whose account was muted or unmuted, or given or
  // refused the admin role, acts as that from then on. Thread-safe; returns at once. Also
  // runs for every account every HubOptions::session_check_ms.
  void account_changed(const std::string& account);
  // The sessions' source (the accounts API); set before start(). Without one nothing is checked.
  void set_session_resolver(SessionResolver* resolver);

  // --- The bot and board API (docs/api.md 2.5; streams.cpp, bot_play.cpp). `who`: an API
  // token's identity (the family's scope and the bot check are the caller's). A stream's
  // lines go to `out` as frames (without the newline); Subscriber::end closes the stream (the
  // game is over, the token revoked). `opened` runs once, on any thread: with the stream's
  // handle (given back to close_stream when the connection goes) or with the refusal
  // (429 too_many_streams, 404 no_such_game, 403 not_your_game, 503 store_unavailable).
  static constexpr int kMaxStreamsPerToken = 32;
  using StreamOpened = std::function<void(std::shared_ptr<Client>, std::optional<HttpReply>)>;
  void open_event_stream(const Identity& who, std::weak_ptr<Subscriber> out, StreamOpened opened);
  void open_game_stream(const std::string& id, const Identity& who, std::weak_ptr<Subscriber> out,
                        StreamOpened opened);
  void close_stream(const std::shared_ptr<Client>& stream);
  // One act of a seated player: "move" (`arg`: the decision; `ply`: when given, the game's
  // decision count it was chosen at, else 409 stale_ply), "chat" (`body`: {"text"}), "resign",
  // "abort", "berserk" (an arena's game, before one's first decision), "undo" (`arg` "yes": ask, or accept the opponent's request; "no": decline it).
  void play(const std::string& id, const Identity& who, const std::string& act, const std::string& arg,
            std::optional<int64_t> ply, std::string_view body, Done done);
  // --- Arenas (server/tournaments, through server.cpp's TournamentHost). A game between two
  // accounts, both seated and begun at once, stored before `done` runs (on any thread) with its
  // id, or with "" and why not; a notice to an account on every server; "berserk" is one more
  // act of play() above.
  using Created = std::function<void(const std::string& id, const ApiError* error)>;
  void start_paired_game(GameMeta meta, std::string white_account, std::string white_name, std::string black_account,
                         std::string black_name, Created done);
  void notify(const std::string& account, const out::Notice& notice);
  int64_t now() const;
  std::string server_id() const;

  // A player's conditional lines in a correspondence game (docs/api.md "Conditional lines";
  // conditional_play.cpp): `method` "PUT" stores `body`'s {"lines"} (checked by the rules core,
  // only on the opponent's turn), "GET" answers them, "DELETE" drops them; each answers
  // {"base", "lines"}. `who` must hold a seat of the game.
  void conditional(const std::string& id, const Identity& who, const std::string& method, std::string_view body,
                   Done done);
  // The account's vacation (docs/api.md "Vacation"; vacation.cpp): "GET" answers it, "POST"
  // `body` {"days": N} begins one now, "DELETE" ends the one under way; each answers
  // {"vacation": {"from", "until"} | null, "days_left", "days_per_year"}. Begun or ended, the
  // clocks of the account's correspondence games in play follow (an ev::Vacation each).
  void vacation(const Identity& who, const std::string& method, std::string_view body, Done done);
  // Challenges (the lobby's): "create" (`target`: the name; `body`: the game asked for),
  // "accept", "decline", "cancel" (`target`: the challenge's id).
  void challenge(const Identity& who, const std::string& act, const std::string& target, std::string_view body,
                 Done done);

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace yinsh::server

// Room: one game being served, on its own strand of the shared io_context (hub.cpp and room.cpp
// only; the rest of the program sees hub.h).
//
// A room turns messages into commands on its OnlineGame. A command that is allowed produces an
// event; the room hands the event to the StoreWriter and waits: nothing is applied, answered or
// broadcast until the event is committed. While one append is in flight the room is `busy` and
// everything else that arrives for it (messages, timers, AI decisions, HTTP requests) waits in
// `waiting`, in order, so every command is judged against the committed state. Other rooms go
// on meanwhile, and the writer commits the appends of many rooms together.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <array>
#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>

#include "server/hub/hub.h"
#include "server/game/ai_pool.h"
#include "server/reports/analysis_pool.h"
#include "server/wire/commands.h"
#include "server/common/clock.h"
#include "server/common/ids.h"
#include "server/common/key_rate.h"
#include "server/common/metrics.h"
#include "server/lobby/lobby_host.h"
#include "server/game/online_game.h"
#include "server/game/conditional_lines.h"
#include "server/ratings/ratings_store.h"
#include "server/wire/server_messages.h"
#include "server/store/store.h"
#include "server/store/store_writer.h"
#include "server/hub/store_health.h"

namespace yinsh::server {

namespace asio = boost::asio;

// The rating update a stored event calls for: when it ends a rated game whose seats are
// accounts (or one the AI); nullptr otherwise.
std::shared_ptr<RatedGame> rated_result(const OnlineGame& before, const OnlineGame& after, int64_t at);
std::string dump(const json& j);

// One connection: `mutex` (LobbyClient's) guards room, loading and held; name, key, address
// and who are LobbyClient's.
struct Hub::Client : LobbyClient {
  std::weak_ptr<Subscriber> out;
  std::shared_ptr<struct Room> room;   // the game it follows
  bool loading = false;                // a hello's game is being loaded
  std::deque<ClientMessage> held;      // what came meanwhile
  double tokens = 0;
  std::chrono::steady_clock::time_point last_refill = std::chrono::steady_clock::now();
  std::atomic<bool> revoked = false;  // its session ended: nothing more is heard from it

  void send(const PrivateMessage& m) override { send_text(write_server_message(m)); }
  // A snapshot reply: a newer one replaces one still waiting to be sent (edge: coalescing).
  void send_snapshot(const out::Snapshot& m) {
    if (auto s = out.lock()) s->deliver_snapshot(std::make_shared<const std::string>(write_server_message(PrivateMessage{m})));
  }
  void send_text(std::string text) {
    if (auto s = out.lock()) s->deliver(std::make_shared<const std::string>(std::move(text)));
  }
  bool take_token(double rate, double burst);
  std::shared_ptr<struct Room> current_room() {
    std::lock_guard lock(mutex);
    return room;
  }
};

struct Room : std::enable_shared_from_this<Room> {
  struct Sub {
    Hub::Client* client;
    std::weak_ptr<Subscriber> out;
    std::optional<Color> seat;
    std::string name;  // the connection's name when it said hello (a spectator's snapshot says it)
  };
  using Make = std::function<Outcome()>;                   // the command, judged when it runs
  using After = std::function<void(const ApiError* error)>;  // nullptr: stored and broadcast
  using BeforeBroadcast = std::function<void(const Event& event)>;

  Room(Hub::Impl& hub, OnlineGame g);

  // Runs `f` on the strand once the room is idle (thread-safe).
  void post(std::function<void()> f);

  // --- all below run on the strand
  // Follows the game (after catching up when `fresh` is false and other processes share the
  // store): with the seat of `token`; a wrong token is an error and leaves a connection that
  // already follows this game as it was.
  void attach(const std::shared_ptr<Hub::Client>& c, const std::string& token, const json& id, bool fresh);
  void detach(Hub::Client* c);
  // The one table from a client message's type to what it does (hello included: the hub
  // picked this room for it).
  void handle(const std::shared_ptr<Hub::Client>& c, const ClientMessage& msg);
  // A `join` of connection `c` under `name` (settled: an account's own, or a guest's that
  // guest_name_refusal allowed); `want`: the seat asked for. The new seat holder hears of its
  // seat (and token) before the broadcast of the join.
  void join_seat(const std::shared_ptr<Hub::Client>& c, const std::string& name, std::optional<Color> want,
                 const json& id);
  // Reads (on the store pool) what other processes appended, then applies and broadcasts it
  // and runs `then`; the room is busy meanwhile.
  void catch_up(std::function<void()> then = {});
  // Starts what the state calls for: the start once both agreed, a rematch, the clock's
  // timer, the AI's search.
  void settle();
  // Ends the game on time when its clock has run out by the hub's clock (the deadline sweep
  // asks; on the strand, once idle), once the vacations of its accounts are followed.
  void end_if_due();
  // Vacations (vacation.cpp): in an active correspondence game, reads the latest vacation of
  // each account seated (on the store pool; the room is busy meanwhile) and gives the game each
  // one it does not have as its row says (an ev::Vacation, stored even past a deadline:
  // OnlineGame::vacation refuses a clock that ran out before the vacation), then runs `then`.
  // What a vacation's begin and end, a game's start, a room's load and the sweep call.
  void follow_vacations(std::function<void()> then = {});
  bool vacations_followed = false;  // settle() follows them once per room, once the game is active
  // Judges `make`; if allowed, stores its event, then applies it, calls `before_broadcast`,
  // broadcasts it and calls `after(nullptr)`; if refused (or the store fails), calls
  // `after(&error)`. Retries once after a conflict with another process. If a clock has run
  // out, the timeout is stored first and `make` judged after it.
  void run(Make make, After after = {}, BeforeBroadcast before_broadcast = {});
  void send_error(Hub::Client& c, const std::string& code, const std::string& message, const json& id,
                  const json& params = json::object()) {
    c.send(out::Error{game.version(), code, message, id, params});
  }
  out::Snapshot snapshot(std::optional<Color> seat, const std::string& name, const json& id) const;
  // Whether each seat is taken by someone connected to this process (an AI seat always is).
  std::array<bool, 2> present() const;
  // The bot and board API's streams of this game (streams.cpp): one follows the game from a
  // seat; it gets the game's state after each change and ends when the game does.
  void attach_stream(const std::shared_ptr<Hub::Client>& c, Color seat);
  void detach_stream(Hub::Client* c);

  Hub::Impl& hub;
  asio::strand<asio::io_context::executor_type> strand;
  asio::steady_timer timer;
  asio::steady_timer retry_timer;  // after the store failed: settle() again a little later
  OnlineGame game;  // the committed state
  // A rated game's rating changes, once its result is stored (from the append, or read from
  // the store when the room is loaded).
  std::array<std::optional<RatingChange>, 2> ratings;
  bool has_ratings() const { return ratings[0] || ratings[1]; }
  out::Ratings ratings_message() const;
  std::atomic<int> status_seen;  // game.status() as of the last broadcast: its change to Over queues the report
  // Since when each seat's holder has not been connected to this process (nullopt: it is);
  // a timed game's absent player can be claimed against (seek_expiry.h).
  std::array<std::optional<int64_t>, 2> absent_since;
  // Conditional lines (conditional_play.cpp): in a correspondence game, reads the lines of
  // the account to decide (on the store pool) and plays their reply, or drops them when the
  // game has left them; drops a finished game's lines. Called by settle().
  void play_conditional();
  int64_t conditional_version = -1;  // the version whose lines were read (-2: dropped, the game is over)

 private:
  void when_idle(std::function<void()> f);
  void judge(Make make, After after, BeforeBroadcast before_broadcast, int attempt);
  void store(Outcome o, Make make, After after, BeforeBroadcast before_broadcast, int attempt);
  void stored(AppendStatus status, const std::string& why, const std::shared_ptr<OnlineGame>& next,
              const Event& event, Make make, After after, BeforeBroadcast before_broadcast, int attempt);
  void drain();
  void broadcast(const Event& event);
  // After an event this process stored (notices.cpp): tells the account whose turn it became,
  // or both accounts when the game ended (`was`, `was_to_move`: before the event).
  void send_notices(Status was, std::optional<Color> was_to_move);
  // Sends the rating changes of the rated game that just ended to everyone following it
  // (read from the store when another process ended it).
  void announce_ratings();
  // Writes a moderator's removal of `line` to the moderation log (on the store pool).
  void log_moderation(const std::string& moderator, const ChatLine& line, int64_t at);
  // One frame to every connection following the game (forgetting those that are gone).
  void send_all(std::string text);
  // Sends {"type": "presence", ...} to everyone when a seat's holder came or went.
  void announce_presence();
  Sub* find(Hub::Client* c);
  void arm_timer();
  void retry_later();  // settle() again in a second (after the store failed); probe_store() while the clock is held
  // The store refused this game's event made at `at`: the running clock is held from then
  // (OnlineGame::hold_clock) and everyone following the game is told (info clock_held, and a
  // snapshot whose clock stands). Released by the next event stored, or by release_clock()
  // once probe_store() finds that the store takes writes again (info clock_released).
  void hold_clock(int64_t at);
  void probe_store();
  void release_clock();
  void send_snapshots();  // to every connection following the game, each with its seat
  void schedule_ai();
  void answer_conditional(const ConditionalLines& lines, Color seat, int64_t version);
  void pause_for(Color seat, int64_t from, int64_t until, int attempt);  // one ev::Vacation (vacation.cpp)

  void stream_event(const Event& event);  // the line an event makes, to every stream
  void stream_presence(const std::array<bool, 2>& present);  // opponentGone

  std::vector<Sub> subs;
  struct StreamSub {
    Hub::Client* client;
    std::weak_ptr<Subscriber> out;
    Color seat;
  };
  std::vector<StreamSub> streams;
  int64_t ai_pending_version = -1;
  std::optional<std::array<bool, 2>> presence_sent;  // what announce_presence() last sent
  bool busy = false;  // an append or a catch-up is in flight
  bool creating_rematch = false;
  std::deque<std::function<void()>> waiting;
};

// The HTTP reply of an API error (its status from its code, docs/api.md section 5).
HttpReply error_reply(const ApiError& e);
// Calls `then` with the game's room on its strand once it is up to date with the store (other
// processes' appends read), or at once with a null room and the error when there is none.
using FreshRoom = std::function<void(std::shared_ptr<Room>, const ApiError*)>;
void with_caught_up_room(Hub::Impl& impl, const std::string& id, FreshRoom then);
// Calls `view` on the game's room, on its strand and up to date with the store, and `done`
// with what it returns (or with the error when there is no such game).
void with_fresh_room(Hub::Impl& impl, const std::string& id, Hub::Done done, std::function<HttpReply(Room&)> view);
class Lobby;
struct StreamClient;

struct Hub::Impl : LobbyHost {
  asio::io_context& ioc;
  Store& store;
  HubOptions options;
  StoreWriter writer;
  AiPool ai_pool;
  // Stored games by status for /metrics: counted on the store pool when a scrape finds the
  // count older than kStoredCountMs, so a scrape shows the count of at most one scrape before
  // (the first scrapes show none). Declared before the pool, whose tasks write them.
  static constexpr int64_t kStoredCountMs = 5000;
  std::array<std::atomic<int64_t>, 4> stored_by_status{};
  std::atomic<int64_t> stored_counted_at{-1};  // -1: not counted yet
  std::atomic<bool> counting{false};
  // Store reads and game creation: never on an I/O thread or a room's strand.
  asio::thread_pool store_pool;
  asio::steady_timer sweep_timer;
  asio::steady_timer deadline_timer;
  std::mutex mutex;
  std::map<std::string, std::shared_ptr<Room>> rooms;
  std::atomic<bool> stopped = false;
  bool multi_process = false;  // the store is shared with other processes
  // Game reports: after store_pool, so that it stops (and is destroyed) first.
  AnalysisPool analysis;
  StoreHealth health;  // failures logged once per outage, counted; /readyz
  std::mutex upload_mutex;
  double upload_tokens;
  // New reports of finished games queued per client address (GET /api/games/ID/report): asking
  // again for one that is stored or pending costs nothing, so polling never runs into it.
  KeyRate report_queues{options.report_rate, options.report_burst};
  std::chrono::steady_clock::time_point upload_refill = std::chrono::steady_clock::now();
  std::unique_ptr<Lobby> lobby;  // seeks, pairing, challenges, caps (lobby/lobby.h)
  // Revocation (revocation.cpp): the open connections of each account, and their checker.
  std::mutex accounts_mutex;
  std::multimap<std::string, std::weak_ptr<Hub::Client>> account_clients;
  SessionResolver* resolver = nullptr;
  asio::steady_timer session_timer;
  void check_sessions();  // every options.session_check_ms
  void recheck(std::vector<std::shared_ptr<Hub::Client>> clients);
  // The bot and board API's streams (streams.cpp), under accounts_mutex: the event streams by
  // account, the streams open per API token (by its id); challenges made per account over the
  // API, by time (bot_play.cpp).
  std::multimap<std::string, std::weak_ptr<Hub::Client>> event_streams;
  std::map<std::string, int> token_streams;
  std::map<std::string, std::deque<int64_t>> api_challenges;
  // A new stream of `who` (counted against its token; nullptr when the token has
  // kMaxStreamsPerToken open).
  std::shared_ptr<StreamClient> make_stream(const Identity& who, std::weak_ptr<Subscriber> out, bool events);
  bool has_event_stream(const std::string& account);  // false for ""
  // A game started or ended (game_announcements.cpp): called by the process that stored it,
  // sent through the site to every server (this one included), each of which writes a line to
  // the event streams of its accounts open there.
  void announce_game(const OnlineGame& g);
  void deliver_game(const json& body);
  SiteBus::Handle game_sub;  // from start() to stop()

  Impl(asio::io_context& io, Store& s, HubOptions o);  // hub.cpp (where Lobby is complete)
  ~Impl();

  // LobbyHost (lobby/lobby_host.h): what the lobby's service asks of the hub.
  asio::io_context& io() override { return ioc; }
  const SeekOptions& seek_options() const override { return options.seeks; }
  int64_t now() const override { return (options.clock ? *options.clock : system_clock()).now(); }
  bool game_waiting(const std::string& id) override;  // takes `mutex`
  void post_store_work(std::function<void()> work) override { on_store(std::move(work)); }
  Store& game_store() override { return store; }
  void settle_guest_name(std::string typed, std::function<void(std::string name)> then) override;  // hub_http.cpp
  // A guest's name over HTTP (create, join), which is refused instead of shown as "Guest": `then`
  // runs with nothing when the name is free (at once for an account, whose name is its own), or
  // with why not; on the store pool.
  void check_guest_name(const Identity& who, const std::string& name, std::function<void(const ApiError*)> then);
  void create_game(GameMeta meta, Steps steps, Created done) override;
  SiteBus& site() override { return options.site ? *options.site : local_site; }
  LocalSiteBus local_site;  // the site when the hub is given none: this process

  template <class F>
  void on_store(F f) {
    asio::post(store_pool, std::move(f));
  }
  // Calls `done` with the room of a game, or with why there is none (game_not_found,
  // store_unavailable, internal). A room not in memory is loaded on the store pool, and
  // `done` runs there; otherwise at once.
  using RoomDone = std::function<void(std::shared_ptr<Room>, const ApiError*)>;
  void with_room(const std::string& id, RoomDone done);
  // Loads a game from the store (blocking: on the store pool, or at start) and keeps its room.
  std::shared_ptr<Room> load(const std::string& id, ApiError* error);
  // Drops the rooms nobody holds: no connection, no timer, no AI search, no append or handler
  // pending (the map's is the only reference). Such a room is idle and everything it knows is
  // stored; with_room() loads it again when asked. Runs every options.sweep_interval_ms.
  void sweep();
  // Ends the correspondence games past their stored deadline (deadline_sweep.cpp): asks the
  // store for them on the store pool, loads each one's room and has it judge its clock. Runs
  // every options.deadline_check_ms; with no connection open, after a restart, and on every
  // server of a shared database (the append's version decides which one ends a game).
  void check_deadlines();
  std::atomic<bool> checking_deadlines{false};
  // Creates a game with its first events (the creator's seat, the AI's seat, the start),
  // stores it on the store pool and calls `done` there with its room (or the error). `Steps`
  // is LobbyHost's.
  void create(GameMeta meta, Steps steps, RoomDone done);
  std::optional<ApiError> correspondence_cap(const GameSummary& s);  // hub.cpp
  // After the account's vacation began or ended: each of its correspondence games in play
  // follows its vacations (Room::follow_vacations; vacation.cpp); on the store pool.
  void apply_vacation(const std::string& account);
  // Notices to accounts (notices.cpp): sent through the site to every server (this one
  // included), each of which writes it to the account's connections open there.
  void send_notice(const std::string& account, const out::Notice& n) override;
  void deliver_notice(const json& body);
  SiteBus::Handle notice_sub;  // from start() to stop()
  void dispatch(const std::shared_ptr<Hub::Client>& client, ClientMessage msg);
  // Queues the report of `key` (a game id or an uploaded record's id); it is stored when done.
  // 202 pending, or 503 when the queue is full or reports are off.
  HttpReply queue_report(const std::string& key, const Position& start, const std::vector<Move>& moves);
  bool take_upload_token();  // the uploads' token bucket
  // Whether the store takes a write (one row rewritten as it is; blocking: on the store pool),
  // told to `health` with `what` as the call: /readyz, and a room whose clock is held.
  bool store_takes_writes(const std::string& what);
};

}  // namespace yinsh::server

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

#include "hub.h"
#include "metrics.h"
#include "online_game.h"
#include "store.h"
#include "store_writer.h"

namespace yinsh::server {

namespace asio = boost::asio;

int64_t now_ms();  // wall clock, for game events and clocks
uint32_t random_u32();  // from the OS's random source
std::string new_token();  // 128 random bits, hex
std::string new_game_id();
std::string dump(const json& j);
json error_msg(int64_t version, const std::string& code, const std::string& message, const json& id);

// Field checks for requests: each returns the value, or nullopt and sets `error` (the first
// problem found) when the field is missing but required, of the wrong type, or out of range.
struct Fields {
  const json& j;
  std::string error;
  std::optional<std::string> str(const char* key, bool required, size_t max_len);
  std::optional<int64_t> integer(const char* key, bool required, int64_t lo, int64_t hi);

 private:
  // The field, or nullptr if it is missing or null (an error when `required`).
  const json* field(const char* key, bool required);
  void fail(const char* key, const std::string& what);  // keeps the first error only
};

struct Hub::Client {
  std::weak_ptr<Subscriber> out;
  std::shared_ptr<struct Room> room;  // touched only by the connection's own (serial) reader
  std::string name;
  double tokens = 0;
  std::chrono::steady_clock::time_point last_refill = std::chrono::steady_clock::now();

  void send(const json& j) { send_text(dump(j)); }
  void send_snapshot(const json& j) {
    if (auto s = out.lock()) s->deliver_snapshot(std::make_shared<const std::string>(dump(j)));
  }
  void send_text(std::string text) {
    if (auto s = out.lock()) s->deliver(std::make_shared<const std::string>(std::move(text)));
  }
  bool take_token(double rate, double burst);
};

struct Room : std::enable_shared_from_this<Room> {
  struct Sub {
    Hub::Client* client;
    std::weak_ptr<Subscriber> out;
    std::optional<Color> seat;
  };
  using Make = std::function<Outcome()>;                   // the command, judged when it runs
  using After = std::function<void(const ApiError* error)>;  // nullptr: stored and broadcast
  using BeforeBroadcast = std::function<void(const json& event)>;

  Room(Hub::Impl& hub, OnlineGame g);

  // Runs `f` on the strand once the room is idle (thread-safe).
  void post(std::function<void()> f);

  // --- all below run on the strand
  void attach(const std::shared_ptr<Hub::Client>& c, const std::string& token, const json& id);
  void detach(Hub::Client* c);
  void handle(const std::shared_ptr<Hub::Client>& c, const json& msg);
  void catch_up();  // applies and broadcasts what other processes appended
  // Starts what the state calls for: the start once both agreed, a rematch, the clock's
  // timer, the AI's search.
  void settle();
  // Judges `make`; if allowed, stores its event, then applies it, calls `before_broadcast`,
  // broadcasts it and calls `after(nullptr)`; if refused (or the store fails), calls
  // `after(&error)`. Retries once after a conflict with another process. If a clock has run
  // out, the timeout is stored first and `make` judged after it.
  void run(Make make, After after = {}, BeforeBroadcast before_broadcast = {});
  void send_error(Hub::Client& c, const std::string& code, const std::string& message, const json& id) {
    c.send(error_msg(game.version(), code, message, id));
  }
  json snapshot(std::optional<Color> seat, const std::string& name) const;
  // Whether each seat is taken by someone connected to this process (an AI seat always is),
  // by colour, and as {"white": bool, "black": bool}.
  std::array<bool, 2> present() const;
  json presence_json() const;

  Hub::Impl& hub;
  asio::strand<asio::io_context::executor_type> strand;
  asio::steady_timer timer;
  asio::steady_timer retry_timer;  // after the store failed: settle() again a little later
  OnlineGame game;  // the committed state
  std::atomic<int> status_seen;  // game.status() as of the last broadcast, for other threads (metrics)

 private:
  void when_idle(std::function<void()> f);
  void judge(Make make, After after, BeforeBroadcast before_broadcast, int attempt);
  void store(Outcome o, Make make, After after, BeforeBroadcast before_broadcast, int attempt);
  void stored(AppendStatus status, const std::string& why, const std::shared_ptr<OnlineGame>& next,
              const json& event, Make make, After after, BeforeBroadcast before_broadcast, int attempt);
  void drain();
  void broadcast(const json& event);
  // One frame to every connection following the game (forgetting those that are gone).
  void send_all(std::string text);
  // Sends {"type": "presence", ...} to everyone when a seat's holder came or went.
  void announce_presence();
  Sub* find(Hub::Client* c);
  void arm_timer();
  void schedule_ai();
  void command(const std::shared_ptr<Hub::Client>& c, const std::string& type, const json& msg, const json& id);

  std::vector<Sub> subs;
  int64_t ai_pending_version = -1;
  std::optional<std::array<bool, 2>> presence_sent;  // what announce_presence() last sent
  bool busy = false;  // an append is in flight
  std::deque<std::function<void()>> waiting;
};

struct Hub::Impl {
  asio::io_context& ioc;
  Store& store;
  HubOptions options;
  StoreWriter writer;
  asio::thread_pool ai_pool;
  asio::steady_timer sweep_timer;
  std::mutex mutex;
  std::map<std::string, std::shared_ptr<Room>> rooms;
  std::atomic<bool> stopped = false;
  bool multi_process = false;  // the store is shared with other processes

  Impl(asio::io_context& io, Store& s, HubOptions o)
      : ioc(io), store(s), options(o), writer(s), ai_pool(size_t(std::max(1, o.ai_threads))), sweep_timer(io),
        multi_process(s.kind() == "postgres") {
    if (Metrics* m = options.metrics) writer.observe_commits([m](double s) { m->store_commit_seconds.observe(s); });
  }

  // The room of a game, loaded from the store on first use; nullptr if there is no such game.
  std::shared_ptr<Room> room(const std::string& id, bool resume_clock = true);
  // Drops the rooms nobody holds: no connection, no timer, no AI search, no append or handler
  // pending (the map's is the only reference). Such a room is idle and everything it knows is
  // stored; room() loads it again when asked. Runs every options.sweep_interval_ms.
  void sweep();
  // Creates a game with its first events (the creator's seat, the AI's seat, the start);
  // blocks until they are stored.
  std::optional<std::string> create(const GameMeta& meta,
                                    const std::vector<std::function<Outcome(const OnlineGame&)>>& steps,
                                    std::string* error);
};

}  // namespace yinsh::server

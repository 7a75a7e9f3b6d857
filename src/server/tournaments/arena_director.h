// ArenaDirector: pairs every running tournament on its own thread (docs/tournaments.md "On
// the server"): an arena's free players wave after wave, a Swiss event's rounds one after the
// other (each round stored as paired before its games are made, so a round is never paired
// twice and a game a stopped server did not make is made by the next lease holder). Each wave of an arena is made by the one server that
// holds the arena's pairing lease (tournament_store.h): the lease is taken or renewed and the
// arena read in one transaction, so two servers never pair the same players; a server that
// dies loses the lease after lease_ms and another goes on. Games are made through the host;
// a player is not paired again while their game is being made (this server) or is unfinished
// (the store). Nothing but that in-flight set lives here: standings and waves are computed from
// the store each time.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "server/game/online_game.h"
#include "server/tournaments/arena_schedule.h"
#include "server/tournaments/tournament_host.h"

namespace yinsh::server {

class Store;
class Sql;
struct ArenaData;
struct SwissPairingRow;

struct ArenaDirectorOptions {
  int tick_ms = 1000;       // how often the running arenas are paired
  int64_t lease_ms = 10000; // how long a pairing lease lasts without renewal
  std::function<void(const std::string&)> warn;
  // Arenas made from the schedule (arena_schedule.h), by whichever server gets there first.
  std::vector<ArenaSchedule> schedules;
};

class ArenaDirector {
 public:
  ArenaDirector(Store& store, TournamentHost& host, ArenaDirectorOptions options);
  ~ArenaDirector();
  ArenaDirector(const ArenaDirector&) = delete;
  ArenaDirector& operator=(const ArenaDirector&) = delete;

  void start();  // the pairing thread
  // Joins the thread, waits (at most 5 s) for the games being made to be stored, then gives
  // this server's pairing leases back. Idempotent.
  void stop();
  void wake();   // pair now (someone joined): any thread, never blocks
  // One wave of every running arena, on the caller's thread (blocking: store calls). Returns
  // the games asked of the host.
  int pair_once();

 private:
  struct Game {
    GameMeta meta;
    PairedSeat white, black;
  };
  void run();
  int pair_arena(const std::string& id, int64_t now);
  // A Swiss event's step (swiss_event.h) in the lease's transaction: its new round stored, or
  // its end; the games of its current round not stored yet are added to `games`.
  void swiss_games(Sql& q, const ArenaData& event, int64_t now, std::vector<Game>& games,
                   std::vector<std::string>& starting);
  // The games of `boards` to make now: not stored yet, and no player's game being made here.
  void pending_games(const ArenaData& event, const std::vector<SwissPairingRow>& boards, int64_t now,
                     std::vector<Game>& games);
  void make_scheduled(int64_t now);

  Store& store_;
  TournamentHost& host_;
  ArenaDirectorOptions options_;
  std::mutex mutex_;
  std::condition_variable cv_;
  bool stopping_ = false, woken_ = false;
  std::set<std::string> making_;  // accounts whose next game is being made
  std::set<std::string> scheduled_;  // the schedule's slot keys known to exist
  std::thread thread_;
};

}  // namespace yinsh::server

// ArenaDirector (arena_director.h).
#include "server/tournaments/arena_director.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <vector>

#include "server/common/ids.h"
#include "server/tournaments/tournament_store.h"
#include "server/store/store.h"
#include "server/tournaments/arena_standings.h"
#include "server/tournaments/swiss_event.h"
#include "server/tournaments/tournament_host.h"

namespace yinsh::server {

ArenaDirector::ArenaDirector(Store& store, TournamentHost& host, ArenaDirectorOptions options)
    : store_(store), host_(host), options_(std::move(options)) {}

ArenaDirector::~ArenaDirector() { stop(); }

void ArenaDirector::start() {
  std::lock_guard lock(mutex_);
  if (thread_.joinable() || stopping_) return;
  thread_ = std::thread([this] { run(); });
}

void ArenaDirector::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (!thread_.joinable()) return;
  thread_.join();
  {  // the games being made are stored (or refused) before the leases go: another server that
     // paired at once would not see them and pair their players again
    std::unique_lock lock(mutex_);
    if (!cv_.wait_for(lock, std::chrono::seconds(5), [this] { return making_.empty(); })) return;
  }
  try {  // another server (or this one restarted) pairs at once, not after the lease runs out
    release_pairing_leases(store_, host_.server_id());
  } catch (const std::exception& e) {
    if (options_.warn) options_.warn(std::string("arena pairing leases: ") + e.what());
  }
}

void ArenaDirector::wake() {
  {
    std::lock_guard lock(mutex_);
    woken_ = true;
  }
  cv_.notify_all();
}

void ArenaDirector::run() {
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      cv_.wait_for(lock, std::chrono::milliseconds(options_.tick_ms), [this] { return stopping_ || woken_; });
      if (stopping_) return;
      woken_ = false;
    }
    try {
      pair_once();
    } catch (const std::exception& e) {  // the store failed: the next tick tries again
      if (options_.warn) options_.warn(std::string("arena pairing: ") + e.what());
    }
  }
}

void ArenaDirector::make_scheduled(int64_t now) {
  for (const ArenaSchedule& s : options_.schedules) {
    for (int64_t slot : arena_slots(s, now)) {
      const std::string key = s.key(slot);
      if (scheduled_.count(key)) continue;
      TournamentRow t;
      t.name = s.name();
      t.variant = s.variant;
      t.clock = s.clock;
      t.rated = true;
      t.starts_at = slot;
      t.ends_at = slot + (s.rounds > 0 ? kSwissOpenEndMs : int64_t(s.minutes) * 60000);
      if (s.rounds > 0) t.kind = "swiss", t.rounds = s.rounds;
      std::string why;
      if (create_arena(store_, t, key, now, 0, &why) || why == "duplicate") scheduled_.insert(key);
    }
  }
}

void ArenaDirector::swiss_games(Sql& q, const ArenaData& event, int64_t now, std::vector<Game>& games,
                                std::vector<std::string>& starting) {
  const TournamentRow& t = event.tournament;
  const SwissStep step = swiss_step(event, now);
  if (step.kind == SwissStep::Kind::Finish) return finish_tournament(q, t.id, now);
  std::vector<SwissPairingRow> boards;
  if (step.kind == SwissStep::Kind::Pair) {
    boards = swiss_round(event, step.round, now, new_game_id);
    insert_pairings(q, t.id, boards);
    if (step.round == 1 && claim_start_notice(q, t.id))
      for (const auto& e : event.entrants)
        if (e.active) starting.push_back(e.account);
  } else {  // the current round's boards whose game is not stored yet (a server stopped first)
    for (const auto& p : event.pairings)
      if (p.round == t.round) boards.push_back(p);
  }
  pending_games(event, boards, now, games);
}

void ArenaDirector::pending_games(const ArenaData& event, const std::vector<SwissPairingRow>& boards, int64_t now,
                                  std::vector<Game>& games) {
  const TournamentRow& t = event.tournament;
  std::set<std::string> stored;
  for (const auto& g : event.games) stored.insert(g.id);
  std::map<std::string, std::string> names;
  for (const auto& e : event.entrants) names.emplace(e.account, e.name);
  std::lock_guard lock(mutex_);
  for (const auto& b : boards) {
    if (b.bye() || stored.count(b.game) || making_.count(b.white_account) || making_.count(b.black_account)) continue;
    games.push_back({GameMeta{b.game, t.variant, t.clock, now, t.rated, t.id},
                     {b.white_account, names[b.white_account]},
                     {b.black_account, names[b.black_account]}});
  }
}

int ArenaDirector::pair_once() {
  const int64_t now = host_.now();
  make_scheduled(now);
  int made = 0;
  for (const auto& id : running_arenas(store_, now)) made += pair_arena(id, now);
  return made;
}

int ArenaDirector::pair_arena(const std::string& id, int64_t now) {
  std::vector<Game> games;
  std::vector<std::string> starting;  // who is told the tournament has begun (once, by one server)
  bool arena = false;  // not a Swiss event: a pairing whose game cannot be made is dropped
  store_.transact([&](Sql& q) {
    games.clear(), starting.clear();  // (a transaction the store retries runs again)
    if (!take_pairing_lease(q, id, host_.server_id(), now, options_.lease_ms)) return;  // another server pairs it
    const auto event = load_arena(q, id);
    if (!event) return;
    if (event->tournament.swiss()) return swiss_games(q, *event, now, games, starting);
    arena = true;
    if (claim_start_notice(q, id))
      for (const auto& e : event->entrants)
        if (e.active) starting.push_back(e.account);
    // The wave's games are stored as pairings first, in this transaction: from its commit no
    // server pairs these players again, and whoever holds the lease makes the games.
    std::vector<SwissPairingRow> boards;
    int board = 0;
    for (const auto& p : event->pairings) board = std::max(board, p.round == 0 ? p.board + 1 : 0);
    {
      std::lock_guard lock(mutex_);
      for (const auto& p : arena_wave(*event, arena_standings(*event), now))
        if (!making_.count(p.white->account) && !making_.count(p.black->account))
          boards.push_back({0, board++, p.white->account, p.black->account, new_game_id(), now});
    }
    insert_pairings(q, id, boards);
    for (const auto& p : event->pairings)
      if (p.round == 0) boards.push_back(p);
    pending_games(*event, boards, now, games);
  });
  for (const auto& account : starting)
    host_.notify(account, out::Notice{"tournament_starting", "", WHITE, "", "", "", now, id});
  for (auto& g : games) {
    {
      std::lock_guard lock(mutex_);
      making_.insert(g.white.account);
      making_.insert(g.black.account);
    }
    const std::string tournament = id, made = g.meta.id;
    host_.start_paired_game(g.meta, g.white, g.black, [this, tournament, made, arena, white = g.white, black = g.black](
                                                             const std::string& game, const ApiError* error) {
      {
        std::lock_guard lock(mutex_);
        making_.erase(white.account);
        making_.erase(black.account);
      }
      cv_.notify_all();
      if (game.empty()) {
        if (options_.warn) options_.warn("arena " + tournament + ": a game could not be made: " + (error ? error->message : ""));
        try {  // its players may be paired again
          if (arena) drop_unmade_pairing(store_, tournament, made);
        } catch (const std::exception& e) {
          if (options_.warn) options_.warn(std::string("arena pairing: ") + e.what());
        }
        return;
      }
      const int64_t at = host_.now();
      host_.notify(white.account, out::Notice{"tournament_game", game, WHITE, black.name, "", "", at, tournament});
      host_.notify(black.account, out::Notice{"tournament_game", game, BLACK, white.name, "", "", at, tournament});
    });
  }
  return int(games.size());
}

}  // namespace yinsh::server

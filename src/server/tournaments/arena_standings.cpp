// An arena's standings and pairing wave (arena_standings.h).
#include "server/tournaments/arena_standings.h"

#include <algorithm>
#include <map>
#include <set>

namespace yinsh::server {
namespace {

using tournament::ArenaGame;
using tournament::Outcome;

bool unfinished(const ArenaGameRow& g) { return g.status == Status::Waiting || g.status == Status::Active; }
bool scored(const ArenaGameRow& g) { return g.status == Status::Over && g.score != "*" && !g.score.empty(); }

Outcome outcome_for(const ArenaGameRow& g, bool white) {
  if (g.score == "1/2-1/2") return Outcome::Draw;
  return (g.score == "1-0") == white ? Outcome::Win : Outcome::Loss;
}

}  // namespace

std::vector<ArenaStanding> arena_standings(const ArenaData& arena, const tournament::ArenaRules& rules) {
  std::map<std::string, size_t> index;  // account -> entrant
  for (size_t i = 0; i < arena.entrants.size(); ++i) index.emplace(arena.entrants[i].account, i);
  std::vector<const ArenaGameRow*> ended;
  for (const auto& g : arena.games)
    if (scored(g)) ended.push_back(&g);
  std::stable_sort(ended.begin(), ended.end(), [](const ArenaGameRow* a, const ArenaGameRow* b) {
    return a->updated_at != b->updated_at ? a->updated_at < b->updated_at : a->id < b->id;
  });
  std::vector<std::vector<ArenaGame>> games(arena.entrants.size());
  std::vector<std::vector<const ArenaGameRow*>> rows(arena.entrants.size());
  std::vector<std::vector<int>> opponents(arena.entrants.size());
  for (const ArenaGameRow* g : ended) {
    for (bool white : {true, false}) {
      auto it = index.find(white ? g->white_account : g->black_account);
      if (it == index.end()) continue;
      ArenaGame a;
      a.outcome = outcome_for(*g, white);
      a.berserk = (g->berserk & (white ? 1 : 2)) != 0;
      a.game_decisions = g->ply;
      a.own_decisions = white ? (g->ply + 1) / 2 : g->ply / 2;
      games[it->second].push_back(a);
      rows[it->second].push_back(g);
      auto other = index.find(white ? g->black_account : g->white_account);
      opponents[it->second].push_back(other == index.end() ? 1500 : arena.entrants[other->second].rating);
    }
  }
  std::vector<ArenaStanding> out;
  for (size_t i = 0; i < arena.entrants.size(); ++i) {
    const ArenaEntrant& e = arena.entrants[i];
    const tournament::ArenaSheet sheet = tournament::score_arena(games[i], rules);
    ArenaStanding s;
    s.account = e.account;
    s.name = e.name;
    s.active = e.active;
    s.points = sheet.points;
    s.on_fire = sheet.on_fire;
    s.wins = sheet.wins, s.draws = sheet.draws, s.losses = sheet.losses;
    s.games = int(games[i].size());
    s.performance = tournament::performance_rating(opponents[i], sheet.wins, sheet.losses);
    for (size_t k = 0; k < sheet.marks.size(); ++k)
      s.sheet.push_back({rows[i][k]->id, sheet.marks[k], games[i][k].berserk});
    for (const auto& g : arena.games)
      if (unfinished(g) && (g.white_account == e.account || g.black_account == e.account)) s.playing = g.id;
    out.push_back(std::move(s));
  }
  // Stable on the entrants' order (who joined first) for equal points and performance.
  std::stable_sort(out.begin(), out.end(), [](const ArenaStanding& a, const ArenaStanding& b) {
    return a.points != b.points ? a.points > b.points : a.performance > b.performance;
  });
  for (size_t i = 0; i < out.size(); ++i) out[i].rank = int(i) + 1;
  return out;
}

std::vector<ArenaPair> arena_wave(const ArenaData& arena, const std::vector<ArenaStanding>& standings, int64_t now) {
  std::map<std::string, int> place;
  for (const auto& s : standings) place.emplace(s.account, s.rank - 1);
  bool someone_playing = false;  // an active player who will soon be free
  for (const auto& s : standings) someone_playing = someone_playing || (s.active && !s.playing.empty());
  // Paired by a wave whose game is not over: being made (not stored yet, or stored without its
  // seats yet), its server stopped first, or in play.
  std::set<std::string> over, pending;
  for (const auto& g : arena.games)
    if (!unfinished(g)) over.insert(g.id);
  for (const auto& p : arena.pairings)
    if (p.round == 0 && !over.count(p.game)) pending.insert(p.white_account), pending.insert(p.black_account);
  std::vector<tournament::ArenaWaiting> waiting;
  for (size_t i = 0; i < arena.entrants.size(); ++i) {
    const ArenaEntrant& e = arena.entrants[i];
    if (!e.active) continue;
    tournament::ArenaWaiting w;
    w.id = int(i);
    w.place = place.count(e.account) ? place[e.account] : int(i);
    bool busy = pending.count(e.account) != 0;
    int64_t free_since = 0;
    for (const auto& g : arena.games) {  // by created_at: the last game seen is the last played
      const bool white = g.white_account == e.account, black = g.black_account == e.account;
      if (!white && !black) continue;
      if (unfinished(g)) busy = true;
      free_since = g.updated_at;
      w.colour_balance += white ? 1 : -1;
      w.last_colour = white ? tournament::Colour::White : tournament::Colour::Black;
      w.last_opponent = -1;
      for (size_t k = 0; k < arena.entrants.size(); ++k)
        if (arena.entrants[k].account == (white ? g.black_account : g.white_account)) w.last_opponent = int(k);
    }
    w.may_rematch = !someone_playing || now - free_since >= kArenaRematchWaitMs;
    if (!busy) waiting.push_back(w);
  }
  std::vector<ArenaPair> pairs;
  for (const auto& p : tournament::pair_arena(waiting).pairs)
    pairs.push_back({&arena.entrants[size_t(p.white)], &arena.entrants[size_t(p.black)]});
  return pairs;
}

}  // namespace yinsh::server

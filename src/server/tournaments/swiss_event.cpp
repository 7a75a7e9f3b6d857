// A Swiss event's table, next step and next round (swiss_event.h).
#include "server/tournaments/swiss_event.h"

#include <algorithm>
#include <map>

#include "tournament/tiebreak.h"

namespace yinsh::server {
namespace {

using tournament::Colour;
using tournament::Outcome;

// One round of one entrant, read from the pairings and the games.
struct Played {
  int round = 0;
  SwissCellKind kind = SwissCellKind::Absent;
  int opponent = -1;  // entrant index, -1 for a bye
  Colour colour = Colour::None;
  std::string game;
};

// Each entrant's paired rounds, in round order.
std::vector<std::vector<Played>> rounds_of(const ArenaData& e) {
  std::map<std::string, int> index;
  for (size_t i = 0; i < e.entrants.size(); ++i) index.emplace(e.entrants[i].account, int(i));
  std::map<std::string, const ArenaGameRow*> games;
  for (const auto& g : e.games) games.emplace(g.id, &g);
  std::vector<std::vector<Played>> out(e.entrants.size());
  for (const auto& p : e.pairings) {
    const auto w = index.find(p.white_account);
    if (w == index.end()) continue;
    if (p.bye()) {
      out[size_t(w->second)].push_back({p.round, SwissCellKind::Bye, -1, Colour::None, ""});
      continue;
    }
    const auto b = index.find(p.black_account);
    if (b == index.end()) continue;
    SwissCellKind white = SwissCellKind::Playing, black = SwissCellKind::Playing;  // (or being made)
    if (const auto g = games.find(p.game); g != games.end()) {
      const ArenaGameRow& r = *g->second;
      const bool scored = r.status == Status::Over && !r.score.empty() && r.score != "*";
      if (r.status == Status::Aborted || (r.status == Status::Over && !scored)) {
        white = black = SwissCellKind::Void;
      } else if (scored && r.score == "1/2-1/2") {
        white = black = SwissCellKind::Draw;
      } else if (scored) {
        white = r.score == "1-0" ? SwissCellKind::Win : SwissCellKind::Loss;
        black = r.score == "1-0" ? SwissCellKind::Loss : SwissCellKind::Win;
      }
    }
    out[size_t(w->second)].push_back({p.round, white, b->second, Colour::White, p.game});
    out[size_t(b->second)].push_back({p.round, black, w->second, Colour::Black, p.game});
  }
  return out;
}

int points2(SwissCellKind k) {
  return k == SwissCellKind::Win || k == SwissCellKind::Bye ? 2 : k == SwissCellKind::Draw ? 1 : 0;
}

bool counts_as_game(SwissCellKind k) {
  return k == SwissCellKind::Win || k == SwissCellKind::Draw || k == SwissCellKind::Loss ||
         k == SwissCellKind::Playing;
}

}  // namespace

std::string_view to_string(SwissCellKind k) {
  switch (k) {
    case SwissCellKind::Win: return "win";
    case SwissCellKind::Draw: return "draw";
    case SwissCellKind::Loss: return "loss";
    case SwissCellKind::Bye: return "bye";
    case SwissCellKind::Void: return "void";
    case SwissCellKind::Playing: return "playing";
    case SwissCellKind::Absent: return "absent";
  }
  return "absent";
}

std::vector<SwissRow> swiss_table(const ArenaData& event) {
  const auto rounds = rounds_of(event);
  std::vector<tournament::SwissResult> results;
  std::vector<std::pair<int, int>> ratings;
  for (size_t i = 0; i < event.entrants.size(); ++i) {
    ratings.emplace_back(int(i), event.entrants[i].rating);
    for (const Played& p : rounds[i]) {
      if (p.kind == SwissCellKind::Bye) results.push_back({int(i), -1, Outcome::Win});
      if (p.kind == SwissCellKind::Win || p.kind == SwissCellKind::Draw || p.kind == SwissCellKind::Loss)
        results.push_back({int(i), p.opponent,
                           p.kind == SwissCellKind::Win    ? Outcome::Win
                           : p.kind == SwissCellKind::Draw ? Outcome::Draw
                                                           : Outcome::Loss});
    }
  }
  std::vector<SwissRow> out;
  const int paired = event.tournament.round;
  for (const auto& s : tournament::swiss_standings(results, ratings)) {
    const ArenaEntrant& e = event.entrants[size_t(s.id)];
    SwissRow row;
    row.rank = int(out.size()) + 1;
    row.account = e.account, row.name = e.name, row.active = e.active;
    row.points2 = s.score2, row.buchholz2 = s.buchholz2, row.sonneborn4 = s.sonneborn4, row.rating = s.rating;
    for (int r = 1; r <= paired; ++r) {
      SwissCell cell;
      cell.round = r;
      for (const Played& p : rounds[size_t(s.id)]) {
        if (p.round != r) continue;
        cell.kind = p.kind, cell.colour = p.colour, cell.game = p.game;
        if (p.opponent >= 0) cell.opponent = event.entrants[size_t(p.opponent)].name;
        if (p.kind == SwissCellKind::Playing) row.playing = p.game;
      }
      row.cells.push_back(std::move(cell));
    }
    out.push_back(std::move(row));
  }
  return out;
}

SwissStep swiss_step(const ArenaData& event, int64_t now) {
  const TournamentRow& t = event.tournament;
  SwissStep step;
  const int last = t.round;
  int64_t due = t.starts_at;
  if (last > 0) {
    std::map<std::string, const ArenaGameRow*> games;
    for (const auto& g : event.games) games.emplace(g.id, &g);
    int64_t ended = 0;
    for (const auto& p : event.pairings) {
      if (p.round != last || p.bye()) continue;
      const auto g = games.find(p.game);
      if (g == games.end() || g->second->status == Status::Waiting || g->second->status == Status::Active)
        return step;  // a game of the round is in play (or being made)
      ended = std::max(ended, g->second->updated_at);
    }
    if (last >= t.rounds) return {SwissStep::Kind::Finish, 0, 0};
    due = std::max(ended + kSwissRoundPauseMs, t.starts_at + int64_t(last) * t.round_gap_ms);
  }
  if (now < due) return {SwissStep::Kind::Wait, 0, due};
  int active = 0;
  for (const auto& e : event.entrants) active += e.active ? 1 : 0;
  if (active >= 2) return {SwissStep::Kind::Pair, last + 1, 0};
  if (last == 0 && now < t.starts_at + kSwissStartGraceMs) return {SwissStep::Kind::Wait, 0, 0};  // for a second player
  return {SwissStep::Kind::Finish, 0, 0};
}

std::vector<SwissPairingRow> swiss_round(const ArenaData& event, int round, int64_t now,
                                         const std::function<std::string()>& new_id) {
  const auto rounds = rounds_of(event);
  std::vector<tournament::SwissPlayer> players;
  for (size_t i = 0; i < event.entrants.size(); ++i) {
    if (!event.entrants[i].active) continue;
    tournament::SwissPlayer p;
    p.id = int(i);
    p.rating = event.entrants[i].rating;
    for (int r = 1; r < round; ++r) {
      Colour colour = Colour::None;
      for (const Played& x : rounds[i]) {
        if (x.round != r) continue;
        p.score2 += points2(x.kind);
        p.had_bye = p.had_bye || x.kind == SwissCellKind::Bye;
        if (counts_as_game(x.kind)) {
          colour = x.colour;
          p.opponents.push_back(x.opponent);
        }
      }
      p.colours.push_back(colour);
    }
    players.push_back(std::move(p));
  }
  std::vector<SwissPairingRow> boards;
  if (players.size() < 2) return boards;
  const tournament::SwissRound paired = tournament::pair_swiss(players);
  for (const auto& pair : paired.pairs)
    boards.push_back({round, int(boards.size()), event.entrants[size_t(pair.white)].account,
                      event.entrants[size_t(pair.black)].account, new_id(), now});
  if (paired.bye) boards.push_back({round, int(boards.size()), event.entrants[size_t(*paired.bye)].account, "", "", now});
  return boards;
}

}  // namespace yinsh::server

#include "match.h"

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <thread>

#include "core/movegen.h"
#include "match/player.h"

namespace yinsh {

Game opening(uint64_t seed, int pair, int plies) {
  Rng rng(seed * 0x9E3779B97F4A7C15ull + uint64_t(pair) + 1);
  Game game;
  for (int i = 0; i < plies && !game.position().is_over(); ++i)
    game.play(random_decision(game.position(), rng));
  return game;
}

namespace {

// Milliseconds as seconds, as PGN's TimeControl writes them: "20", "0.2", "1.25".
std::string seconds_text(int64_t ms) {
  std::string s = std::to_string(ms / 1000);
  if (int64_t frac = ms % 1000) {
    std::string f = std::to_string(1000 + frac).substr(1);  // three digits
    while (f.back() == '0') f.pop_back();
    s += "." + f;
  }
  return s;
}

// `name` once when both colours had the same `white` and `black` (nothing when that is ""),
// else White<name> and Black<name>, each when not "".
void set_colour_tags(GameRecord& r, const std::string& name, const std::string& white, const std::string& black) {
  if (white == black) {
    if (!white.empty()) r.set_tag(name, white);
    return;
  }
  if (!white.empty()) r.set_tag("White" + name, white);
  if (!black.empty()) r.set_tag("Black" + name, black);
}

}  // namespace

std::string clock_tag(int64_t base_ms, int64_t inc_ms) {
  return seconds_text(base_ms) + (inc_ms > 0 ? "+" + seconds_text(inc_ms) : "");
}

namespace {

// Plays one game; white/black are the players, first_is_white says who is "first".
GameOutcome play_game(const MatchConfig& cfg, int index, Player& white, Player& black,
                      bool first_is_white) {
  GameOutcome out;
  out.index = index;
  Game game = opening(cfg.seed, index / 2, cfg.random_plies);
  white.new_game();
  black.new_game();
  const bool clocks = cfg.clock_base[0] >= 0;
  const int white_player = first_is_white ? 0 : 1;  // index into the config's first/second arrays
  int64_t clock[2], inc[2];
  clock[WHITE] = cfg.clock_base[white_player], clock[BLACK] = cfg.clock_base[1 - white_player];
  inc[WHITE] = cfg.clock_inc[white_player], inc[BLACK] = cfg.clock_inc[1 - white_player];
  Color loser = WHITE;
  bool forfeit = false;
  while (!game.position().is_over()) {
    const Color side = game.position().side_to_move();
    Player& p = side == WHITE ? white : black;
    Limits l = cfg.limits;
    if (clocks) {
      l.time[WHITE] = clock[WHITE], l.time[BLACK] = clock[BLACK];
      l.inc[WHITE] = inc[WHITE], l.inc[BLACK] = inc[BLACK];
    }
    const auto t0 = std::chrono::steady_clock::now();
    Move m;
    std::string error;
    const bool ok = p.think(game, l, m, &error);
    const int64_t used = std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::steady_clock::now() - t0).count();
    if (!ok || !game.play(m)) {
      out.note = (side == WHITE ? "White" : "Black") + std::string(" forfeits: ") +
                 (ok ? "illegal decision" : error);
      loser = side, forfeit = true;
      break;
    }
    if (clocks) {
      clock[side] -= used;
      if (clock[side] < 0) {
        out.note = (side == WHITE ? "White" : "Black") + std::string(" lost on time");
        loser = side, forfeit = true;
        break;
      }
      clock[side] += inc[side];
    }
  }
  double white_points = 0.5;
  if (forfeit) {
    white_points = loser == WHITE ? 0 : 1;
  } else {
    const Result r = game.position().result();
    white_points = r == Result::WhiteWins ? 1 : r == Result::BlackWins ? 0 : 0.5;
  }
  out.first_points = first_is_white ? white_points : 1 - white_points;
  out.record = make_record(game);
  out.record.set_tag("Event", "yinsh match");
  out.record.set_tag("Round", std::to_string(index + 1));
  out.record.set_tag("White", first_is_white ? cfg.first_name : cfg.second_name);
  out.record.set_tag("Black", first_is_white ? cfg.second_name : cfg.first_name);
  // What the players were given: the clocks (PGN's TimeControl in seconds, one per colour when
  // they differ, as cutechess writes time odds) and the `go` limits per decision (one per
  // colour when a built-in player has its own).
  auto clock_of = [&](int player) {
    return clocks ? clock_tag(cfg.clock_base[player], cfg.clock_inc[player]) : "-";
  };
  set_colour_tags(out.record, "TimeControl", clock_of(white_player), clock_of(1 - white_player));
  set_colour_tags(out.record, "SearchLimit", go_limits(white.limits(cfg.limits)),
                  go_limits(black.limits(cfg.limits)));
  if (forfeit) {
    out.record.set_tag("Result", white_points == 1 ? "1-0" : "0-1");
    out.record.set_tag("Termination", out.note);
  }
  return out;
}

}  // namespace

std::string config_error(const MatchConfig& cfg) {
  if ((cfg.clock_base[0] >= 0) != (cfg.clock_base[1] >= 0)) return "both players need a clock, or neither";
  return "";
}

MatchReport run_match(const MatchConfig& cfg,
                      const std::function<void(const GameOutcome&, const MatchReport&)>& on_game) {
  MatchReport report;
  if (report.error = config_error(cfg); !report.error.empty()) return report;
  std::mutex mutex;
  std::atomic<int> next{0};
  std::atomic<bool> done{false};
  std::map<int, double> half_pairs;  // pair -> the first player's points in its finished game
  auto worker = [&](int id) {
    std::string error;
    const uint64_t seed = cfg.seed * 2 + uint64_t(id) * 1000;
    auto a = make_player(cfg.first, seed + 1, cfg.grace_ms, &error);
    auto b = a ? make_player(cfg.second, seed + 2, cfg.grace_ms, &error) : nullptr;
    if (!a || !b) {
      std::lock_guard lock(mutex);
      report.error = error;
      done = true;
      return;
    }
    for (int i; !done && (i = next.fetch_add(1)) < cfg.games;) {
      const bool first_white = i % 2 == 0;
      GameOutcome g = first_white ? play_game(cfg, i, *a, *b, true) : play_game(cfg, i, *b, *a, false);
      std::lock_guard lock(mutex);
      if (g.first_points == 1) ++report.score.wins;
      else if (g.first_points == 0) ++report.score.losses;
      else ++report.score.draws;
      report.elo = estimate_elo(report.score);
      if (auto other = half_pairs.find(i / 2); other != half_pairs.end()) {
        report.pairs.add(other->second + g.first_points);
        report.pair_elo = estimate_elo(report.pairs);
        half_pairs.erase(other);
      } else {
        half_pairs.emplace(i / 2, g.first_points);
      }
      if (cfg.sprt) {
        report.llr = sprt_llr(report.pairs, cfg.sprt_params.elo0, cfg.sprt_params.elo1);
        report.verdict = sprt_verdict(report.pairs, cfg.sprt_params);
        if (report.verdict != SprtVerdict::Continue) done = true;
      }
      if (on_game) on_game(g, report);
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < std::max(1, cfg.concurrency); ++t) threads.emplace_back(worker, t);
  for (auto& t : threads) t.join();
  return report;
}

}  // namespace yinsh

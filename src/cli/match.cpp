// `yinsh match`: two engines play each other; prints W/D/L, Elo with its margin and an SPRT
// verdict, and writes every game as a record in the official notation.
#include <signal.h>

#include <cctype>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <initializer_list>
#include <iostream>

#include "commands.h"
#include "match/match.h"

namespace yinsh::cli {

namespace {

// "base" or "base+inc", whole milliseconds: base above 0, inc 0 or more, nothing else.
bool parse_clock(const std::string& text, long long& base, long long& inc) {
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, base);
  if (ec != std::errc() || base <= 0) return false;
  inc = 0;
  if (p == end) return true;
  if (*p != '+' || p + 1 == end || !std::isdigit(static_cast<unsigned char>(p[1]))) return false;
  auto [q, ec2] = std::from_chars(p + 1, end, inc);
  return ec2 == std::errc() && q == end;
}

}  // namespace

void add_match_command(CLI::App& app) {
  struct Args {
    MatchConfig cfg;
    int64_t movetime = 0, nodes = 0;
    int depth = 0;
    std::string tc, first_tc, second_tc, records;
    double elo0 = 0, elo1 = 0;
    bool sprt = false, quiet = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("match", "Play two engines against each other and rate them");
  cmd->add_option("--first,-a", args->cfg.first,
                  "First player: built-in engine options 'Level=5,Hash=16' or 'cmd:<command>' "
                  "for any program speaking the engine protocol")->required();
  cmd->add_option("--second,-b", args->cfg.second, "Second player (same forms)")->required();
  cmd->add_option("--first-name", args->cfg.first_name, "Name of the first player in records");
  cmd->add_option("--second-name", args->cfg.second_name, "Name of the second player");
  cmd->add_option("--games,-n", args->cfg.games, "Games (openings are played in pairs, colours swapped)")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--movetime", args->movetime, "Milliseconds per decision")->check(CLI::Range(int64_t(1), int64_t(1) << 40));
  cmd->add_option("--depth", args->depth, "Fixed depth per decision")->check(CLI::Range(1, 60));
  cmd->add_option("--nodes", args->nodes, "Fixed nodes per decision")->check(CLI::Range(int64_t(1), int64_t(1) << 50));
  cmd->add_option("--tc", args->tc, "Clock per game, 'base+inc' in milliseconds (e.g. 10000+100)");
  cmd->add_option("--first-tc", args->first_tc, "The first player's clock ('base+inc'), instead of --tc: time odds");
  cmd->add_option("--second-tc", args->second_tc, "The second player's clock ('base+inc'), instead of --tc");
  cmd->add_option("--concurrency,-j", args->cfg.concurrency, "Games played at once")->check(CLI::Range(1, 64));
  cmd->add_option("--seed", args->cfg.seed, "Seed of the openings and the engines");
  cmd->add_option("--random-plies", args->cfg.random_plies, "Random ring placements opening each game pair")
      ->check(CLI::Range(0, 10));
  cmd->add_option("--grace", args->cfg.grace_ms,
                  "Milliseconds an external engine may overrun its limit before it forfeits the game "
                  "(it is then stopped and resynchronised, or restarted, before its next game)")
      ->check(CLI::Range(int64_t(1), int64_t(86400000)));
  cmd->add_option("--records,-o", args->records, "Write every game's record to this file");
  auto* e0 = cmd->add_option("--elo0", args->elo0, "SPRT: Elo of H0 (default 0)");
  auto* e1 = cmd->add_option("--elo1", args->elo1, "SPRT: Elo of H1; giving it turns the SPRT on (over game pairs, pentanomial)");
  (void)e0;
  cmd->add_option("--alpha", args->cfg.sprt_params.alpha, "SPRT: false positive rate")->check(CLI::Range(1e-6, 0.5));
  cmd->add_option("--beta", args->cfg.sprt_params.beta, "SPRT: false negative rate")->check(CLI::Range(1e-6, 0.5));
  cmd->add_flag("--quiet,-q", args->quiet, "No progress lines");
  cmd->callback([args, e1] {
    MatchConfig cfg = args->cfg;
    cfg.limits.movetime = args->movetime;
    cfg.limits.depth = args->depth;
    cfg.limits.nodes = uint64_t(args->nodes);
    // --tc sets both players' clocks, --first-tc / --second-tc one player's (they win over --tc).
    const auto set_clock = [&cfg](const char* flag, const std::string& text, std::initializer_list<int> players) {
      if (text.empty()) return;
      long long base = 0, inc = 0;
      if (!parse_clock(text, base, inc)) {
        std::cerr << "error: " << flag << " expects 'base+inc' in milliseconds, e.g. 10000+100\n";
        std::exit(2);
      }
      for (int i : players) cfg.clock_base[i] = base, cfg.clock_inc[i] = inc;
    };
    set_clock("--tc", args->tc, {0, 1});
    set_clock("--first-tc", args->first_tc, {0});
    set_clock("--second-tc", args->second_tc, {1});
    if (const std::string error = config_error(cfg); !error.empty()) {  // before any file is written
      std::cerr << "error: " << error << ": give --tc, or both --first-tc and --second-tc\n";
      std::exit(2);
    }
    const bool clocked = cfg.clock_base[0] >= 0;
    if (!cfg.limits.movetime && !cfg.limits.depth && !cfg.limits.nodes && !clocked)
      cfg.limits.movetime = 100;
    cfg.sprt = e1->count() > 0;
    cfg.sprt_params.elo0 = args->elo0;
    cfg.sprt_params.elo1 = args->elo1;
    if (cfg.sprt && cfg.sprt_params.elo1 <= cfg.sprt_params.elo0) {
      std::cerr << "error: --elo1 must be above --elo0\n";
      std::exit(2);
    }
    std::ofstream records;
    if (!args->records.empty()) {
      records.open(args->records);
      if (!records) {
        std::cerr << "error: cannot write " << args->records << "\n";
        std::exit(2);
      }
    }
    signal(SIGPIPE, SIG_IGN);  // an external engine that dies must not kill the match
    const bool quiet = args->quiet;
    const MatchReport r = run_match(cfg, [&](const GameOutcome& g, const MatchReport& rep) {
      if (records) records << write_record(g.record) << "\n" << std::flush;
      if (quiet) return;
      char line[256];
      std::snprintf(line, sizeof line,
                    "game %d/%d: %s  (%s +%d =%d -%d  elo %+.0f +- %.0f, pairs %d: +- %.0f%s)",
                    rep.score.games(), cfg.games,
                    g.first_points == 1 ? "1-0" : g.first_points == 0 ? "0-1" : "draw",
                    cfg.first_name.c_str(), rep.score.wins, rep.score.draws, rep.score.losses,
                    rep.elo.elo, rep.elo.margin, rep.pairs.pairs(), rep.pair_elo.margin,
                    cfg.sprt ? (" LLR " + std::to_string(rep.llr).substr(0, 5)).c_str() : "");
      std::cerr << line << (g.note.empty() ? "" : "  [" + g.note + "]") << "\n";
    });
    if (!r.error.empty()) {
      std::cerr << "error: " << r.error << "\n";
      std::exit(2);
    }
    const Score& s = r.score;
    std::printf("%s vs %s: games %d, wins %d, draws %d, losses %d, score %.1f%%\n",
                cfg.first_name.c_str(), cfg.second_name.c_str(), s.games(), s.wins, s.draws,
                s.losses, 100.0 * s.points() / std::max(1, s.games()));
    std::printf("elo %+.1f +- %.1f (95%%)\n", r.elo.elo, r.elo.margin);
    const PairCounts& p = r.pairs;
    std::printf("pairs %d (first player's points 0/0.5/1/1.5/2: %d %d %d %d %d): elo %+.1f +- %.1f "
                "(95%%, pentanomial)\n",
                p.pairs(), p.n[0], p.n[1], p.n[2], p.n[3], p.n[4], r.pair_elo.elo, r.pair_elo.margin);
    if (cfg.sprt)
      std::printf("sprt elo0 %.1f elo1 %.1f alpha %.3f beta %.3f: llr %.2f [%.2f, %.2f] %s\n",
                  cfg.sprt_params.elo0, cfg.sprt_params.elo1, cfg.sprt_params.alpha,
                  cfg.sprt_params.beta, r.llr, sprt_lower_bound(cfg.sprt_params),
                  sprt_upper_bound(cfg.sprt_params), to_string(r.verdict).c_str());
  });
}

}  // namespace yinsh::cli

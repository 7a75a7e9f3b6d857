// Black-box tests of the AI through the real binary (scripts end without `quit`: end of input
// waits for the search): `go` prints info lines and a legal
// bestmove, Threads/Level options work, `bench` prints the same search signature every run,
// and `match` plays games and writes readable records, keeps each player's own clock, and brings
// an external engine that missed a decision back in step (or restarts it) before its next game.
#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.h"

namespace {

// A whole command line (the binary named in it), stdout only.
std::string run(const std::string& command) { return yinsh::test::shell_stdout(command); }

std::string engine(const std::string& script) {
  // One file per test and process: ctest runs tests as parallel processes.
  const auto* info = testing::UnitTest::GetInstance()->current_test_info();
  const std::string file = testing::TempDir() + "yinsh_search_cli_" + info->name() + "_" +
                           std::to_string(getpid()) + ".txt";
  std::ofstream(file) << script;
  return run(std::string(YINSH_BIN) + " engine < " + file);
}

std::string line_starting(const std::string& text, const std::string& prefix) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(prefix, 0) == 0) return line;
  return "";
}

// A bench line's counts: the line starting with `prefix`, up to its timings (" cpu-ms").
std::string counts(const std::string& text, const std::string& prefix) {
  const std::string line = line_starting(text, prefix);
  return line.substr(0, line.find(" cpu-ms"));
}

TEST(SearchCli, GoDepthPrintsInfoAndALegalBestmove) {
  const std::string out = engine(
      "position startpos moves e5 f6 d4 g7 c5 e7 h8 f3 e3 g5\nlegal\ngo depth 3\n");
  const std::string info = line_starting(out, "info depth 3 ");
  ASSERT_FALSE(info.empty()) << out;
  for (const char* key : {" score ", " nodes ", " nps ", " time ", " pv "})
    EXPECT_NE(info.find(key), std::string::npos) << info;
  const std::string best = line_starting(out, "bestmove ");
  ASSERT_FALSE(best.empty()) << out;
  const std::string legal = " " + line_starting(out, "c5-") + " ";  // the sorted legal list
  EXPECT_NE(legal.find(" " + best.substr(9) + " "), std::string::npos) << out;
}

TEST(SearchCli, ClockSearchAnswersAndTwoThreadsWork) {
  const std::string out = engine(
      "setoption name Threads value 2\nposition startpos moves e5 f6 d4 g7 c5 e7 h8 f3 e3 g5\n"
      "go wtime 2000 btime 2000 winc 0 binc 0\n");
  EXPECT_FALSE(line_starting(out, "bestmove ").empty()) << out;
  EXPECT_EQ(out.find("error"), std::string::npos) << out;
}

TEST(SearchCli, LevelOptionIsRangeChecked) {
  const std::string out = engine("setoption name Level value 99\nsetoption name Level value 2\n"
                                 "position startpos\ngo depth 1\n");
  EXPECT_FALSE(line_starting(out, "error setoption").empty()) << out;
  EXPECT_FALSE(line_starting(out, "bestmove ").empty()) << out;
}

TEST(SearchCli, BenchSearchSignatureIsTheSameEveryRun) {
  const std::string cmd = std::string(YINSH_BIN) + " bench --games 10 --perft-depth 1 --search-depth 3";
  const std::string first = run(cmd), second = run(cmd);
  const std::string a = line_starting(first, "search-nodes: ");
  const std::string b = line_starting(second, "search-nodes: ");
  ASSERT_FALSE(a.empty());
  EXPECT_EQ(a, b);
  EXPECT_NE(a, "search-nodes: 0");
  // The same positions searched with the built-in network: its own count, as fixed, and not
  // the linear evaluation's (the network is what it signs).
  const std::string n = counts(first, "search-nnue-nodes: ");
  ASSERT_FALSE(n.empty()) << first;
  EXPECT_EQ(n, counts(second, "search-nnue-nodes: "));
  EXPECT_NE(n, "search-nnue-nodes: 0");
  EXPECT_NE(n.substr(n.find(' ')), a.substr(a.find(' ')));  // the numbers after the names
  // Which code the rates were measured with: a ring-lanes path, an evaluation form and a
  // network kernel.
  const std::string paths = line_starting(first, "code-paths: ");
  EXPECT_TRUE(paths.find("ring-lanes scalar") != std::string::npos ||
              paths.find("ring-lanes avx2") != std::string::npos ||
              paths.find("ring-lanes avx512") != std::string::npos)
      << first;
  EXPECT_TRUE(paths.find(" eval generic") != std::string::npos ||
              paths.find(" eval popcnt") != std::string::npos ||
              paths.find(" eval native") != std::string::npos ||
              paths.find(" eval avx2") != std::string::npos || paths.find(" eval avx512") != std::string::npos)
      << first;
  EXPECT_TRUE(paths.find(" nnue scalar") != std::string::npos || paths.find(" nnue avx2") != std::string::npos ||
              paths.find(" nnue vnni") != std::string::npos)
      << first;
}

// --ring-lanes measures one ring-move path: every path plays the same random games (the counts
// before "cpu-ms" agree), and a path this CPU lacks or an unknown name is an error.
TEST(SearchCli, BenchRingLanesPathsPlayTheSameGames) {
  const std::string base = std::string(YINSH_BIN) + " bench --games 200 --perft-depth 1 --search-depth 1";
  const auto games = [](const std::string& out) { return counts(out, "random-games: "); };
  const std::string automatic = run(base);
  ASSERT_FALSE(games(automatic).empty()) << automatic;
  for (const std::string path : {"scalar", "avx2", "avx2-bmi2", "avx512"}) {
    const yinsh::test::CliRun r = yinsh::test::run("bench --games 200 --perft-depth 1 --search-depth 1 --ring-lanes " + path);
    if (r.status != 0) {  // not on this CPU: said so, and nothing was measured
      EXPECT_NE(path, "scalar");
      EXPECT_NE(r.out.find("not supported"), std::string::npos) << r.out;
      EXPECT_EQ(r.out.find("random-games:"), std::string::npos) << r.out;
      continue;
    }
    EXPECT_NE(line_starting(r.out, "code-paths: ").find("ring-lanes " + path + " "), std::string::npos) << r.out;
    EXPECT_EQ(games(r.out), games(automatic)) << path;
  }
  const yinsh::test::CliRun bad = yinsh::test::run("bench --games 10 --ring-lanes avx9");
  EXPECT_NE(bad.status, 0);
  EXPECT_EQ(bad.out.find("random-games:"), std::string::npos) << bad.out;
}

TEST(SearchCli, MatchPlaysAndWritesRecords) {
  const std::string records = testing::TempDir() + "yinsh_match_records_" + std::to_string(getpid()) + ".txt";
  const std::string out = run(std::string(YINSH_BIN) + " match -a Level=2 -b Level=1 -n 6 -j 2 -q -o " +
                              records + " --elo1 50");
  EXPECT_NE(out.find("games 6"), std::string::npos) << out;
  EXPECT_NE(out.find("elo "), std::string::npos) << out;
  EXPECT_NE(out.find("sprt "), std::string::npos) << out;
  std::ifstream in(records);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("[Result \""), std::string::npos);
  // No clocks: the default 100 ms per decision is written down.
  EXPECT_EQ(yinsh::test::count(text.str(), "[TimeControl \"-\"]"), 6u) << text.str();
  EXPECT_EQ(yinsh::test::count(text.str(), "[SearchLimit \"movetime 100\"]"), 6u) << text.str();
  EXPECT_NE(text.str().find("1."), std::string::npos);
  // The pairs line agrees with the records: games 2k-1 and 2k share an opening, colours swapped.
  std::map<int, double> first_points;  // pair -> A's points
  std::istringstream records_in(text.str());
  int round = 0;
  std::string white, line;
  while (std::getline(records_in, line)) {
    if (line.rfind("[Round \"", 0) == 0) round = std::stoi(line.substr(8));
    if (line.rfind("[White \"", 0) == 0) white = line.substr(8, line.size() - 10);
    if (line.rfind("[Result \"", 0) == 0) {
      const std::string r = line.substr(9, line.size() - 11);
      const double white_points = r == "1-0" ? 1 : r == "0-1" ? 0 : 0.5;
      first_points[(round - 1) / 2] += white == "A" ? white_points : 1 - white_points;
    }
  }
  ASSERT_EQ(first_points.size(), 3u) << text.str();
  int n[5] = {0, 0, 0, 0, 0};
  for (const auto& [pair, points] : first_points) ++n[int(points * 2 + 0.5)];
  const std::string expected = "pairs 3 (first player's points 0/0.5/1/1.5/2: " + std::to_string(n[0]) +
                               " " + std::to_string(n[1]) + " " + std::to_string(n[2]) + " " +
                               std::to_string(n[3]) + " " + std::to_string(n[4]) + "): elo ";
  EXPECT_NE(out.find(expected), std::string::npos) << expected << "\n" << out;
}

TEST(SearchCli, MatchAgainstAnExternalEngine) {
  const std::string out = run(std::string(YINSH_BIN) + " match -a Level=2 -b 'cmd:" + YINSH_BIN +
                              " engine --level 0' -n 2 -j 1 -q --movetime 20");
  EXPECT_NE(out.find("games 2"), std::string::npos) << out;
  EXPECT_EQ(out.find("forfeit"), std::string::npos) << out;
}

// The records of a two-game match give each colour its player's `tag`: in game 1 the first
// player is White, in game 2 Black.
void expect_tags_by_colour(const std::string& text, const std::string& tag, const std::string& first,
                           const std::string& second) {
  const size_t round2 = text.find("[Round \"2\"]");
  ASSERT_NE(round2, std::string::npos) << text;
  auto pair = [&](const std::string& white, const std::string& black) {
    return "[White" + tag + " \"" + white + "\"]\n[Black" + tag + " \"" + black + "\"]";
  };
  EXPECT_NE(text.substr(0, round2).find(pair(first, second)), std::string::npos) << text;
  EXPECT_NE(text.substr(round2).find(pair(second, first)), std::string::npos) << text;
}

// A built-in player's own limit (movetime=) is written on its colour's side of the record; the
// other player's is the match's.
TEST(SearchCli, MatchRecordsEachColoursSearchLimit) {
  const std::string records = testing::TempDir() + "yinsh_match_limits_" + std::to_string(getpid()) + ".txt";
  const std::string out = run(std::string(YINSH_BIN) + " match -a Level=1,movetime=30 -b Level=1 -n 2 -j 1 -q " +
                              "--movetime 10 -o " + records + " 2>&1");
  EXPECT_NE(out.find("games 2,"), std::string::npos) << out;
  const std::string text = yinsh::test::slurp(records);
  expect_tags_by_colour(text, "SearchLimit", "movetime 30", "movetime 10");
  EXPECT_EQ(yinsh::test::count(text, "[TimeControl \"-\"]"), 2u) << text;
  EXPECT_EQ(text.find("[SearchLimit "), std::string::npos) << text;
}

// Time odds: each player keeps its own clock (--first-tc / --second-tc). An external engine
// that logs its input sees, in every `go`, its own clock and increment on its own colour's side
// and the other player's on the other: in game 1 the first player is White, in game 2 Black.
TEST(SearchCli, MatchGivesEachPlayerItsOwnClock) {
  const std::string base = testing::TempDir() + "yinsh_clocks_" + std::to_string(getpid());
  const std::string wrapper = base + ".sh", log = base + ".log", records = base + ".txt";
  std::remove(log.c_str());
  std::ofstream(wrapper) << "tee -a \"$1\" | \"$2\" engine --level 0\n";
  const std::string out = run(std::string(YINSH_BIN) + " match -a Level=1 -b 'cmd:sh " + wrapper + " " + log +
                              " " + YINSH_BIN + "' -n 2 -j 1 -q --first-tc 2000+7 --second-tc 4000+11 -o " +
                              records + " 2>&1");
  // The records say which clock each colour had (seconds, PGN style), and no per-decision limit.
  const std::string text = yinsh::test::slurp(records);
  expect_tags_by_colour(text, "TimeControl", "2+0.007", "4+0.011");
  EXPECT_EQ(text.find("[TimeControl "), std::string::npos) << text;
  EXPECT_EQ(text.find("[SearchLimit "), std::string::npos) << text;
  EXPECT_NE(out.find("games 2,"), std::string::npos) << out;
  EXPECT_EQ(out.find("forfeit"), std::string::npos) << out;
  EXPECT_EQ(out.find("on time"), std::string::npos) << out;
  // Per game (counted by `newgame`): every go's clocks, as {wtime, btime, winc, binc}.
  std::vector<std::vector<std::array<long long, 4>>> games;
  std::istringstream in(yinsh::test::slurp(log));
  for (std::string line; std::getline(in, line);) {
    if (line == "newgame") games.emplace_back();
    if (line.rfind("go", 0) != 0) continue;
    std::array<long long, 4> c{};
    ASSERT_EQ(std::sscanf(line.c_str(), "go wtime %lld btime %lld winc %lld binc %lld", &c[0], &c[1], &c[2], &c[3]), 4)
        << line;
    ASSERT_FALSE(games.empty()) << "go before newgame";
    games.back().push_back(c);
  }
  ASSERT_EQ(games.size(), 2u);
  for (int g = 0; g < 2; ++g) {
    ASSERT_FALSE(games[g].empty()) << "game " << g + 1;
    const int b = g == 0 ? 1 : 0;  // the second player's colour index: Black in game 1, White in game 2
    // Its clock is full when first asked (the openings end with White to move) ...
    EXPECT_EQ(games[g].front()[b], 4000) << "game " << g + 1;
    if (g == 0) {
      EXPECT_LE(games[g].front()[0], 2007);  // ... the first player's already ran
    }
    for (size_t k = 0; k < games[g].size(); ++k) {
      const auto& c = games[g][k];
      EXPECT_EQ(c[2 + b], 11) << "game " << g + 1;
      EXPECT_EQ(c[2 + (1 - b)], 7) << "game " << g + 1;
      EXPECT_LE(c[b], 4000 + 11 * (long long)k) << "its k-th go follows k decisions of its own";
    }
  }
}

// A clock for one player only, or one that is not whole milliseconds 'base[+inc]', is refused.
TEST(SearchCli, MatchRejectsBadClocks) {
  const yinsh::test::CliRun one = yinsh::test::run("match -a Level=1 -b Level=1 -n 2 --first-tc 1000+10");
  EXPECT_EQ(one.status, 2) << one.out;
  EXPECT_NE(one.out.find("both players need a clock"), std::string::npos) << one.out;
  EXPECT_EQ(one.out.find("games "), std::string::npos) << one.out;
  for (const std::string clock : {"5s", "1000+", "1000+-5", "0+10", "+5", "1000+5x", "-1000"}) {
    const yinsh::test::CliRun bad = yinsh::test::run("match -a Level=1 -b Level=1 -n 2 --tc 1000 --second-tc=" + clock);
    EXPECT_EQ(bad.status, 2) << clock << "\n" << bad.out;
    EXPECT_NE(bad.out.find("--second-tc expects 'base+inc'"), std::string::npos) << clock << "\n" << bad.out;
    EXPECT_EQ(bad.out.find("games "), std::string::npos) << bad.out;
  }
}

// An external engine that misses its first decision: a wrapper around `yinsh engine` that
// turns the first `go` into `go infinite` ("late": the bestmove comes only after `stop`) or
// stops reading its input for 30 s in a child process ("hang": no `stop`, no `readyok`). The
// runner must forfeit that game only: the late answer must not be taken as the reply to a
// question of the next game, and a hung engine must be killed, child included, and restarted.
struct MissedDecisionMatch {
  std::string records_text, out, marker;
};

MissedDecisionMatch match_with_missed_decision(const std::string& mode) {
  const std::string base = testing::TempDir() + "yinsh_missed_" + mode + "_" + std::to_string(getpid());
  const std::string wrapper = base + ".sh", marker = base + ".marker", records = base + ".txt";
  std::remove(marker.c_str());
  std::ofstream(wrapper) << R"(mode=$1 marker=$2
while IFS= read -r line; do
  case "$line" in
    go*)
      if [ ! -e "$marker" ]; then
        : > "$marker"
        if [ "$mode" = late ]; then echo "go infinite"; continue; fi
        sleep 30 & echo $! > "$marker"; wait; continue
      fi;;
  esac
  printf '%s\n' "$line"
done | "$3" engine
)";
  MissedDecisionMatch m;
  m.marker = marker;
  m.out = run(std::string(YINSH_BIN) + " match -a Level=1 -b 'cmd:sh " + wrapper + " " + mode + " " +
              marker + " " + YINSH_BIN + "' -n 4 -j 1 -q --movetime 10 --grace 2000 --random-plies 10 -o " +
              records + " 2>&1");
  m.records_text = yinsh::test::slurp(records);
  return m;
}

// Game 1 (the engine plays Black) is lost for want of a bestmove; games 2-4 end on the board.
void expect_only_the_first_game_forfeited(const MissedDecisionMatch& m) {
  EXPECT_NE(m.out.find("games 4"), std::string::npos) << m.out;
  EXPECT_EQ(yinsh::test::count(m.records_text, "[Termination "), 1u) << m.records_text;
  EXPECT_NE(m.records_text.find("[Termination \"Black forfeits: the engine gave no bestmove within 2010 ms\"]"),
            std::string::npos) << m.records_text;
  EXPECT_EQ(yinsh::test::count(m.records_text, "[Result "), 4u) << m.records_text;
}

TEST(SearchCli, MatchResyncsAnEngineWhoseBestmoveCameLate) {
  expect_only_the_first_game_forfeited(match_with_missed_decision("late"));
}

TEST(SearchCli, MatchRestartsAnEngineThatHangs) {
  const MissedDecisionMatch m = match_with_missed_decision("hang");
  expect_only_the_first_game_forfeited(m);
  // The hung engine's child (the `sleep 30`) went with it: gone, or at most a zombie.
  std::ifstream marker(m.marker);
  int pid = 0;
  ASSERT_TRUE(marker >> pid) << "the wrapper wrote no pid";
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string stat_line;
  std::getline(stat, stat_line);
  const size_t paren = stat_line.rfind(')');
  const bool alive = !stat_line.empty() && paren != std::string::npos && stat_line.size() > paren + 2 &&
                     stat_line[paren + 2] != 'Z';
  EXPECT_FALSE(alive) << stat_line;
  if (alive) kill(pid, SIGKILL);
}

}  // namespace

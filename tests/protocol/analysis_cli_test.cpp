// Black-box tests of the analysis outputs through `yinsh engine`: MultiPV info lines,
// `go searchmoves`, and `winprob` on every info line (docs/api.md, docs/ai.md).
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>

#include "engine_process.h"

using yinsh::test::Process;

namespace {

const std::string MIDGAME = "position startpos moves e5 f6 d4 g7 c5 e7 h8 f3 e3 g5";

// `info` fields as key -> value (pv: the rest of the line).
std::map<std::string, std::string> fields(const std::string& line) {
  std::istringstream in(line);
  std::map<std::string, std::string> f;
  std::string w;
  in >> w;  // info
  while (in >> w) {
    if (w == "pv") {
      std::string rest;
      std::getline(in, rest);
      f["pv"] = rest.empty() ? "" : rest.substr(1);
      break;
    }
    in >> f[w];
  }
  return f;
}

struct Answer {
  std::vector<std::string> infos;
  std::string best;
};

// Sends `go ...` and collects the info lines and the decision.
Answer go(Process& p, const std::string& cmd) {
  p.send(cmd);
  Answer a;
  while (auto l = p.line()) {
    if (l->rfind("info ", 0) == 0) {
      a.infos.push_back(*l);
      continue;
    }
    EXPECT_EQ(l->rfind("bestmove ", 0), 0u) << *l;
    a.best = l->substr(9);
    return a;
  }
  ADD_FAILURE() << "no bestmove after '" << cmd << "'";
  return a;
}

std::string first_word(const std::string& s) { return s.substr(0, s.find(' ')); }

TEST(AnalysisCli, MultiPvGivesDistinctLinesPerDepthBestFirst) {
  Process p({"engine"});
  p.send("setoption name MultiPV value 3");
  p.send(MIDGAME);
  const Answer a = go(p, "go depth 3");
  std::map<std::string, std::vector<std::map<std::string, std::string>>> by_depth;
  for (const auto& l : a.infos) by_depth[fields(l)["depth"]].push_back(fields(l));
  ASSERT_EQ(by_depth.size(), 3u);
  for (const auto& [depth, lines] : by_depth) {
    ASSERT_EQ(lines.size(), 3u) << "depth " << depth;
    std::set<std::string> firsts;
    for (size_t k = 0; k < lines.size(); ++k) {
      EXPECT_EQ(lines[k].at("multipv"), std::to_string(k + 1));
      if (k >= 2) {
        EXPECT_LE(std::stoi(lines[k].at("score")), std::stoi(lines[k - 1].at("score")));
      }
      firsts.insert(first_word(lines[k].at("pv")));
    }
    EXPECT_EQ(firsts.size(), 3u) << "each line starts with another decision";
  }
  EXPECT_EQ(first_word(by_depth["3"][0].at("pv")), a.best);
}

TEST(AnalysisCli, EveryInfoLineHasAWinProbabilityThatFollowsTheScore) {
  Process p({"engine"});
  p.send("setoption name MultiPV value 5");
  p.send(MIDGAME);
  const Answer a = go(p, "go depth 2");
  ASSERT_FALSE(a.infos.empty());
  for (const auto& l : a.infos) {
    auto f = fields(l);
    ASSERT_TRUE(f.count("winprob")) << l;
    const int w = std::stoi(f["winprob"]), s = std::stoi(f["score"]);
    EXPECT_GE(w, 0);
    EXPECT_LE(w, 1000);
    EXPECT_TRUE(s <= 0 || w >= 500) << l;
    EXPECT_TRUE(s >= 0 || w <= 500) << l;
  }
}

TEST(AnalysisCli, SearchmovesRestrictsTheRoot) {
  Process p({"engine"});
  p.send(MIDGAME);
  for (const std::string only : {"e3-e4", "c5-c4"}) {
    const Answer a = go(p, "go depth 3 searchmoves " + only);
    EXPECT_EQ(a.best, only);
    for (const auto& l : a.infos) EXPECT_EQ(first_word(fields(l)["pv"]), only) << l;
  }
  // Keywords after the list end it; MultiPV is bounded by the list.
  p.send("setoption name MultiPV value 4");
  const Answer a = go(p, "go searchmoves h8-h7 e3-e4 depth 2");
  std::set<std::string> firsts;
  for (const auto& l : a.infos) firsts.insert(first_word(fields(l)["pv"]));
  EXPECT_EQ(firsts, (std::set<std::string>{"h8-h7", "e3-e4"}));
  // Every limit of `go` ends the list, not only depth (one table serves the parser and the list).
  for (const std::string limits : {"nodes 3000", "movetime 100", "wtime 3000 btime 3000",
                                   "winc 10 binc 10 wtime 3000 btime 3000",
                                   "movestogo 3 wtime 3000 btime 3000", "infinite"}) {
    SCOPED_TRACE(limits);
    if (limits == "infinite") {
      p.send("go searchmoves h8-h7 e3-e4 infinite");
      p.send("stop");
      std::string best;
      while (auto l = p.line())
        if (l->rfind("bestmove ", 0) == 0) {
          best = l->substr(9);
          break;
        }
      EXPECT_TRUE(best == "h8-h7" || best == "e3-e4") << best;
      continue;
    }
    const Answer b = go(p, "go searchmoves h8-h7 e3-e4 " + limits);
    EXPECT_TRUE(b.best == "h8-h7" || b.best == "e3-e4") << b.best;
  }
}

TEST(AnalysisCli, BadSearchmovesAreRefusedAndChangeNothing) {
  Process p({"engine"});
  p.send(MIDGAME);
  for (const std::string bad : {"go searchmoves", "go searchmoves e3-e9", "go depth 2 searchmoves zz",
                                "go searchmoves e5 depth 2"}) {
    p.send(bad);
    auto l = p.line();
    ASSERT_TRUE(l) << bad;
    EXPECT_EQ(l->rfind("error go:", 0), 0u) << bad << " -> " << *l;
  }
  p.send("setoption name MultiPV value 0");
  auto l = p.line();
  ASSERT_TRUE(l);
  EXPECT_EQ(l->rfind("error ", 0), 0u) << *l;
  // Still usable, still one line per depth.
  const Answer a = go(p, "go depth 2");
  EXPECT_EQ(a.infos.size(), 2u);
  EXPECT_FALSE(a.best.empty());
}

}  // namespace

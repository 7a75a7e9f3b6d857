// Black-box tests of SPEC 6 against the real binary (`yinsh engine`) and of `yinsh perft`.
// Expected answers come from the SPEC, the perft vectors and hand-built position texts.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "engine_process.h"

using yinsh::test::Process;

namespace {

// SPEC 1 columns, for the expected `legal` list of an empty board.
constexpr int LO[11] = {2, 1, 1, 1, 1, 2, 2, 3, 4, 5, 7};
constexpr int HI[11] = {5, 7, 8, 9, 10, 10, 11, 11, 11, 11, 10};

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string sorted_points_except(const std::set<std::string>& taken) {
  std::vector<std::string> v;
  for (int c = 0; c < 11; ++c)
    for (int n = LO[c]; n <= HI[c]; ++n) {
      std::string p = std::string(1, char('a' + c)) + std::to_string(n);
      if (!taken.count(p)) v.push_back(p);
    }
  std::sort(v.begin(), v.end());
  std::string s;
  for (const auto& p : v) s += (s.empty() ? "" : " ") + p;
  return s;
}

// Hand-built texts (see tests/unit/rules_test.cpp for the situations).
// White to move; e5-f6 completes the row a5-e5.
const std::string ROW_TEXT = "WWWw/W3w2/4w3/4w4/4W5/9/10/9/8/6B/BBBB w move 0 0 normal";
// Game over, White won with its third ring.
const std::string OVER_TEXT = "2W1/7/6b1/6b2/4w1bW2/5b3/5b4/9/8/7/1BBB w over 3 2 normal";
// White cannot move any ring: its only decision is `pass`.
const std::string PASS_TEXT = "4/7/8/9/10/9/10/9/4BBB1/3BWWb/1BWW w move 1 0 normal";

class Engine : public testing::Test {
 protected:
  Engine() : p({"engine"}) {}

  // Sends a command then `isready`; returns the lines answered before `readyok`.
  std::vector<std::string> ask(const std::string& cmd) {
    p.send(cmd);
    p.send("isready");
    std::vector<std::string> out;
    while (true) {
      auto l = p.line();
      if (!l) {
        ADD_FAILURE() << "no readyok after '" << cmd << "' (engine hung or died)";
        return out;
      }
      if (*l == "readyok") return out;
      out.push_back(*l);
    }
  }

  std::string one(const std::string& cmd) {
    const auto v = ask(cmd);
    EXPECT_EQ(v.size(), 1u) << "'" << cmd << "' must answer exactly one line";
    return v.empty() ? "<none>" : v[0];
  }

  // The `position ...` line of `show`.
  std::string shown_text() {
    for (const auto& l : ask("show"))
      if (l.rfind("position ", 0) == 0) return l.substr(9);
    ADD_FAILURE() << "show printed no position line";
    return "";
  }

  // `legal` and the shown text: the whole observable state.
  std::pair<std::string, std::string> state() { return {one("legal"), shown_text()}; }

  // A malformed line: exactly one line starting "error ", and the state unchanged.
  void expect_error(const std::string& cmd) {
    SCOPED_TRACE("command: " + cmd);
    const auto before = state();
    const auto out = ask(cmd);
    ASSERT_EQ(out.size(), 1u) << "expected one error line, got " << out.size();
    EXPECT_EQ(out[0].rfind("error ", 0), 0u) << out[0];
    EXPECT_GT(out[0].size(), 8u) << "the error says what is wrong";
    EXPECT_EQ(state(), before) << "state changed by a refused command";
  }

  // go ...: info lines, then one bestmove; returns the decision.
  std::string go(const std::string& cmd) {
    p.send(cmd);
    int infos = 0;
    while (auto l = p.line()) {
      if (l->rfind("info ", 0) == 0) {
        ++infos;
        continue;
      }
      EXPECT_EQ(l->rfind("bestmove ", 0), 0u) << *l;
      EXPECT_GE(infos, 1) << "info lines come before bestmove";
      const auto w = words(*l);
      EXPECT_EQ(w.size(), 2u) << *l;
      return w.size() > 1 ? w[1] : "";
    }
    ADD_FAILURE() << "no bestmove after '" << cmd << "'";
    return "";
  }

  Process p;
};

}  // namespace

TEST_F(Engine, IsReady) {
  EXPECT_TRUE(ask("isready").empty());
  EXPECT_TRUE(ask("").empty()) << "a blank line is ignored";
}

TEST_F(Engine, StartposLegalIsEveryPointSorted) {
  EXPECT_TRUE(ask("position startpos").empty());
  EXPECT_EQ(one("legal"), sorted_points_except({}));
  EXPECT_EQ(shown_text(), "4/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal");
}

TEST_F(Engine, StartposWithMoves) {
  EXPECT_TRUE(ask("position startpos moves e4 f6").empty());
  EXPECT_EQ(one("legal"), sorted_points_except({"e4", "f6"}));
  EXPECT_EQ(shown_text(), "4/7/8/9/3W6/4B4/10/9/8/7/4 w place 0 0 normal");
}

TEST_F(Engine, StartposBlitz) {
  EXPECT_TRUE(ask("position startpos blitz").empty());
  EXPECT_EQ(shown_text(), "4/7/8/9/10/9/10/9/8/7/4 w place 0 0 blitz");
  EXPECT_TRUE(ask("position startpos blitz moves a2").empty());
  EXPECT_EQ(shown_text(), "W3/7/8/9/10/9/10/9/8/7/4 b place 0 0 blitz");
}

TEST_F(Engine, PositionTextWithMoves) {
  EXPECT_TRUE(ask("position text " + ROW_TEXT).empty());
  EXPECT_EQ(shown_text(), ROW_TEXT);
  EXPECT_TRUE(ask("position text " + ROW_TEXT + " moves e5-f6").empty());
  EXPECT_EQ(one("legal"), "xa5-e5");
  EXPECT_TRUE(ask("position text " + ROW_TEXT + " moves e5-f6 xa5-e5").empty());
  EXPECT_EQ(one("legal"), "xa2 xa3 xa4 xb1 xf6");
  EXPECT_TRUE(ask("position text " + ROW_TEXT + " moves e5-f6 xa5-e5 xf6").empty());
  EXPECT_EQ(shown_text(), "WWW1/W6/8/9/10/9/10/9/8/6B/BBBB b move 1 0 normal");
}

TEST_F(Engine, LegalIsEmptyWhenOverAndShowGivesTheResult) {
  EXPECT_TRUE(ask("position text " + OVER_TEXT).empty());
  const auto v = ask("legal");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0], "") << "an empty line when the game is over";
  const auto show = ask("show");
  ASSERT_GE(show.size(), 3u);
  EXPECT_EQ(show[show.size() - 2], "position " + OVER_TEXT);
  EXPECT_EQ(show.back(), "result 1-0");
}

TEST_F(Engine, ShowDrawsTheBoard) {
  EXPECT_TRUE(ask("position startpos moves e4").empty());
  const auto show = ask("show");
  ASSERT_GE(show.size(), 12u);
  int points = 0, rings = 0;
  for (size_t i = 0; i + 1 < show.size(); ++i)
    for (char c : show[i]) points += c == '.' || c == 'W', rings += c == 'W';
  EXPECT_EQ(points, 85) << "every point drawn";
  EXPECT_EQ(rings, 1);
  EXPECT_EQ(show.back(), "position 4/7/8/9/3W6/9/10/9/8/7/4 b place 0 0 normal");
}

TEST_F(Engine, PassPosition) {
  EXPECT_TRUE(ask("position text " + PASS_TEXT).empty());
  EXPECT_EQ(one("legal"), "pass");
  EXPECT_EQ(go("go depth 1"), "pass");
  EXPECT_TRUE(ask("position text " + PASS_TEXT + " moves pass").empty());
  EXPECT_EQ(shown_text(), "4/7/8/9/10/9/10/9/4BBB1/3BWWb/1BWW b move 1 0 normal");
}

TEST_F(Engine, PerftCounts) {
  // Vectors from tests/data/perft.txt.
  EXPECT_TRUE(ask("position startpos").empty());
  EXPECT_EQ(one("perft 0"), "nodes 1");
  EXPECT_EQ(one("perft 1"), "nodes 85");
  EXPECT_EQ(one("perft 2"), "nodes 7140");
  EXPECT_EQ(one("perft 3"), "nodes 592620");
  EXPECT_TRUE(ask("position startpos moves c7 i9 b5 e6 c6 i11 h5 h9 g5 e10").empty());
  EXPECT_EQ(one("perft 2"), "nodes 5322");
  EXPECT_TRUE(ask("position startpos blitz moves e2 f2 c3 g6 h9 d2 c1 b5 a4 h3").empty());
  EXPECT_EQ(one("perft 2"), "nodes 6564");
  EXPECT_TRUE(ask("position text " + OVER_TEXT).empty());
  EXPECT_EQ(one("perft 1"), "nodes 0");
  EXPECT_EQ(one("perft 0"), "nodes 1");
}

TEST_F(Engine, GoReturnsALegalDecisionAndChangesNothing) {
  for (const std::string& setup : std::vector<std::string>{"position startpos", "position startpos moves e4 f6 a2 a3 b1 b2 c1 c2 d1 d2",
                                  "position text " + ROW_TEXT, "position text " + ROW_TEXT + " moves e5-f6",
                                  "position text " + ROW_TEXT + " moves e5-f6 xa5-e5"}) {
    SCOPED_TRACE(setup);
    EXPECT_TRUE(ask(setup).empty());
    const auto before = state();
    const auto legal = words(before.first);
    for (const std::string cmd : {"go depth 1", "go depth 3", "go nodes 100", "go movetime 50",
                                  "go wtime 1000 btime 1000", "go wtime 500 btime 700 winc 10 binc 20",
                                  "go wtime 900 btime 900 movestogo 3", "go"}) {
      const std::string best = go(cmd);
      EXPECT_NE(std::find(legal.begin(), legal.end(), best), legal.end()) << cmd << " -> " << best;
      EXPECT_EQ(state(), before) << cmd;
    }
  }
}

TEST_F(Engine, StopEndsASearchWithOneBestmove) {
  EXPECT_TRUE(ask("position startpos").empty());
  p.send("go infinite");
  p.send("stop");
  int bestmoves = 0;
  while (auto l = p.line(3000)) {
    if (l->rfind("bestmove ", 0) == 0) ++bestmoves;
    if (bestmoves == 1) break;
  }
  EXPECT_EQ(bestmoves, 1);
  EXPECT_TRUE(ask("stop").empty()) << "stop while idle prints nothing";
  const auto rest = ask("isready");
  EXPECT_TRUE(rest.empty()) << "no second bestmove: " << (rest.empty() ? "" : rest[0]);
}

TEST_F(Engine, NewgameClearsSearchStateOnly) {
  EXPECT_TRUE(ask("position startpos moves e4").empty());
  const auto before = state();
  EXPECT_TRUE(ask("newgame").empty());
  EXPECT_EQ(state(), before);
}

TEST_F(Engine, SetoptionInRangeIsSilent) {
  EXPECT_TRUE(ask("setoption name Hash value 16").empty());
  EXPECT_TRUE(ask("setoption name Threads value 1").empty());
  EXPECT_TRUE(ask("setoption name Seed value 42").empty());
}

TEST_F(Engine, CommandsRightAfterBestmoveAreAccepted) {
  // A GUI sends the next command as soon as it reads bestmove; the engine must be idle then.
  for (int i = 0; i < 50; ++i) {
    ASSERT_TRUE(ask("position startpos").empty());
    go("go depth 1");
    const auto out = ask("position startpos moves e4");
    ASSERT_TRUE(out.empty()) << "iteration " << i << ": " << out[0];
  }
}

TEST_F(Engine, QuitEndsTheProcess) {
  p.send("quit");
  EXPECT_EQ(p.exit_code(), 0);
}

TEST_F(Engine, EndOfInputEndsTheProcess) {
  p.close_stdin();
  EXPECT_EQ(p.exit_code(), 0);
}

TEST_F(Engine, QuitDuringASearch) {
  EXPECT_TRUE(ask("position startpos").empty());
  p.send("go infinite");
  p.send("quit");
  EXPECT_EQ(p.exit_code(), 0);
}

// ---------------------------------------------------------------------------------------
// Malformed lines: one `error ...` line each, nothing changed.

TEST_F(Engine, UnknownCommands) {
  ASSERT_TRUE(ask("position startpos moves e4 f6").empty());
  for (const char* c : {"foo", "LEGAL", "positionstartpos", "uci", "go!", "x y z", "\x01\x02", "pass", "e4"})
    expect_error(c);
  expect_error(std::string(100000, 'a'));
}

TEST_F(Engine, BadPositions) {
  ASSERT_TRUE(ask("position startpos moves e4 f6").empty());
  for (const std::string& c : std::vector<std::string>{"position", "position foo", "position startpos blitz normal", "position startpos moves e4 e4",
        "position startpos moves e4 zz", "position startpos moves e4-e5", "position startpos moves pass",
        "position startpos bogus e4", "position text", "position text 4/7/8 w place 0 0 normal",
        "position text 4/7/8/9/10/9/10/9/8/7/4 w place 0 0", "position text 4/7/8/9/10/9/10/9/8/7/4 b place 0 0 normal",
        "position text 4/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal moves e4 e4",
        "position text 4/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal e4", "position text " + OVER_TEXT + " moves pass",
        "position startpos moves " + std::string(5000, 'x')})
    expect_error(c);
}

TEST_F(Engine, IllegalMoveLeavesThePreviousPosition) {
  ASSERT_TRUE(ask("position text " + ROW_TEXT + " moves e5-f6").empty());
  // All decisions before the illegal one are legal: none of them may be kept.
  expect_error("position text " + ROW_TEXT + " moves e5-f6 xa5-e5 xf6 k7-j7 k8-j8");
  expect_error("position startpos moves e4 f6 g7 e4");
  EXPECT_EQ(one("legal"), "xa5-e5");
}

TEST_F(Engine, BadNumbers) {
  ASSERT_TRUE(ask("position startpos moves e4").empty());
  for (const char* c : {"perft", "perft x", "perft -1", "perft 1 2", "perft 1.5", "perft 99", "perft 0x2",
                        "perft 99999999999999999999999", "go depth", "go depth x", "go depth -1",
                        "go nodes -5", "go movetime abc", "go movetime 1e3", "go foo 3", "go wtime",
                        "go depth 1 nodes", "go nodes 99999999999999999999999",
                        "go wtime 1000 btime 1000 movestogo", "go wtime 1000 btime 1000 movestogo -2",
                        "go wtime 1000 btime 1000 movestogo x"})
    expect_error(c);
}

TEST_F(Engine, UnknownGoLimitIsNamed) {
  ASSERT_TRUE(ask("position startpos moves e4").empty());
  for (const char* c : {"go foo 3", "go foo", "go depth 2 mate 3"}) {
    expect_error(c);
    const auto out = ask(c);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_NE(out[0].find("unknown limit '"), std::string::npos) << c << " -> " << out[0];
  }
}

TEST_F(Engine, SetoptionOutOfRange) {
  for (const char* c : {"setoption name Hash value 0", "setoption name Hash value 5000", "setoption name Hash value x",
                        "setoption name Threads value 0", "setoption name Threads value 65",
                        "setoption name Level value 11", "setoption name Level value -1",
                        "setoption name Nope value 1", "setoption name Hash", "setoption foo",
                        "setoption", "setoption name Hash value", "setoption name Hash value 1 2"})
    expect_error(c);
}

TEST_F(Engine, GoOnAFinishedGame) {
  ASSERT_TRUE(ask("position text " + OVER_TEXT).empty());
  expect_error("go depth 1");
  expect_error("go");
  expect_error("go movetime 10");
}

// ---------------------------------------------------------------------------------------
// `yinsh perft`

namespace {
struct Run {
  int code = -1;
  std::string out, err;
};
Run run(const std::vector<std::string>& args) {
  Process p(args);
  p.close_stdin();
  Run r;
  r.out = p.rest_of_stdout();
  r.err = p.rest_of_stderr();
  r.code = p.exit_code().value_or(-1);
  return r;
}
}  // namespace

TEST(Cli, Perft) {
  auto r = run({"perft", "2"});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "nodes 7140\n");
  r = run({"perft", "1", "--blitz"});
  EXPECT_EQ(r.out, "nodes 85\n");
  r = run({"perft", "2", "--moves", "c7", "i9", "b5", "e6", "c6", "i11", "h5", "h9", "g5", "e10"});
  EXPECT_EQ(r.out, "nodes 5322\n");
  r = run({"perft", "1", "--position", ROW_TEXT, "--moves", "e5-f6"});
  EXPECT_EQ(r.out, "nodes 1\n");
  r = run({"perft", "1", "--position", PASS_TEXT});
  EXPECT_EQ(r.out, "nodes 1\n");
}

TEST(Cli, PerftDivide) {
  const auto r = run({"perft", "2", "--divide"});
  EXPECT_EQ(r.code, 0);
  std::istringstream in(r.out);
  std::set<std::string> points;
  std::string line;
  int lines = 0;
  while (std::getline(in, line)) {
    const auto w = words(line);
    ASSERT_EQ(w.size(), 2u) << line;
    if (w[0] == "nodes") {
      EXPECT_EQ(w[1], "7140");
      continue;
    }
    ++lines;
    points.insert(w[0]);
    EXPECT_EQ(w[1], "84") << line;
  }
  EXPECT_EQ(lines, 85);
  EXPECT_EQ(points.size(), 85u);
}

TEST(Cli, PerftErrors) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"perft", "1", "--position", "garbage"}, {"perft", "1", "--moves", "e4", "e4"},
        {"perft", "x"}, {"perft", "-1"}, {"perft"}, {"perft", "1", "--bogus"}}) {
    const auto r = run(args);
    std::string cmd;
    for (const auto& a : args) cmd += a + " ";
    EXPECT_NE(r.code, 0) << cmd;
    EXPECT_TRUE(r.out.find("nodes") == std::string::npos) << cmd << r.out;
    EXPECT_FALSE(r.err.empty()) << cmd;
  }
}

// `yinsh bot`, the real binary, against an in-process server: it accepts a rated challenge and
// plays it to the end with our engine (both ratings move); an engine that crashes is restarted
// and the game goes on; an engine that answers an illegal decision loses that game only; a
// server that goes away mid-game is waited for and the game resumed; the policy declines
// what it is told to (a bot's challenge too); a challenging bridge plays the colour it asks for
// (--challenge-color), and a colour that is none is refused before it connects. The opponent
// is a second `yinsh bot --board` for a person's account, or `yinsh loadtest --challenge`'s
// guests (the bot holds at most its --max-games).
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

#include "account_helpers.h"
#include "run_command.h"
#include "stream_reader.h"
#include "test_server.h"

using namespace yinsh;
using namespace yinsh::test;
namespace http = boost::beast::http;

namespace {

class BotBridgeTest : public TokenServerTest {
 protected:
  void TearDown() override {
    for (pid_t pid : children_) {
      kill(pid, SIGKILL);  // its engines read end of file on their input and leave
      waitpid(pid, nullptr, 0);
    }
    TokenServerTest::TearDown();
  }

  // `yinsh bot` with `args`, its output in `log` (under the test's directory).
  pid_t bridge(const std::vector<std::string>& args, const std::string& log) {
    std::vector<std::string> all = {YINSH_BIN, "bot", "--server", "http://127.0.0.1:" + std::to_string(port_)};
    all.insert(all.end(), args.begin(), args.end());
    const std::string path = (dir_ / log).string();
    const pid_t pid = fork();
    if (pid == 0) {
      const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2(fd, 1);
      dup2(fd, 2);
      close_range(3, ~0U, 0);  // not the in-process server's listening socket: it must restart
      std::vector<char*> argv;
      for (auto& a : all) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(YINSH_BIN, argv.data());
      _exit(127);
    }
    children_.push_back(pid);
    return pid;
  }
  std::string read_log(const std::string& log) {
    std::ifstream in(dir_ / log);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }

  // Robo (a bot, with `engine`) and Alice (a person playing through the board API with the
  // built-in engine at level 1); their bridges run; Alice's token in `alice_`.
  void two_bridges(const std::string& engine, const std::vector<std::string>& robo_flags = {},
                   const std::vector<std::string>& alice_flags = {}) {
    const std::string robo = account(port_, "Robo");
    const std::string robo_token = token(robo, {"bot:play", "challenge:write"});
    ASSERT_EQ(call(http::verb::post, "/api/bot/account/upgrade", nullptr, bearer(robo_token)).status, 200);
    const std::string alice = account(port_, "Alice");
    alice_ = token(alice, {"board:play", "challenge:write"});
    std::vector<std::string> flags = {"--token", robo_token, "--engine", engine, "--movetime", "20"};
    flags.insert(flags.end(), robo_flags.begin(), robo_flags.end());
    bridge(flags, "robo.log");
    std::vector<std::string> alice_all = {"--token", alice_, "--board", "--builtin", "Level=1", "--movetime", "20"};
    alice_all.insert(alice_all.end(), alice_flags.begin(), alice_flags.end());
    bridge(alice_all, "alice.log");
  }

  // Alice challenges Robo, once both bridges have their event streams open; the challenge's id.
  std::string challenge(const json& body) {
    HttpResult r;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    do {
      r = call(http::verb::post, "/api/challenge/Robo", body, bearer(alice_));
      const std::string code = r.body.is_object() && r.body.contains("error") ? r.body["error"].value("code", "") : "";
      if (code != "no_event_stream" && code != "player_offline") break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    } while (std::chrono::steady_clock::now() < until);
    EXPECT_EQ(r.status, 200) << r.text;
    return r.body.contains("challenge") ? r.body["challenge"].value("id", "") : "";
  }

  // The games between Robo and Alice with `status`, waiting up to `seconds` for `count` of them.
  std::vector<json> games(const std::string& status, size_t count, int seconds) {
    std::vector<json> found;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (std::chrono::steady_clock::now() < until) {
      found.clear();
      auto r = call(http::verb::get, "/api/games?status=" + status + "&limit=200");
      for (const auto& g : r.body.value("games", json::array()))
        if ((g["white"] == "Robo" && g["black"] == "Alice") || (g["white"] == "Alice" && g["black"] == "Robo"))
          found.push_back(g);
      if (found.size() >= count) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return found;
  }
  json game(const std::string& id) { return call(http::verb::get, "/api/games/" + id).body; }

  std::vector<pid_t> children_;
  std::string alice_;
};

const json kRatedClock = {{"rated", true}, {"variant", "normal"}, {"color", "random"},
                          {"clock", {{"initial_ms", 120000}, {"increment_ms", 2000}}}};

TEST_F(BotBridgeTest, PlaysARatedChallengeToTheEndAndBothRatingsMove) {
  two_bridges(std::string(YINSH_BIN) + " engine --level 2");
  ASSERT_FALSE(challenge(kRatedClock).empty());
  auto over = games("over", 1, 240);
  ASSERT_EQ(over.size(), 1u) << read_log("robo.log") << read_log("alice.log");
  const json g = game(over[0]["id"]);
  EXPECT_EQ(g["state"]["status"], "over") << g.dump();
  EXPECT_NE(g["state"]["result"]["reason"], "resign") << read_log("robo.log");
  EXPECT_NE(g["state"]["result"]["reason"], "timeout") << read_log("robo.log");
  EXPECT_GE(g["state"]["ply"].get<int>(), 20);
  ASSERT_TRUE(g.contains("ratings")) << g.dump();
  for (const char* side : {"white", "black"})
    EXPECT_NE(g["ratings"][side]["before"], g["ratings"][side]["after"]) << side << ": " << g["ratings"].dump();
  const std::string log = read_log("robo.log");
  EXPECT_NE(log.find("accepted"), std::string::npos) << log;
  EXPECT_EQ(log.find("failed"), std::string::npos) << log;
}

// `yinsh bot --challenge`: a challenger that hears nothing between its games still sees its
// game end, and challenges again at once (it used to count a finished game as running until
// an event line came, and stopped after a game or two).
TEST_F(BotBridgeTest, AChallengerChallengesAgainAfterEachGame) {
  two_bridges(std::string(YINSH_BIN) + " engine --level 1", {},
              {"--challenge", "Robo", "--max-games", "1", "--challenge-clock", "120+2", "--challenge-rated", "false"});
  auto over = games("over", 3, 240);
  EXPECT_GE(over.size(), 3u) << read_log("alice.log") << read_log("robo.log");
}

// `--challenge-color black`: each game of the bridge's challenges seats it as Black (two games:
// colours drawn at random would pass once in four).
TEST_F(BotBridgeTest, AChallengerPlaysTheColourItAsksFor) {
  two_bridges(std::string(YINSH_BIN) + " engine --level 1", {},
              {"--challenge", "Robo", "--challenge-color", "black", "--max-games", "1", "--challenge-clock", "120+2",
               "--challenge-rated", "false"});
  auto over = games("over", 2, 240);
  ASSERT_GE(over.size(), 2u) << read_log("alice.log") << read_log("robo.log");
  for (const json& g : over) EXPECT_EQ(g["black"], "Alice") << g.dump();
}

// `yinsh loadtest --challenge Robo`: three guests challenge a bot of --max-games 2 again and
// again for 15 s. Every game is played to its end; the bot never holds more than 2 at
// once (a burst of challenges used to be accepted whole, before the first game's gameStart
// counted it); the challenges it declines are made again.
TEST_F(BotBridgeTest, TheLoadToolsChallengersFindABotHoldingItsMaxGamesAtMost) {
  const std::string robo_token = token(account(port_, "Robo"), {"bot:play", "challenge:write"});
  ASSERT_EQ(call(http::verb::post, "/api/bot/account/upgrade", nullptr, bearer(robo_token)).status, 200);
  bridge({"--token", robo_token, "--engine", std::string(YINSH_BIN) + " engine --level 1", "--movetime", "20",
          "--max-games", "2"},
         "robo.log");
  std::atomic<bool> done = false;
  std::pair<std::string, int> load;
  std::thread loadtest([&] {
    load = run_command(std::string(YINSH_BIN) + " loadtest --port " + std::to_string(port_) +
                       " --challenge Robo --games 3 --challenge-clock 600+5 --pair-seconds 15 --timeout 200");
    done = true;
  });
  size_t most = 0;  // Robo's games in play at once, seen every 50 ms
  while (!done) {
    size_t now = 0;
    for (const auto& g : call(http::verb::get, "/api/games?status=active&limit=200").body.value("games", json::array()))
      now += g["white"] == "Robo" || g["black"] == "Robo";
    most = std::max(most, now);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  loadtest.join();
  const auto& [out, status] = load;
  ASSERT_EQ(status, 0) << out << read_log("robo.log");
  EXPECT_EQ(most, 2u) << out << read_log("robo.log");
  long games = -1, finished = -2, refused = -1;
  ASSERT_NE(out.find("pairing (challenge)"), std::string::npos) << out;
  ASSERT_NE(out.find("challenges to Robo"), std::string::npos) << out;
  ASSERT_EQ(std::sscanf(out.substr(out.find("pairing (challenge)")).c_str(),
                        "pairing (challenge): 3 bots asking again for 15 s; games %ld, finished %ld", &games, &finished),
            2)
      << out;
  EXPECT_GE(games, 3) << out;
  EXPECT_EQ(finished, games) << out;
  ASSERT_EQ(std::sscanf(out.substr(out.find("challenges to Robo")).c_str(),
                        "challenges to Robo declined or refused (asked again 1 s later): %ld", &refused),
            1)
      << out;
  EXPECT_GE(refused, 1) << out;
  EXPECT_NE(read_log("robo.log").find("declined, busy: 2 games at once"), std::string::npos) << read_log("robo.log");
}

TEST_F(BotBridgeTest, AnEngineThatCrashesIsRestartedAndTheGameGoesOn) {
  // The first process of this engine dies after its third decision; the ones after it live.
  const std::string marker = (dir_ / "crashed").string();
  const std::string script = (dir_ / "crashy.py").string();
  std::ofstream(script) << "import os, subprocess, sys, threading\n"
                           "first = not os.path.exists('" << marker << "')\n"
                           "open('" << marker << "', 'a').close()\n"
                           "p = subprocess.Popen(['" << YINSH_BIN << "', 'engine', '--level', '1'],"
                           " stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)\n"
                           "def out():\n"
                           "    n = 0\n"
                           "    for line in p.stdout:\n"
                           "        if line.startswith('bestmove'):\n"
                           "            n += 1\n"
                           "            if first and n == 4:\n"
                           "                os._exit(3)\n"
                           "        sys.stdout.write(line); sys.stdout.flush()\n"
                           "    os._exit(0)\n"
                           "threading.Thread(target=out, daemon=True).start()\n"
                           "for line in sys.stdin:\n"
                           "    p.stdin.write(line); p.stdin.flush()\n";
  two_bridges("python3 " + script);
  ASSERT_FALSE(challenge(kRatedClock).empty());
  auto over = games("over", 1, 240);
  ASSERT_EQ(over.size(), 1u) << read_log("robo.log");
  const json g = game(over[0]["id"]);
  EXPECT_NE(g["state"]["result"]["reason"], "resign") << read_log("robo.log");
  EXPECT_GE(g["state"]["ply"].get<int>(), 20);
  const std::string log = read_log("robo.log");
  EXPECT_NE(log.find("the engine failed"), std::string::npos) << "the crash was not seen: " << log;
}

TEST_F(BotBridgeTest, AnIllegalDecisionLosesThatGameOnly) {
  // The first process answers an illegal decision at once; the next plays properly.
  const std::string marker = (dir_ / "cheated").string();
  const std::string script = (dir_ / "cheat.sh").string();
  std::ofstream(script) << "if [ -e " << marker << " ]; then exec " << YINSH_BIN << " engine --level 1; fi\n"
                        << "touch " << marker << "\n"
                        << "while read -r line; do case \"$line\" in\n"
                           "  isready) echo readyok;; go*) echo 'bestmove k11';; quit) exit 0;; esac; done\n";
  two_bridges("sh " + script, {"--max-games", "2"});
  ASSERT_FALSE(challenge(kRatedClock).empty());
  ASSERT_EQ(games("over", 1, 60).size(), 1u) << read_log("robo.log");  // the cheat's game, resigned
  ASSERT_FALSE(challenge(kRatedClock).empty());
  auto over = games("over", 2, 240);
  ASSERT_EQ(over.size(), 2u) << read_log("robo.log");
  int resigned = 0, played = 0;
  for (const auto& s : over) {
    const json g = game(s["id"]);
    const std::string robo = g["state"]["seats"]["white"]["name"] == "Robo" ? "white" : "black";
    if (g["state"]["result"]["reason"] == "resign") {
      EXPECT_NE(g["state"]["result"]["winner"], robo) << g.dump();
      ++resigned;
    } else {
      EXPECT_GE(g["state"]["ply"].get<int>(), 20);
      ++played;
    }
  }
  EXPECT_EQ(resigned, 1) << read_log("robo.log");
  EXPECT_EQ(played, 1) << read_log("robo.log");
  EXPECT_NE(read_log("robo.log").find("illegal decision"), std::string::npos) << read_log("robo.log");
}

TEST_F(BotBridgeTest, AServerThatGoesAwayMidGameIsWaitedForAndTheGameResumed) {
  two_bridges(std::string(YINSH_BIN) + " engine --level 1");
  ASSERT_FALSE(challenge({{"rated", false}, {"variant", "normal"}, {"color", "white"}, {"clock", nullptr}}).empty());
  auto active = games("active", 1, 30);
  ASSERT_EQ(active.size(), 1u) << read_log("robo.log");
  const std::string id = active[0]["id"];
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < until && game(id)["state"]["ply"].get<int>() < 8)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  // Down for a few seconds, then back on the same port and database: both bridges come back.
  server_.reset();
  std::this_thread::sleep_for(std::chrono::seconds(3));
  options_.port = port_;
  server_ = std::make_unique<server::Server>(options_);
  std::string error;
  ASSERT_TRUE(server_->start(&error)) << error;
  auto over = games("over", 1, 240);
  ASSERT_EQ(over.size(), 1u) << read_log("robo.log") << read_log("alice.log");
  const json g = game(id);
  EXPECT_EQ(g["state"]["status"], "over") << g.dump();
  EXPECT_NE(g["state"]["result"]["reason"], "resign") << read_log("robo.log");
  EXPECT_GE(g["state"]["ply"].get<int>(), 20);
  const std::string log = read_log("robo.log");
  EXPECT_NE(log.find("resuming in"), std::string::npos) << log;
}

// Robo takes casual games from people only: Alice's rated challenge is declined, and so is
// the casual one of Droid, a bot (the challenge marks its challenger as the bot it is).
TEST_F(BotBridgeTest, ThePolicyDeclinesWhatItIsToldTo) {
  two_bridges(std::string(YINSH_BIN) + " engine --level 1", {"--rated", "casual", "--bots", "false"});
  // Robo's log once it holds `text` (at most 30 s).
  const auto log_with = [&](const std::string& text) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    std::string log;
    while (std::chrono::steady_clock::now() < until && (log = read_log("robo.log")).find(text) == std::string::npos)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    return log;
  };
  const std::string id = challenge(kRatedClock);
  ASSERT_FALSE(id.empty());
  std::string log = log_with("declined, casual games only");
  EXPECT_NE(log.find("challenge " + id + " from Alice: declined, casual games only"), std::string::npos) << log;

  const std::string droid = token(account(port_, "Droid"), {"bot:play", "challenge:write"});
  ASSERT_EQ(call(http::verb::post, "/api/bot/account/upgrade", nullptr, bearer(droid)).status, 200);
  StreamReader droid_events(port_, "/api/stream/event", droid);  // its connection in the lobby
  ASSERT_EQ(droid_events.status, 200);
  auto made = call(http::verb::post, "/api/challenge/Robo", {{"rated", false}}, bearer(droid));
  ASSERT_EQ(made.status, 200) << made.text;
  const std::string from_bot = made.body["challenge"]["id"];
  log = log_with("declined, no games with bots");
  EXPECT_NE(log.find("challenge " + from_bot + " from Droid: declined, no games with bots"), std::string::npos) << log;
  EXPECT_TRUE(games("active", 1, 1).empty());
}

TEST_F(BotBridgeTest, AMissingOrWrongTokenIsAClearError) {
  auto [out, status] = run_command(std::string(YINSH_BIN) + " bot --server http://127.0.0.1:" + std::to_string(port_) +
                                   " --token yinsh_" + std::string(43, 'a') + " --builtin Level=1");
  EXPECT_EQ(status, 1) << out;
  EXPECT_NE(out.find("the token is not accepted: 401"), std::string::npos) << out;
  std::tie(out, status) = run_command(std::string(YINSH_BIN) + " bot --server ftp://x --token t --builtin Level=1");
  EXPECT_EQ(status, 2) << out;
  EXPECT_NE(out.find("must start with http:// or https://"), std::string::npos) << out;
  std::tie(out, status) = run_command(std::string(YINSH_BIN) + " bot --server http://127.0.0.1:1 --token t");
  EXPECT_EQ(status, 2) << out;
  EXPECT_NE(out.find("exactly one of --engine"), std::string::npos) << out;
}

// A colour for --challenge-color that is none, on the command line or in the config file, is
// refused before the bridge connects (the token, which the server would refuse, is never sent).
TEST_F(BotBridgeTest, AChallengeColourThatIsNoneIsAClearError) {
  const std::string base = std::string(YINSH_BIN) + " bot --server http://127.0.0.1:" + std::to_string(port_) +
                           " --token yinsh_" + std::string(43, 'a') + " --builtin Level=1 --challenge Robo";
  for (const std::string bad : {"green", "WHITE", "\"\""}) {
    auto [out, status] = run_command(base + " --challenge-color " + bad);
    EXPECT_EQ(status, 2) << bad << ": " << out;
    EXPECT_NE(out.find("--challenge-color takes white, black or random"), std::string::npos) << out;
    EXPECT_EQ(out.find("the token is not accepted"), std::string::npos) << "it connected: " << out;
  }
  const auto config = dir_ / "bot.toml";
  std::ofstream(config) << "challenge-color = \"purple\"\n";
  auto [out, status] = run_command(base + " --config " + config.string());
  EXPECT_EQ(status, 2) << out;
  EXPECT_NE(out.find("not 'purple'"), std::string::npos) << out;
  // The three colours pass (and the bridge goes on to the server, which refuses the token).
  for (const std::string good : {"white", "black", "random"}) {
    std::tie(out, status) = run_command(base + " --challenge-color " + good);
    EXPECT_EQ(status, 1) << good << ": " << out;
    EXPECT_NE(out.find("the token is not accepted: 401"), std::string::npos) << out;
  }
}

}  // namespace

// `yinsh bot`: connects an engine that speaks the engine protocol (SPEC section 6) to a site as
// a bot account (or, with --board, as a person's account): follows the account's event stream,
// accepts the challenges its policy allows, and plays each game on its own thread with its own
// engine process (bot_game.h). Server builds only (HTTP through Beast, in bot_http.cpp).
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <iostream>
#include <list>
#include <memory>
#include <optional>
#include <nlohmann/json.hpp>
#include <thread>

#include "bot_challenger.h"
#include "bot_game.h"
#include "bot_http.h"
#include "bot_policy.h"
#include "commands.h"
#include "config_file.h"

namespace yinsh::cli {

using json = nlohmann::json;

namespace {

struct BotArgs {
  std::string server, token, engine, builtin, config;
  bool board = false, upgrade = false;
  BotGameConfig game;
  ChallengePolicy policy;
  std::string rated = "any";
  std::vector<std::string> challenge;  // names challenged in turn while a slot is free
  bool challenge_rated = false;
  std::string challenge_variant = "normal", challenge_clock = "180+2";
  std::string challenge_color = "random";  // our seat in the games of those challenges
};

struct RunningGame {
  std::string id;
  std::atomic<bool> done{false};
  std::thread thread;
};

ChallengeOffer read_offer(const json& c) {
  ChallengeOffer o;
  o.id = c.value("id", "");
  if (const auto ch = c.find("challenger"); ch != c.end() && ch->is_object()) {
    o.challenger = ch->value("name", "");
    o.challenger_bot = ch->value("bot", false);
    if (const auto r = ch->find("rating"); r != ch->end() && r->is_number()) o.rating = int(r->get<double>());
  }
  o.rated = c.value("rated", false);
  o.variant = c.value("variant", "normal");
  if (const auto clock = c.find("clock"); clock != c.end() && clock->is_object()) {
    o.initial_ms = clock->value("initial_ms", int64_t(0));
    o.increment_ms = clock->value("increment_ms", int64_t(0));
  }
  return o;
}

std::string short_reply(const BotReply& r) {
  return r.status ? std::to_string(r.status) + " " + r.body.substr(0, 200) : r.body;
}

// The account behind the token, checked (and made a bot with --upgrade); its name, or "" after
// saying why it cannot play.
std::string check_account(const BotHttp& http, const BotArgs& args, BotLog& log) {
  if (args.upgrade) {
    const BotReply up = http.request("POST", "/api/bot/account/upgrade");
    if (up.status != 200 && up.body.find("already_bot") == std::string::npos) {
      log.line("cannot make the account a bot: " + short_reply(up));
      return {};
    }
  }
  const BotReply me = http.request("GET", "/api/account/me");
  const json j = json::parse(me.body, nullptr, false);
  if (me.status == 0) {
    log.line("cannot reach " + args.server + ": " + me.body);
    return {};
  }
  if (me.status != 200 || !j.is_object() || !j.contains("account")) {
    log.line("the token is not accepted: " + short_reply(me));
    return {};
  }
  const json& account = j["account"];
  const bool bot = account.value("bot", false);
  const std::string name = account.value("name", "");
  if (!args.board && !bot) {
    log.line(name + " is not a bot account: run once with --upgrade (for good), or play as a person with --board");
    return {};
  }
  if (args.board && bot) {
    log.line(name + " is a bot account: leave out --board");
    return {};
  }
  log.line("playing as " + name + (bot ? " (bot)" : " (board)"));
  return name;
}

int run_bot(BotArgs& args) {
  BotLog log;
  std::string error;
  if (args.server.empty() || args.token.empty()) {
    std::cerr << "error: --server and --token (or YINSH_TOKEN) are needed\n";
    return 2;
  }
  const auto site = parse_site_url(args.server, &error);
  if (!site) {
    std::cerr << "error: " << error << "\n";
    return 2;
  }
  if (args.engine.empty() == args.builtin.empty()) {
    std::cerr << "error: give exactly one of --engine \"COMMAND\" and --builtin \"Level=2\"\n";
    return 2;
  }
  if (args.rated == "rated") args.policy.casual = false;
  if (args.rated == "casual") args.policy.rated = false;
  const auto clock = clock_of(args.challenge_clock);
  if (!clock) {
    std::cerr << "error: --challenge-clock takes SECONDS+INCREMENT (180+2) or none, not '" << args.challenge_clock << "'\n";
    return 2;
  }
  if (args.challenge_color != "white" && args.challenge_color != "black" && args.challenge_color != "random") {
    std::cerr << "error: --challenge-color takes white, black or random, not '" << args.challenge_color << "'\n";
    return 2;
  }
  args.game.engine = args.engine.empty() ? args.builtin : "cmd:" + args.engine;
  args.game.route = args.board ? "board" : "bot";
  const BotHttp http(*site, args.token);
  const std::string me = check_account(http, args, log);
  if (me.empty()) return 1;

  // SIGINT or SIGTERM: stop taking games and leave when the streams next wake (at most ~20 s);
  // a second one ends the process at once.
  static std::atomic<bool> stop{false};
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  signal(SIGPIPE, SIG_IGN);
  std::thread([set] {
    int sig = 0;
    sigwait(&set, &sig);
    stop = true;
    std::cerr << "stopping within 20 s: the games in progress are left to their clocks (again to quit at once)"
              << std::endl;
    sigwait(&set, &sig);
    std::_Exit(130);
  }).detach();

  std::list<RunningGame> games;
  // The games being played now: each game's thread counts itself out when it ends, so the
  // challenger and the policy see a finished game at once, not at the next event line (a
  // challenger hears none until it challenges again).
  std::atomic<int> running{0};
  const auto reap = [&] {
    for (auto it = games.begin(); it != games.end();) {
      if (!it->done) { ++it; continue; }
      it->thread.join();
      it = games.erase(it);
    }
  };
  Challenger challenger(http, log, args.challenge,
                        json{{"rated", args.challenge_rated}, {"variant", args.challenge_variant},
                             {"color", args.challenge_color}, {"clock", *clock}}.dump(),
                        args.policy.max_games);
  std::thread challenging;
  if (!args.challenge.empty()) challenging = std::thread([&] { challenger.run(stop, running); });
  const auto start_game = [&](const std::string& id, const std::string& color) {
    for (const auto& g : games)
      if (g.id == id) return;
    auto& g = games.emplace_back();
    g.id = id;
    ++running;
    challenger.game_started();
    log.line("game " + id + ": starting as " + color);
    g.thread = std::thread([&, id, color, done = &g.done] {
      play_bot_game(http, args.game, id, color, log, stop);
      --running;
      *done = true;
    });
  };
  // Challenges accepted whose gameStart has not come yet, by challenger: they count as games
  // being played, so that a burst of challenges is not all accepted before the first game
  // starts (the policy's --max-games would then be exceeded). One whose game never comes (its
  // challenger left first) is forgotten after 30 s.
  struct Accepted {
    std::string challenger;
    std::chrono::steady_clock::time_point at;
  };
  std::vector<Accepted> accepted;
  const auto starting = [&] {
    const auto old = std::chrono::steady_clock::now() - std::chrono::seconds(30);
    std::erase_if(accepted, [&](const Accepted& a) { return a.at < old; });
    return int(accepted.size());
  };
  const auto on_event = [&](const std::string& line) {
    reap();
    const json j = json::parse(line, nullptr, false);
    if (!j.is_object()) {
      log.line("an unreadable event line: " + line.substr(0, 200));
      return !stop;
    }
    const std::string type = j.value("type", "");
    if ((type == "gameStart" || type == "gameFinish") && j.contains("game") && j["game"].is_object()) {
      const json& g = j["game"];
      if (type == "gameStart") {
        const std::string opponent = g.contains("opponent") && g["opponent"].is_object() ? g["opponent"].value("name", "") : "";
        const auto it = std::find_if(accepted.begin(), accepted.end(),
                                     [&](const Accepted& a) { return a.challenger == opponent; });
        if (it != accepted.end()) accepted.erase(it);
        start_game(g.value("id", ""), g.value("color", "white"));
      }
      else log.line("game " + g.value("id", "") + ": finished (" + g.value("result", "?") + ")");
    } else if (type == "challenge" && j.contains("challenge") && j["challenge"].is_object()) {
      const ChallengeOffer offer = read_offer(j["challenge"]);
      if (offer.challenger == me) return !stop;  // our own challenge, echoed
      const std::string why = stop ? "stopping" : decline_reason(args.policy, offer, running + starting());
      const BotReply r = http.request("POST", "/api/challenge/" + offer.id + (why.empty() ? "/accept" : "/decline"));
      if (why.empty() && r.status == 200) accepted.push_back({offer.challenger, std::chrono::steady_clock::now()});
      log.line("challenge " + offer.id + " from " + offer.challenger + ": " +
               (why.empty() ? "accepted" : "declined, " + why) + (r.status == 200 ? "" : " (" + short_reply(r) + ")"));
    } else if ((type == "challengeCanceled" || type == "challengeDeclined") && j.contains("challenge") &&
               j["challenge"].is_object()) {
      challenger.settled(j["challenge"].value("id", ""));
      log.line("challenge " + j["challenge"].value("id", "") + ": " + (type == "challengeCanceled" ? "canceled" : "declined"));
    }
    return !stop;
  };

  int backoff = 1, status = 0;
  while (!stop) {
    bool heard = false;
    const BotReply r = http.stream("/api/stream/event", [&](const std::string& line) {
      heard = true;
      return on_event(line);
    });
    if (stop) break;
    if (r.status == 401 || r.status == 403) {
      log.line("the server refuses the event stream: " + short_reply(r));
      status = 1;
      break;
    }
    if (heard) backoff = 1;
    log.line("the event stream ended (" + short_reply(r) + "); reconnecting in " + std::to_string(backoff) + " s");
    pause_unless_stopped(backoff, stop);
    backoff = std::min(backoff * 2, 60);
  }
  stop = true;
  if (challenging.joinable()) challenging.join();
  for (auto& g : games) g.thread.join();
  return status;
}

}  // namespace

void add_bot_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("bot", "Connect an engine (SPEC section 6) to a site as a bot: accept challenges, play them");
  auto args = std::make_shared<BotArgs>();
  cmd->add_option("--server", args->server, "The site, e.g. https://yinsh.example.org");
  cmd->add_option("--token", args->token, "A personal API token of the account (scope bot:play, or board:play with --board)")
      ->envname("YINSH_TOKEN");
  cmd->add_option("--engine", args->engine, "The engine's command line, run through /bin/sh, one process per game");
  cmd->add_option("--builtin", args->builtin, "Or the built-in engine with these options, e.g. Level=2 or Level=8,Hash=32");
  cmd->add_option("--config", args->config, "Read options from this TOML file (keys are the options' names: max-games = 2)");
  cmd->add_flag("--board", args->board, "Play a person's account through the board API (board:play) instead of a bot's");
  cmd->add_flag("--upgrade", args->upgrade, "Make the account a bot first (for good; only before it has played)");
  cmd->add_option("--max-games", args->policy.max_games, "Games played at once; challenges beyond are declined")
      ->capture_default_str()->check(CLI::Range(1, 64));
  cmd->add_option("--rated", args->rated, "Which challenges: rated, casual or any")
      ->capture_default_str()->check(CLI::IsMember({"any", "rated", "casual"}));
  cmd->add_option("--variants", args->policy.variants, "Variants accepted (normal, blitz)")
      ->capture_default_str()->delimiter(',')->check(CLI::IsMember({"normal", "blitz"}));
  cmd->add_option("--untimed", args->policy.untimed, "Accept games without a clock (true/false)")->capture_default_str();
  cmd->add_option("--min-initial", args->policy.min_initial_s, "Shortest initial clock accepted, s")->capture_default_str();
  cmd->add_option("--max-initial", args->policy.max_initial_s, "Longest initial clock accepted, s")->capture_default_str();
  cmd->add_option("--min-increment", args->policy.min_increment_s, "Smallest increment accepted, s")->capture_default_str();
  cmd->add_option("--max-increment", args->policy.max_increment_s, "Largest increment accepted, s")->capture_default_str();
  cmd->add_option("--min-rating", args->policy.min_rating, "Lowest challenger rating accepted")->capture_default_str();
  cmd->add_option("--max-rating", args->policy.max_rating, "Highest challenger rating accepted")->capture_default_str();
  cmd->add_option("--bots", args->policy.bots, "Accept challenges from bots (true/false)")->capture_default_str();
  cmd->add_option("--humans", args->policy.humans, "Accept challenges from people (true/false)")->capture_default_str();
  cmd->add_option("--challenge", args->challenge,
                  "Challenge these accounts in turn whenever a game slot is free (repeatable, or NAME,NAME)")
      ->delimiter(',');
  cmd->add_option("--challenge-rated", args->challenge_rated, "Whether those challenges are rated (true/false)")
      ->capture_default_str();
  cmd->add_option("--challenge-variant", args->challenge_variant, "Their variant")
      ->capture_default_str()->check(CLI::IsMember({"normal", "blitz"}));
  cmd->add_option("--challenge-clock", args->challenge_clock, "Their clock: SECONDS+INCREMENT, or none")
      ->capture_default_str();
  cmd->add_option("--challenge-color", args->challenge_color,
                  "The colour the bridge asks to play in them: white, black or random")
      ->capture_default_str();
  cmd->add_option("--movetime", args->game.movetime_ms, "Per decision in games without a clock, ms")
      ->capture_default_str()->check(CLI::Range(int64_t(10), int64_t(3600000)));
  cmd->add_option("--overhead", args->game.overhead_ms, "Kept back from the clock for the network, ms")
      ->capture_default_str()->check(CLI::Range(int64_t(0), int64_t(60000)));
  cmd->add_option("--grace", args->game.grace_ms, "An engine's overrun before it counts as hung and is restarted, ms")
      ->capture_default_str()->check(CLI::Range(int64_t(100), int64_t(600000)));
  cmd->add_option("--max-failures", args->game.max_engine_failures,
                  "Engine crashes or hangs in one game before that game is resigned (an illegal decision resigns it at once)")
      ->capture_default_str()->check(CLI::Range(1, 100));
  cmd->callback([args, cmd] {
    std::string error;
    if (!args->config.empty() && !apply_config_file(*cmd, args->config, &error)) {
      std::cerr << "error: " << error << "\n";
      std::exit(2);
    }
    std::exit(run_bot(*args));
  });
}

}  // namespace yinsh::cli

#include "bot_game.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "core/game.h"
#include "core/notation.h"
#include "match/player.h"

namespace yinsh::cli {

using json = nlohmann::json;

void BotLog::line(const std::string& text) {
  const std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", std::gmtime(&now));
  std::lock_guard lock(mutex_);
  std::cerr << stamp << " " << text << std::endl;
}

namespace {

using SteadyClock = std::chrono::steady_clock;

int64_t ms_since(SteadyClock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - t).count();
}

class GamePlayer {
 public:
  GamePlayer(const BotHttp& http, const BotGameConfig& config, std::string id, const std::string& color,
             BotLog& log)
      : http_(http), config_(config), id_(std::move(id)), us_(color == "black" ? BLACK : WHITE), log_(log) {}

  void run(const std::atomic<bool>& stop) {
    std::string error;
    player_ = make_player(config_.engine, config_.seed, config_.grace_ms, &error);
    if (!player_) {
      say("cannot start the engine: " + error + "; resigning");
      post("resign");
      return;
    }
    player_->new_game();
    int backoff = 1;
    while (!over_ && !stop) {
      bool heard = false;
      const BotReply r = http_.stream(base() + "/stream/" + id_, [&](const std::string& line) {
        heard = true;
        return on_line(line);
      });
      if (over_ || stop) break;
      if (r.status == 401 || r.status == 403 || r.status == 404) {
        say("the server refuses the game stream (" + std::to_string(r.status) + " " + r.body + "); leaving the game");
        break;
      }
      if (heard) backoff = 1;
      say("the game stream ended (" + (r.status ? std::to_string(r.status) : r.body) + "); resuming in " +
          std::to_string(backoff) + " s");
      pause_unless_stopped(backoff, stop);
      backoff = std::min(backoff * 2, 30);
    }
  }

 private:
  std::string base() const { return "/api/" + config_.route + "/game"; }
  void say(const std::string& text) { log_.line("game " + id_ + ": " + text); }
  BotReply post(const std::string& what) { return http_.request("POST", base() + "/" + id_ + "/" + what); }

  // One line of the game stream; false ends the stream (the game is over or given up).
  bool on_line(const std::string& line) {
    const json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      say("an unreadable stream line: " + line.substr(0, 200));
      return true;
    }
    const std::string type = j.value("type", "");
    if (type == "gameFull") {
      blitz_ = j.value("variant", "normal") == "blitz";
      if (j.contains("state") && j["state"].is_object()) return on_state(j["state"]);
      return true;
    }
    if (type == "gameState") return on_state(j);
    if (type == "chatLine") say("chat " + j.value("username", "?") + ": " + j.value("text", ""));
    return true;  // other lines (opponentGone, ...) need no answer
  }

  bool on_state(const json& s) {
    const std::string status = s.value("status", "started");
    if (status != "started") {
      over_ = true;
      const auto winner = s.find("winner");
      say("over (" + status + (winner != s.end() && winner->is_string() ? ", " + winner->get<std::string>() + " won" : "") + ")");
      return false;
    }
    if (s.value("to_move", "") != (us_ == WHITE ? "white" : "black")) return true;
    const int ply = s.value("ply", -1);
    if (ply == sent_ply_) return true;  // this turn's decision is made
    Game game(Position::start(blitz_ ? Variant::Blitz : Variant::Normal));
    std::istringstream moves(s.value("moves", ""));
    for (std::string d; moves >> d;) {
      std::string error;
      if (!game.play(d, &error)) {
        say("the stream's moves do not replay (" + d + ": " + error + ")");
        return true;
      }
    }
    if (int(game.moves().size()) != ply) {
      say("the stream's ply " + std::to_string(ply) + " does not match its moves");
      return true;
    }
    if (ply != pending_ply_ || pending_.empty()) {
      if (!think(game, s)) return false;
      pending_ply_ = ply;
    }
    return send(ply);
  }

  // Asks the engine for this turn's decision; a failed engine is brought back (restarted if it
  // crashed or hung) and asked again, until the game's allowance of failures is spent.
  bool think(const Game& game, const json& s) {
    const auto started = SteadyClock::now();
    const int64_t wtime = s.value("wtime", int64_t(0)), btime = s.value("btime", int64_t(0));
    const bool clocked = (wtime > 0 || btime > 0) && std::max(wtime, btime) < 3600 * 1000;
    for (;;) {
      Limits limits;
      if (clocked) {
        const int64_t spent = ms_since(started) + config_.overhead_ms;
        limits.time[WHITE] = std::max<int64_t>(wtime - (us_ == WHITE ? spent : 0), 1);
        limits.time[BLACK] = std::max<int64_t>(btime - (us_ == BLACK ? spent : 0), 1);
        limits.inc[WHITE] = s.value("winc", int64_t(0));
        limits.inc[BLACK] = s.value("binc", int64_t(0));
      } else {
        limits.movetime = config_.movetime_ms;
      }
      std::string error;
      Move m = Move::none();
      if (player_->think(game, limits, m, &error)) {
        pending_ = to_string(m);
        return true;
      }
      if (player_->answered()) {  // a bug of the engine's, not an accident: it costs this game
        say("the engine answered an illegal decision (" + error + "); resigning");
        post("resign");
        over_ = true;
        return false;
      }
      ++failures_;
      say("the engine failed (" + error + "), failure " + std::to_string(failures_) + " of " +
          std::to_string(config_.max_engine_failures));
      if (failures_ >= config_.max_engine_failures) {
        say("resigning: the engine keeps failing");
        post("resign");
        over_ = true;
        return false;
      }
      player_->new_game();  // in step again, or a fresh process
    }
  }

  // Sends the decision for `ply`; a resend after a drop is refused as stale, which is fine.
  bool send(int ply) {
    for (int attempt = 0; attempt < 5; ++attempt) {
      const BotReply r = post("move/" + pending_ + "?ply=" + std::to_string(ply));
      if (r.status == 200 || r.status == 409) {
        if (r.status == 409) say("the server did not take " + pending_ + " (" + r.body + ")");
        sent_ply_ = ply;
        return true;
      }
      if (r.status == 400) {  // the server's rules refuse what the engine's accepted: give up
        say("the server refuses " + pending_ + " (" + r.body + "); resigning");
        post("resign");
        over_ = true;
        return false;
      }
      say("sending " + pending_ + " failed (" + (r.status ? std::to_string(r.status) + " " + r.body : r.body) +
          "); again");
      std::this_thread::sleep_for(std::chrono::milliseconds(250 << attempt));
    }
    return false;  // resume the stream: the decision is sent again for the same ply
  }

  const BotHttp& http_;
  const BotGameConfig& config_;
  const std::string id_;
  const Color us_;
  BotLog& log_;
  std::unique_ptr<Player> player_;
  bool blitz_ = false, over_ = false;
  int sent_ply_ = -1, pending_ply_ = -1, failures_ = 0;
  std::string pending_;
};

}  // namespace

void pause_unless_stopped(int seconds, const std::atomic<bool>& stop) {
  for (int i = 0; i < seconds * 10 && !stop; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
}

void play_bot_game(const BotHttp& http, const BotGameConfig& config, const std::string& id,
                   const std::string& color, BotLog& log, const std::atomic<bool>& stop) {
  GamePlayer(http, config, id, color, log).run(stop);
}

}  // namespace yinsh::cli

// The players of `yinsh loadtest`: one WebSocket connection each, playing random legal
// decisions (taken from the server's `legal` list) at once or after a person's pause. A bot
// either takes a seat of a game made beforehand (`play`: hello, start, play to the end) or asks
// the lobby for games (`pair`: quick pairing, docs/api.md 3.5; on `matched` it says hello with
// the seat's token, plays, and asks again while the run lasts). A bot asking by `challenge`
// plays someone who is not one of the run's bots (a bot account behind `yinsh bot`): it counts
// its games whatever its seat, and asks again 1 s after a challenge is declined or refused. Each decision's round trip
// (sent -> its broadcast received by the sender) and each pairing's wait (`pair` sent ->
// `matched` received) go into the run's Stats.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace yinsh::cli {

struct BotFrame;  // what a bot reads of a frame (loadtest_bot.cpp)

using LoadClock = std::chrono::steady_clock;

struct Stats {
  LoadClock::time_point t0;          // when the bots started
  std::vector<double> latencies_ms;  // each decision's round trip
  std::vector<double> sent_s;        // and when it was sent (seconds from t0)
  std::vector<double> pair_ms;       // each pairing's wait, `pair` sent -> `matched`
  long errors = 0, connect_failures = 0, finished = 0, bots_done = 0;
  long games = 0;     // games begun (counted by the bot seated White)
  long in_game = 0;   // bots matched whose game has not ended
  long waiting = 0;   // bots whose `pair` (or seek) is not answered yet
  long seeks_missed = 0;  // --pair seek: a seek_accept answered no_seek (another taker was first)
  long refused = 0;       // --challenge: a challenge declined, or refused while its player was away
  LoadClock::time_point last_matched;
  std::vector<std::string> first_errors;
  void error(std::string what) {
    if (first_errors.size() < 5) first_errors.push_back(std::move(what));
  }
};

// The `p`th percentile of `v` (0..100; 100: the largest), 0 when empty. Reorders `v`.
double percentile(std::vector<double>& v, double p);
// "N, ms p50 A  p90 B  p99 C  max D".
std::string spread(std::vector<double> v);

class Bot : public std::enable_shared_from_this<Bot> {
 public:
  Bot(boost::asio::io_context& ioc, Stats& stats, uint64_t seed, int think_ms);
  // Takes the seat `token` of `game` after `delay`, agrees to start, plays to the end, closes.
  void play(const boost::asio::ip::tcp::endpoint& ep, std::string game, std::string token,
            std::chrono::milliseconds delay = {});
  // After `delay`, asks the lobby for a game (sends `request`: a `pair`, or a `seek` that waits
  // to be taken), plays it, and asks again after each game while `again()` holds; then closes.
  // A `taker` sends `lobby` instead and takes one of the seeks it is shown (`seek_accept`).
  void pair(const boost::asio::ip::tcp::endpoint& ep, nlohmann::json request, std::function<bool()> again,
            std::chrono::milliseconds delay = {}, bool taker = false);

 private:
  void connect(const boost::asio::ip::tcp::endpoint& ep, std::chrono::milliseconds delay);
  void opened();
  void fail(const std::string& what, bool connect);
  void finish();
  void send(const nlohmann::json& j);
  void write();
  void read();
  void on_message(const BotFrame& m, std::string_view text);
  void ask();
  void take(const std::vector<std::string>& seeks);
  void ask_again_later();
  void decide(const std::vector<std::string>& legal, int ply);

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::asio::steady_timer timer_;
  boost::beast::flat_buffer buf_;
  std::deque<std::string> queue_;
  Stats& stats_;
  std::string game_, token_, role_;
  nlohmann::json request_;        // pairing: the `pair` message
  std::function<bool()> again_;   // pairing: whether to ask for another game
  std::mt19937_64 rng_;
  int waiting_for_ = -1;
  LoadClock::time_point sent_at_, asked_at_;
  int think_ms_ = 0;
  bool pairing_ = false, in_game_ = false, done_ = false;
  bool taker_ = false, taking_ = false;  // --pair seek: takes seeks; a seek_accept is unanswered
  bool challenger_ = false;  // --challenge: the request is a challenge; the opponent is not ours
};

}  // namespace yinsh::cli

// `yinsh loadtest --pair quick|seek` (loadtest_lobby.h).
#include "loadtest_lobby.h"

#include <algorithm>

namespace yinsh::cli {

using json = nlohmann::json;

void start_pairing_bots(boost::asio::io_context& ioc, const boost::asio::ip::tcp::endpoint& ep, const PairOptions& o,
                        Stats& stats) {
  const auto deadline = stats.t0 + std::chrono::milliseconds(int64_t(o.seconds * 1000));
  // Untimed, casual: guests may. With seeks, even bots publish and odd bots take.
  const bool seeks = o.mode == "seek";
  for (int i = 0; i < o.bots; ++i) {
    const auto delay = std::chrono::milliseconds(int64_t(o.ramp_s * 1000 * i / std::max(1, o.bots)));
    const bool taker = seeks && i % 2 == 1;
    const json request =
        o.mode == "challenge" ? json{{"type", "challenge"}, {"to", o.challenge_to}, {"variant", "normal"}, {"clock", o.clock}}
        : taker               ? json{{"type", "lobby"}}
                              : json{{"type", seeks ? "seek" : "pair"}, {"variant", "normal"}};
    std::make_shared<Bot>(ioc, stats, o.seed * 1000003 + uint64_t(i), o.think_ms)
        ->pair(ep, request, [deadline] { return LoadClock::now() < deadline; }, delay, taker);
  }
}

bool pairing_over(const PairOptions& o, const Stats& stats, LoadClock::time_point now) {
  if (stats.bots_done >= o.bots) return true;
  const auto deadline = stats.t0 + std::chrono::milliseconds(int64_t(o.seconds * 1000));
  return now >= deadline && stats.in_game == 0 && now - stats.last_matched >= std::chrono::seconds(2);
}

bool print_pairing(std::ostream& out, const PairOptions& o, Stats& stats) {
  long during = 0;  // decisions sent while the bots still asked for new games
  for (double at : stats.sent_s) during += at < o.seconds;
  out << "pairing (" << o.mode << "): " << o.bots << " bots asking again for " << o.seconds << " s; games "
      << stats.games << ", finished " << stats.finished << "; still waiting at the end " << stats.waiting << "\n"
      << "decisions in the first " << o.seconds << " s: " << during << ", " << double(during) / o.seconds
      << " decisions/s\n"
      << "pairing wait: " << spread(stats.pair_ms) << "\n";
  if (o.mode == "seek") out << "seeks taken by another taker first: " << stats.seeks_missed << "\n";
  if (o.mode == "challenge")
    out << "challenges to " << o.challenge_to << " declined or refused (asked again 1 s later): " << stats.refused << "\n";
  return stats.games > 0 && stats.finished == stats.games;
}

}  // namespace yinsh::cli

#include "connect_games.h"

#include <stdexcept>

#include <nlohmann/json.hpp>

#include "bot_http.h"

namespace yinsh::cli {
namespace {

using json = nlohmann::json;

constexpr int64_t kMinute = 60 * 1000, kHour = 60 * kMinute, kDay = 24 * kHour;

std::string plural(int64_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string clock_words(const json& c) {
  if (!c.is_object()) return "untimed";
  if (c.contains("days") && c["days"].is_number_integer())
    return plural(c["days"].get<int64_t>(), "day", "days") + " per move";
  const int64_t base = c.value("base_ms", int64_t(0)), inc = c.value("increment_ms", int64_t(0));
  std::string s = base % kMinute == 0 ? std::to_string(base / kMinute) + " min" : std::to_string(base / 1000) + " s";
  if (inc > 0) s += " + " + std::to_string(inc / 1000) + " s";
  return s;
}

std::string server_error(const BotReply& r) {
  const json body = json::parse(r.body, nullptr, false);
  if (body.is_object() && body.contains("error") && body["error"].is_object())
    return body["error"].value("message", body["error"].value("code", ""));
  return r.body.substr(0, 200);
}

}  // namespace

std::string time_left_text(int64_t ms) {
  if (ms < 0) ms = 0;
  const int64_t days = ms / kDay, hours = ms % kDay / kHour, minutes = ms % kHour / kMinute;
  if (days > 0) return plural(days, "day", "days") + (hours > 0 ? " " + std::to_string(hours) + " h" : "");
  if (hours > 0) return std::to_string(hours) + " h" + (minutes > 0 ? " " + std::to_string(minutes) + " min" : "");
  return std::to_string(minutes) + " min";
}

std::vector<OngoingGame> fetch_ongoing_games(const std::string& site_url, const std::string& api_token) {
  std::string why;
  const auto site = parse_site_url(site_url, &why);
  if (!site) throw std::runtime_error(why);
  const BotHttp http(*site, api_token);
  const BotReply r = http.request("GET", site->prefix + "/api/account/games", {}, 15);
  if (r.status == 0) throw std::runtime_error("cannot reach " + site->host + ":" + site->port + ": " + r.body);
  if (r.status == 401)
    throw std::runtime_error("the server refused the API token (" + server_error(r) +
                             "): make one on the site's account page, API tokens");
  if (r.status != 200) throw std::runtime_error("HTTP " + std::to_string(r.status) + ": " + server_error(r));
  const json body = json::parse(r.body, nullptr, false);
  if (!body.is_object() || !body.contains("games") || !body["games"].is_array())
    throw std::runtime_error("the server's list of games is not the expected JSON");
  std::vector<OngoingGame> out;
  for (const json& g : body["games"]) {
    if (!g.is_object()) continue;
    OngoingGame o;
    o.id = g.value("id", "");
    o.color = g.value("color", "");
    o.seat_token = g.value("seat_token", "");
    o.status = g.value("status", "");
    o.your_turn = g.value("your_turn", false);
    const json opp = g.value("opponent", json::object());
    if (opp.is_object() && opp.contains("name") && opp["name"].is_string()) {
      o.opponent = opp["name"].get<std::string>();
      if (opp.contains("rating") && opp["rating"].is_number()) o.opponent += " (" + std::to_string(opp["rating"].get<int>()) + ")";
    }
    o.time_control = clock_words(g.value("time_control", json()));
    if (g.contains("deadline") && g["deadline"].is_number_integer()) o.deadline = g["deadline"].get<int64_t>();
    if (!o.id.empty()) out.push_back(std::move(o));
  }
  return out;
}

std::string games_text(const std::vector<OngoingGame>& games, int64_t now) {
  if (games.empty()) return "No games in play.\n";
  int waiting = 0;
  for (const auto& g : games) waiting += g.your_turn;
  std::string s = "Your games (" + std::to_string(waiting) + " where it is your turn):\n";
  for (size_t i = 0; i < games.size(); ++i) {
    const OngoingGame& g = games[i];
    std::string who = g.your_turn ? "your turn" : g.opponent.empty() ? "waiting for an opponent" : "waiting for " + g.opponent;
    if (g.your_turn && !g.opponent.empty()) who += " against " + g.opponent;
    s += "  " + std::to_string(i + 1) + ". " + who + " | " + g.color + " | " + g.time_control;
    if (g.deadline >= 0) s += " | " + time_left_text(g.deadline - now) + " left";
    s += " | game " + g.id + "\n";
  }
  return s;
}

std::string next_your_turn(const std::vector<OngoingGame>& games, const std::string& current) {
  size_t start = 0;
  for (size_t i = 0; i < games.size(); ++i)
    if (games[i].id == current) start = i + 1;
  for (size_t k = 0; k < games.size(); ++k) {
    const OngoingGame& g = games[(start + k) % games.size()];
    if (g.your_turn && g.id != current) return g.id;
  }
  return "";
}

}  // namespace yinsh::cli

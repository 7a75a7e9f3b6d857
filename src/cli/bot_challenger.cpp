#include "bot_challenger.h"

#include <nlohmann/json.hpp>
#include <thread>

namespace yinsh::cli {

namespace {
// A challenge nobody answers is given up (canceled) after this long.
constexpr auto kUnanswered = std::chrono::seconds(60);
}  // namespace

void Challenger::run(const std::atomic<bool>& stop, const std::atomic<int>& running) {
  while (!stop) {
    std::string cancel, name;
    {
      std::lock_guard lock(mutex_);
      const auto now = std::chrono::steady_clock::now();
      if (!waiting_.empty() && now - sent_at_ > kUnanswered) {
        if (waiting_ != "-") cancel = waiting_;  // "-": a refusal's pause is over
        waiting_.clear();
      }
      if (waiting_.empty() && cancel.empty() && running < max_games_ && !names_.empty())
        name = names_[next_++ % names_.size()];
    }
    if (!cancel.empty()) {
      log_.line("challenge " + cancel + ": no answer; canceled");
      http_.request("POST", "/api/challenge/" + cancel + "/cancel");
    }
    if (!name.empty()) {
      const BotReply r = http_.request("POST", "/api/challenge/" + name, body_);
      const auto j = nlohmann::json::parse(r.body, nullptr, false);
      std::string id;
      if (r.status == 200 && j.is_object() && j.contains("challenge") && j["challenge"].is_object())
        id = j["challenge"].value("id", "");
      log_.line("challenging " + name + ": " + (id.empty() ? "refused (" + std::to_string(r.status) + " " + r.body.substr(0, 200) + ")" : "challenge " + id));
      std::lock_guard lock(mutex_);
      sent_at_ = std::chrono::steady_clock::now();
      waiting_ = id;
      if (id.empty()) {  // refused (the name is offline, or too many challenges): 10 s before the next
        waiting_ = "-";
        sent_at_ -= kUnanswered - std::chrono::seconds(10);
      }
    }
    pause_unless_stopped(1, stop);
  }
}

void Challenger::settled(const std::string& challenge_id) {
  std::lock_guard lock(mutex_);
  if (challenge_id == waiting_) waiting_.clear();
}

void Challenger::game_started() {
  std::lock_guard lock(mutex_);
  if (waiting_ != "-") waiting_.clear();
}

}  // namespace yinsh::cli

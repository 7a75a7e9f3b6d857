// Pieces both stores share: the schema's column lists and row <-> struct conversions.
#pragma once

#include <chrono>
#include <string>

#include "core/notation.h"
#include "server/store/store.h"

namespace yinsh::server::store_detail {

// games(id, variant, base_ms, inc_ms, created_at, updated_at, status, white, black, result,
//       ply, version); events(game_id, version, body), primary key (game_id, version).
inline const char* kSummaryColumns =
    "id, variant, base_ms, inc_ms, created_at, updated_at, status, white, black, result, ply";

inline int64_t epoch_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

inline std::string result_text(const GameSummary& s) {
  return s.result ? to_json(*s.result).dump() : std::string();
}

inline std::optional<GameResult> parse_result_text(const std::string& t) {
  if (t.empty()) return std::nullopt;
  const json j = json::parse(t, nullptr, false);
  if (!j.is_object()) return std::nullopt;
  GameResult r;
  r.score = j.value("score", "*");
  if (j.contains("winner") && j["winner"].is_string()) r.winner = parse_color(j["winner"].get<std::string>());
  r.reason = j.value("reason", "");
  return r;
}

}  // namespace yinsh::server::store_detail

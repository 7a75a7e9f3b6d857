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

// The active games whose deadline has passed, most overdue first (Store::due_games).
inline const char* kDueGames =
    "SELECT id FROM games WHERE status='active' AND deadline IS NOT NULL AND deadline <= ? ORDER BY deadline LIMIT ?";

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

// A games row read through Sql whose columns are kSummaryColumns, then version and rated.
inline GameSummary summary_of_row(const SqlRow& r) {
  GameSummary s;
  s.id = sql_text(r[0]);
  s.variant = parse_variant(sql_text(r[1])).value_or(Variant::Normal);
  if (r[2]) s.clock = ClockSpec{sql_int(r[2]), sql_int(r[3])};
  s.created_at = sql_int(r[4]);
  s.updated_at = sql_int(r[5]);
  s.status = parse_status(sql_text(r[6])).value_or(Status::Waiting);
  s.white = sql_text(r[7]);
  s.black = sql_text(r[8]);
  s.result = parse_result_text(sql_text(r[9]));
  s.ply = int(sql_int(r[10]));
  s.version = sql_int(r[11]);
  s.rated = sql_int(r[12]) != 0;
  return s;
}

}  // namespace yinsh::server::store_detail

#include "server/store/ongoing_games.h"

#include "core/notation.h"
#include "server/store/store_common.h"

namespace yinsh::server {

int64_t count_ongoing_correspondence(Sql& q, const std::string& account) {
  const auto rows = q.run(
      "SELECT COUNT(*) FROM games WHERE status IN ('waiting','active') AND base_ms >= ? "
      "AND (white_account=? OR black_account=?)",
      {kDayMs, account, account});
  return sql_int(rows.at(0).at(0));
}

std::vector<OngoingGame> ongoing_games(Sql& q, const std::string& account, int limit) {
  std::vector<OngoingGame> out;
  const auto rows = q.run(std::string("SELECT ") + store_detail::kSummaryColumns +
                              ", version, rated, white_account, black_account, to_move, deadline FROM games "
                              "WHERE status IN ('waiting','active') AND (white_account=? OR black_account=?) "
                              "ORDER BY created_at LIMIT ?",
                          {account, account, int64_t(limit)});
  for (const auto& r : rows) {
    OngoingGame g;
    g.summary = store_detail::summary_of_row(r);
    GameSummary& s = g.summary;
    s.white_account = sql_text(r[13]);
    s.black_account = sql_text(r[14]);
    if (r[15]) s.to_move = parse_color(sql_text(r[15]));
    if (r[16]) s.deadline = sql_int(r[16]);
    g.color = s.white_account == account ? WHITE : BLACK;
    out.push_back(std::move(g));
  }
  return out;
}

std::string seat_token(Sql& q, const std::string& id, Color color) {
  for (const auto& r : q.run("SELECT body FROM events WHERE game_id=? AND body LIKE ? ORDER BY version",
                             {id, std::string("%\"joined\"%")})) {
    const json j = json::parse(sql_text(r[0]), nullptr, false);
    if (j.is_object() && j.value("type", "") == "joined" && j.value("seat", "") == color_name(color))
      return j.value("token", "");
  }
  return "";
}

}  // namespace yinsh::server

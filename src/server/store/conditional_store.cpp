// Conditional lines in the database (conditional_store.h).
#include "server/store/conditional_store.h"

#include "core/notation.h"

namespace yinsh::server {
namespace {
std::string seat_name(Color c) { return std::string(color_name(c)); }
}  // namespace

void save_conditional_lines(Store& store, const std::string& game, Color seat, const ConditionalLines& lines,
                            int64_t now) {
  store.transact([&](Sql& q) {
    q.run("DELETE FROM conditional_lines WHERE game_id = ? AND seat = ?", {game, seat_name(seat)});
    q.run("INSERT INTO conditional_lines (game_id, seat, base_ply, history, lines, stored_at) VALUES (?, ?, ?, ?, ?, ?)",
          {game, seat_name(seat), int64_t(lines.base_ply), lines.history, lines_text(lines.lines), now});
  });
}

std::optional<ConditionalLines> load_conditional_lines(Store& store, const std::string& game, Color seat) {
  std::optional<ConditionalLines> out;
  store.transact([&](Sql& q) {
    auto rows = q.run("SELECT base_ply, history, lines FROM conditional_lines WHERE game_id = ? AND seat = ?",
                      {game, seat_name(seat)});
    if (rows.empty()) return;
    out = ConditionalLines{int(sql_int(rows[0][0])), sql_text(rows[0][1]), parse_lines_text(sql_text(rows[0][2]))};
  });
  return out;
}

void drop_conditional_lines(Store& store, const std::string& game, Color seat,
                            const std::optional<ConditionalLines>& only_if) {
  store.transact([&](Sql& q) {
    if (!only_if) return void(q.run("DELETE FROM conditional_lines WHERE game_id = ? AND seat = ?", {game, seat_name(seat)}));
    q.run("DELETE FROM conditional_lines WHERE game_id = ? AND seat = ? AND base_ply = ? AND lines = ?",
          {game, seat_name(seat), int64_t(only_if->base_ply), lines_text(only_if->lines)});
  });
}

void drop_game_conditional_lines(Store& store, const std::string& game) {
  store.transact([&](Sql& q) { q.run("DELETE FROM conditional_lines WHERE game_id = ?", {game}); });
}

}  // namespace yinsh::server

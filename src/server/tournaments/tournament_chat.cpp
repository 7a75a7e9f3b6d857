// A tournament's chat (tournament_chat.h).
#include "server/tournaments/tournament_chat.h"

#include "server/common/ids.h"
#include "server/store/store.h"

namespace yinsh::server {

json TournamentChatLine::to_json() const { return {{"id", id}, {"name", name}, {"text", text}, {"at", at}}; }

std::optional<std::vector<TournamentChatLine>> chat_lines(Store& store, const std::string& tournament) {
  std::optional<std::vector<TournamentChatLine>> out;
  store.transact([&](Sql& q) {
    out.reset();
    if (q.run("SELECT 1 FROM tournaments WHERE id = ?", {tournament}).empty()) return;
    out.emplace();
    const auto rows = q.run(
        "SELECT c.id, a.name, c.text, c.at FROM tournament_chat c JOIN accounts a ON a.id = c.account_id "
        "WHERE c.tournament_id = ? AND c.deleted = 0 ORDER BY c.at DESC, c.id DESC LIMIT ?",
        {tournament, int64_t(kChatLinesShown)});
    for (auto it = rows.rbegin(); it != rows.rend(); ++it)
      out->push_back({sql_text((*it)[0]), sql_text((*it)[1]), sql_text((*it)[2]), sql_int((*it)[3])});
  });
  return out;
}

ChatPost post_chat(Store& store, const std::string& tournament, const Identity& who, const std::string& text,
                   int64_t now, TournamentChatLine* line) {
  ChatPost out = ChatPost::Ok;
  store.transact([&](Sql& q) {
    out = ChatPost::Ok;
    if (q.run("SELECT 1 FROM tournaments WHERE id = ?", {tournament}).empty()) return void(out = ChatPost::NoTournament);
    const auto recent = q.run("SELECT COUNT(*) FROM tournament_chat WHERE account_id = ? AND at > ?",
                              {who.account, now - kChatWindowMs});
    if (sql_int(recent.at(0).at(0)) >= kChatLinesPerWindow) return void(out = ChatPost::TooFast);
    *line = {new_game_id(), who.name, text, now};
    q.run("INSERT INTO tournament_chat (id, tournament_id, account_id, text, at) VALUES (?, ?, ?, ?, ?)",
          {line->id, tournament, who.account, text, now});
  });
  return out;
}

ChatDelete delete_chat(Store& store, const std::string& tournament, const std::string& id, const Identity& who) {
  ChatDelete out = ChatDelete::Ok;
  store.transact([&](Sql& q) {
    out = ChatDelete::Ok;
    const auto row = q.run("SELECT account_id FROM tournament_chat WHERE id = ? AND tournament_id = ? AND deleted = 0",
                           {id, tournament});
    if (row.empty()) return void(out = ChatDelete::NoLine);
    if (sql_text(row[0][0]) != who.account && who.role != "admin") return void(out = ChatDelete::NotAllowed);
    q.run("UPDATE tournament_chat SET deleted = 1 WHERE id = ?", {id});
  });
  return out;
}

}  // namespace yinsh::server

// The SQL of bot accounts (bot_store.h).
#include "server/bots/bot_store.h"

#include "server/accounts/accounts_store.h"
#include "server/store/store.h"

namespace yinsh::server {

BotUpgrade upgrade_to_bot(Store& store, const std::string& account, int64_t now) {
  BotUpgrade out = BotUpgrade::Ok;
  std::string key;
  store.transact([&](Sql& q) {
    const auto rows = q.run("SELECT bot, name_key FROM accounts WHERE id=? AND deleted=0 AND closed=0", {account});
    if (rows.empty()) return void(out = BotUpgrade::NoAccount);
    if (sql_int(rows[0].at(0)) != 0) return void(out = BotUpgrade::AlreadyBot);
    key = sql_text(rows[0].at(1));
    q.run("UPDATE accounts SET bot=1 WHERE id=? AND bot=0 AND NOT EXISTS "
          "(SELECT 1 FROM games WHERE white_account=? OR black_account=?)",
          {account, account, account});
    if (q.changes() == 0) out = BotUpgrade::HasPlayed;
  });
  if (out == BotUpgrade::Ok) AccountStore(store).log(key, "bot", key, "", now);
  return out;
}

std::vector<BotRow> list_bots(Store& store, int limit) {
  std::vector<BotRow> out;
  store.transact([&](Sql& q) {
    for (const auto& r : q.run("SELECT name, created_at FROM accounts WHERE bot=1 AND deleted=0 AND closed=0 "
                               "ORDER BY name_key LIMIT ?",
                               {int64_t(limit)}))
      out.push_back({sql_text(r.at(0)), sql_int(r.at(1))});
  });
  return out;
}

}  // namespace yinsh::server

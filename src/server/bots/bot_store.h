// Bot accounts in the database: the column accounts.bot (migration 6, store_migrations.h).
// Written once against sql.h for both stores; blocking: BotsApi calls it on its own thread.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace yinsh::server {

class Store;

enum class BotUpgrade { Ok, AlreadyBot, HasPlayed, NoAccount };
// Makes a live account a bot, for good, unless it holds a seat in any game (waiting, played or
// aborted): decided in one statement, so that a game joined at the same moment cannot slip in
// between the check and the change. Logged in moderation_log (action "bot").
BotUpgrade upgrade_to_bot(Store& store, const std::string& account, int64_t now);

struct BotRow {
  std::string name;
  int64_t created_at = 0;
};
// The live bot accounts, by name (at most `limit`).
std::vector<BotRow> list_bots(Store& store, int limit);

}  // namespace yinsh::server

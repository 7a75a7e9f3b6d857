// A tournament's chat (docs/api.md 2.7): lines written by logged-in players who are not muted,
// kept in the database (migration 12) so that every server of the site shows the same lines;
// a line removed by its writer or a moderator stays stored, marked deleted, and is no longer
// shown. Blocking store calls, run on the tournaments API's thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/common/identity.h"
#include "server/common/shapes.h"

namespace yinsh::server {

class Store;

constexpr int kChatLinesShown = 100;
constexpr size_t kChatLineChars = 500;
// A writer may post this many lines in any kChatWindowMs (site-wide: counted in the store).
constexpr int kChatLinesPerWindow = 5;
constexpr int64_t kChatWindowMs = 10000;

struct TournamentChatLine {
  std::string id, name, text;
  int64_t at = 0;
  json to_json() const;
};

// The last kChatLinesShown lines not removed, oldest first; nullopt when there is no such
// tournament.
std::optional<std::vector<TournamentChatLine>> chat_lines(Store& store, const std::string& tournament);

enum class ChatPost { Ok, NoTournament, TooFast };
// Stores `text` (cleaned already, 1 to kChatLineChars characters) from `who`; the new line in `line`.
ChatPost post_chat(Store& store, const std::string& tournament, const Identity& who, const std::string& text,
                   int64_t now, TournamentChatLine* line);

enum class ChatDelete { Ok, NoLine, NotAllowed };
// Removes line `id` of the tournament: its writer or an admin may.
ChatDelete delete_chat(Store& store, const std::string& tournament, const std::string& id, const Identity& who);

}  // namespace yinsh::server

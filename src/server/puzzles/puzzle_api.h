// The puzzle-rating endpoints (docs/api.md 2.3), beside the account endpoints and answered on
// their pool, with the same session cookie (and, for the POST, the same Origin check: the
// network layer refuses cross-site POSTs to /api/ before they get here):
//   GET  /api/account/puzzles           the account's puzzle rating, recent attempts, puzzles tried
//   POST /api/account/puzzles/attempts  {"puzzle": id, "line": [decision, ...]}: an attempt,
//                                        judged by replaying the line (puzzle_judge.h)
// Guests get 401 (their trainer keeps its rating in the browser). A puzzle id the committed
// set (puzzle_set.h) does not know, a malformed body or an illegal line gets 400 and changes
// nothing.
// Blocking; uses Store::transact and puzzle_store.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "server/common/http_api.h"

namespace yinsh::server {

class Store;

inline bool is_puzzle_endpoint(std::string_view what) { return what == "puzzles" || what == "puzzles/attempts"; }

// `what`: the path after /api/account/ ("puzzles" or "puzzles/attempts"); `account`: the
// session's account id (nullopt for a guest).
HttpReply serve_puzzles(Store& store, std::string_view what, std::string_view method,
                        const std::optional<std::string>& account, const std::string& body, int64_t now);

}  // namespace yinsh::server

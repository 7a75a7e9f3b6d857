// The puzzle-rating endpoints (puzzle_api.h).
#include "server/puzzles/puzzle_api.h"

#include "server/puzzles/puzzle_set.h"
#include "server/puzzles/puzzle_store.h"
#include "server/common/shapes.h"
#include "server/store/store.h"

namespace yinsh::server {
namespace {

HttpReply ok(json body) {
  HttpReply r;
  r.body = std::move(body);
  return r;
}

// The attempt's result, or the stored first attempt when this one was submitted before.
HttpReply record(Store& store, const std::string& account, const PuzzleInfo& puzzle, bool solved, int64_t now) {
  PuzzleRecord rec;
  json rating;
  const auto work = [&](Sql& q) {
    rec = record_puzzle_attempt(q, account, puzzle.id, puzzle.rating, solved, now);
    rating = puzzle_rating_json(q, account);
  };
  try {
    store.transact(work);
  } catch (const UniqueViolation&) {
    store.transact(work);  // the same attempt, submitted twice at once: the other one counted
  }
  return ok({{"counted", rec.counted}, {"attempt", puzzle_attempt_json(rec.attempt)}, {"rating", rating}});
}

}  // namespace

HttpReply serve_puzzles(Store& store, std::string_view what, std::string_view method,
                        const std::optional<std::string>& account, const std::string& body, int64_t now) {
  const std::string_view wanted = what == "puzzles" ? "GET" : "POST";
  if (method != wanted)
    return http_error(405, "method_not_allowed", std::string(method.substr(0, 10)) + " is not allowed here");
  if (!account)
    return http_error(401, "not_logged_in", "log in to keep a puzzle rating (a guest's stays in the browser)");
  if (what == "puzzles") {
    json profile;
    store.transact([&](Sql& q) { profile = puzzle_profile_json(q, *account); });
    return ok(std::move(profile));
  }
  const json j = json::parse(body, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return http_error(400, "bad_json", "the body must be a JSON object");
  try {
    const Fields f(j);
    const std::string id = f.str("puzzle", 32);
    const bool solved = f.boolean("solved");
    const auto puzzle = PuzzleSet::committed().find(id);
    if (!puzzle) return http_error(400, "unknown_puzzle", "no puzzle " + id + " in the puzzle set");
    return record(store, *account, *puzzle, solved, now);
  } catch (const SchemaError& e) {
    return http_error(400, "bad_request", e.what());
  }
}

}  // namespace yinsh::server

// The puzzle-rating endpoints (puzzle_api.h).
#include "server/puzzles/puzzle_api.h"

#include "server/puzzles/puzzle_judge.h"
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

// The posted line: an array of at most kMaxPuzzleLine decisions, each a short string.
std::vector<std::string> read_line(const json& j) {
  if (!j.is_array() || j.size() > kMaxPuzzleLine)
    throw SchemaError("line must be an array of at most " + std::to_string(kMaxPuzzleLine) + " decisions");
  std::vector<std::string> line;
  for (const auto& d : j) {
    if (!d.is_string() || d.get_ref<const std::string&>().empty() || d.get_ref<const std::string&>().size() > 16)
      throw SchemaError("each decision of line must be a decision in the notation, such as \"f8-f6\"");
    line.push_back(d.get<std::string>());
  }
  return line;
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
    const auto line = read_line(f.any("line"));
    const auto puzzle = PuzzleSet::committed().find(id);
    if (!puzzle) return http_error(400, "unknown_puzzle", "no puzzle " + id + " in the puzzle set");
    // Solved only when the core, replaying the line from the puzzle's position, says so, and
    // the opponent's answers off the solution are ones the engine gives (puzzle_referee.h).
    const auto judged = judge_line(*puzzle, line, engine_could_answer);
    if (judged.verdict == LineVerdict::Malformed) return http_error(400, "illegal_line", judged.why);
    return record(store, *account, *puzzle, judged.verdict == LineVerdict::Solved, now);
  } catch (const SchemaError& e) {
    return http_error(400, "bad_request", e.what());
  }
}

}  // namespace yinsh::server

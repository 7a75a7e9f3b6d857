// The player pages' API (players_api.h).
#include "server/accounts/players_api.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <memory>

#include "accounts/username.h"
#include "server/store/game_archive.h"
#include "server/common/http_util.h"
#include "server/puzzles/puzzle_store.h"
#include "rating/category.h"
#include "rating/glicko2.h"
#include "server/store/store.h"
#include "server/store/store_common.h"

namespace yinsh::server {
namespace {

using namespace store_detail;

HttpReply ok(json body) {
  HttpReply r;
  r.body = std::move(body);
  return r;
}

struct Player {
  std::string id, name, role;
  int64_t created_at = 0;
  bool bot = false;
};

std::optional<Player> find_player(Sql& q, const std::string& typed) {
  std::string error;
  const auto name = accounts::parse_username(typed, &error);
  if (!name) return std::nullopt;
  const auto rows =
      q.run("SELECT id, name, role, created_at, bot FROM accounts WHERE name_key=? AND deleted=0 AND closed=0", {name->key});
  if (rows.empty()) return std::nullopt;
  return Player{sql_text(rows[0][0]), sql_text(rows[0][1]), sql_text(rows[0][2]), sql_int(rows[0][3]), sql_int(rows[0][4]) != 0};
}

// One of the player's games, as the list shows it.
struct PlayerGame {
  GameSummary s;
  Color color = WHITE;
  std::string outcome;  // "win", "loss", "draw", or "" (unfinished or aborted)
  rating::Category category = rating::Category::Untimed;
  std::optional<double> before, after;  // the player's rating change (rated games)
};

std::vector<PlayerGame> player_games(Sql& q, const Player& p) {
  std::vector<PlayerGame> out;
  const auto rows = q.run(std::string("SELECT ") + kSummaryColumns +
                              ", g.version, g.rated, g.white_account, g.black_account, h.rating_before, h.rating_after FROM games g "
                              "LEFT JOIN rating_history h ON h.game_id=g.id AND h.account_id=? "
                              "WHERE g.white_account=? OR g.black_account=? ORDER BY g.created_at DESC, g.id LIMIT ?",
                          {p.id, p.id, p.id, int64_t(kMaxPlayerGames)});
  for (const auto& r : rows) {
    PlayerGame g;
    g.s = summary_of_row(r);
    GameSummary& s = g.s;
    s.white_account = sql_text(r[13]);
    s.black_account = sql_text(r[14]);
    g.color = s.white_account == p.id ? WHITE : BLACK;
    if (r[15]) g.before = sql_double(r[15]), g.after = sql_double(r[16]);
    if (s.status == Status::Over && s.result)
      g.outcome = !s.result->winner ? "draw" : *s.result->winner == g.color ? "win" : "loss";
    g.category = rating::categorize(s.variant == Variant::Blitz, s.clock ? s.clock->base_ms : 0,
                                    s.clock ? s.clock->inc_ms : 0);
    out.push_back(std::move(g));
  }
  return out;
}

json profile(Sql& q, const Player& p) {
  json ratings = json::array();
  for (const auto& r : q.run("SELECT category, rating, deviation, games, wins, draws, losses FROM ratings "
                             "WHERE account_id=? ORDER BY category",
                             {p.id})) {
    const double dev = sql_double(r[2]);
    ratings.push_back({{"category", sql_text(r[0])},
                       {"rating", std::lround(sql_double(r[1]))},
                       {"deviation", std::lround(dev)},
                       {"provisional", dev > rating::kProvisionalDeviation},
                       {"games", sql_int(r[3])},
                       {"wins", sql_int(r[4])},
                       {"draws", sql_int(r[5])},
                       {"losses", sql_int(r[6])}});
  }
  int64_t games = 0, wins = 0, draws = 0, losses = 0;
  for (const auto& g : player_games(q, p)) {
    if (g.outcome.empty()) continue;
    ++games;
    (g.outcome == "win" ? wins : g.outcome == "draw" ? draws : losses) += 1;
  }
  return {{"name", p.name},
          {"role", p.role},
          {"bot", p.bot},
          {"created_at", p.created_at},
          {"ratings", ratings},
          {"puzzles", has_puzzle_rating(q, p.id) ? puzzle_rating_json(q, p.id) : json(nullptr)},
          {"totals", {{"games", games}, {"wins", wins}, {"draws", draws}, {"losses", losses}}}};
}

HttpReply games(Sql& q, const Player& p, std::string_view query) {
  const std::string opponent = query_param(query, "opponent");
  const std::string result = query_param(query, "result");
  const std::string category = query_param(query, "category");
  if (!result.empty() && result != "win" && result != "loss" && result != "draw")
    return http_error(400, "bad_request", "result must be win, loss or draw");
  if (!category.empty() && !rating::parse_category(category))
    return http_error(400, "bad_request", "no category " + category.substr(0, 30));
  int page = 1;
  if (const std::string pg = query_param(query, "page"); !pg.empty()) {
    if (pg.size() > 4 || pg.find_first_not_of("0123456789") != std::string::npos || std::stoi(pg) < 1)
      return http_error(400, "bad_request", "page must be 1..9999");
    page = std::stoi(pg);
  }
  std::string opp_key = opponent;
  std::transform(opp_key.begin(), opp_key.end(), opp_key.begin(), [](unsigned char c) { return std::tolower(c); });
  std::vector<json> matched;
  for (const auto& g : player_games(q, p)) {
    const std::string& other = g.color == WHITE ? g.s.black : g.s.white;
    std::string other_key = other;
    std::transform(other_key.begin(), other_key.end(), other_key.begin(), [](unsigned char c) { return std::tolower(c); });
    if (!opp_key.empty() && other_key != opp_key) continue;
    if (!result.empty() && g.outcome != result) continue;
    if (!category.empty() && rating::name(g.category) != category) continue;
    json j = to_json(g.s);
    j["color"] = color_name(g.color);
    j["outcome"] = g.outcome.empty() ? json(nullptr) : json(g.outcome);
    j["category"] = rating::name(g.category);
    j["rating"] = g.before ? json{{"before", std::lround(*g.before)},
                                  {"after", std::lround(*g.after)},
                                  {"diff", std::lround(*g.after) - std::lround(*g.before)}}
                           : json(nullptr);
    matched.push_back(std::move(j));
  }
  const size_t from = size_t(page - 1) * kGamesPerPage;
  json list = json::array();
  for (size_t i = from; i < matched.size() && i < from + kGamesPerPage; ++i) list.push_back(matched[i]);
  return ok({{"games", list}, {"page", page}, {"per_page", kGamesPerPage}, {"total", matched.size()}});
}

HttpReply history(Sql& q, const Player& p, std::string_view query) {
  const std::string category = query_param(query, "category");
  if (!rating::parse_category(category)) return http_error(400, "bad_request", "category is required (bullet, ...)");
  json points = json::array();
  for (const auto& r : q.run("SELECT at, rating_after, deviation_after, game_id FROM rating_history "
                             "WHERE account_id=? AND category=? ORDER BY at, game_id",
                             {p.id, category}))
    points.push_back({{"at", sql_int(r[0])},
                      {"rating", std::lround(sql_double(r[1]))},
                      {"deviation", std::lround(sql_double(r[2]))},
                      {"game", sql_text(r[3])}});
  return ok({{"category", category}, {"points", points}});
}

HttpReply leaderboard(Sql& q, std::string_view query) {
  const std::string category = query_param(query, "category");
  if (!rating::parse_category(category)) return http_error(400, "bad_request", "category is required (bullet, ...)");
  json players = json::array();
  // Provisional ratings are not ranked (as on lichess).
  for (const auto& r : q.run("SELECT a.name, r.rating, r.deviation, r.games FROM ratings r JOIN accounts a ON "
                             "a.id=r.account_id WHERE r.category=? AND a.deleted=0 AND a.closed=0 AND r.deviation<=? "
                             "ORDER BY r.rating DESC, a.name_key LIMIT 100",
                             {category, rating::kProvisionalDeviation}))
    players.push_back({{"name", sql_text(r[0])},
                       {"rating", std::lround(sql_double(r[1]))},
                       {"deviation", std::lround(sql_double(r[2]))},
                       {"games", sql_int(r[3])}});
  return ok({{"category", category}, {"players", players}});
}

}  // namespace

HttpReply serve_players(Store& store, const std::string& path, std::string_view query) {
  if (path == "/api/leaderboard") {
    HttpReply r;
    store.transact([&](Sql& q) { r = leaderboard(q, query); });
    return r;
  }
  std::string rest = path.substr(std::string_view("/api/players/").size());
  const auto slash = rest.find('/');
  const std::string name = url_decode(rest.substr(0, slash)).value_or("");
  const std::string sub = slash == std::string::npos ? "" : rest.substr(slash + 1);
  if (!sub.empty() && sub != "games" && sub != "history")
    return http_error(404, "not_found", "no endpoint " + path.substr(0, 100));
  HttpReply r;
  store.transact([&](Sql& q) {
    const auto p = find_player(q, name);
    if (!p) return void(r = http_error(404, "player_not_found", "no player " + name.substr(0, 40)));
    if (sub.empty()) r = ok(profile(q, *p));
    else if (sub == "games") r = games(q, *p, query);
    else r = history(q, *p, query);
  });
  return r;
}

bool is_records_download(std::string_view method, std::string_view path) {
  constexpr std::string_view prefix = "/api/players/", tail = "/records";
  return method == "GET" && path.size() > prefix.size() + tail.size() && path.rfind(prefix, 0) == 0 &&
         path.substr(path.size() - tail.size()) == tail &&
         path.substr(prefix.size()).find('/') == path.size() - prefix.size() - tail.size();
}

namespace {

// The records of a player's finished games, oldest first, one after the other
// (docs/records.md), kRecordsPerChunk games read from the store per chunk: only their ids are
// held between chunks.
class RecordsDownload : public ChunkSource, public std::enable_shared_from_this<RecordsDownload> {
 public:
  static constexpr size_t kRecordsPerChunk = 20;
  RecordsDownload(Store& store, std::vector<std::string> ids, RunOff run, std::shared_ptr<void> hold)
      : store_(store), ids_(std::move(ids)), run_(std::move(run)), hold_(std::move(hold)) {}
  void next(Take take) override {
    run_([self = shared_from_this(), take = std::move(take)] {
      std::string chunk;
      try {
        for (size_t n = 0; n < kRecordsPerChunk && self->at_ < self->ids_.size(); ++n) {
          std::string error;  // a game that does not load is left out, as `yinsh export` does
          if (auto g = load_game(self->store_, self->ids_[self->at_++], &error)) {
            if (self->written_++ > 0) chunk += '\n';
            chunk += archive_record(*g);
          }
        }
      } catch (const std::exception&) {
        return take(std::nullopt);  // the store failed: the download is cut off, not shortened
      }
      if (chunk.empty() && self->at_ < self->ids_.size()) return self->next(take);  // none loaded
      take(std::move(chunk));
    });
  }

 private:
  Store& store_;
  const std::vector<std::string> ids_;
  size_t at_ = 0, written_ = 0;
  RunOff run_;
  std::shared_ptr<void> hold_;
};

}  // namespace

HttpReply records_download(Store& store, const std::string& path, RunOff run, std::shared_ptr<void> hold) {
  std::string rest = path.substr(std::string_view("/api/players/").size());
  const std::string name = url_decode(rest.substr(0, rest.find('/'))).value_or("");
  HttpReply r;
  std::vector<std::string> finished;  // newest first
  store.transact([&](Sql& q) {
    const auto p = find_player(q, name);
    if (!p) return void(r = http_error(404, "player_not_found", "no player " + name.substr(0, 40)));
    for (auto it = player_games(q, *p); const auto& g : it)
      if (g.s.status == Status::Over) finished.push_back(g.s.id);
  });
  if (r.status != 200) return r;
  std::reverse(finished.begin(), finished.end());
  r.content_type = "text/plain; charset=utf-8";
  r.chunks = std::make_shared<RecordsDownload>(store, std::move(finished), std::move(run), std::move(hold));
  return r;
}

}  // namespace yinsh::server

// Arenas in the database (tournament_store.h).
#include "server/tournaments/tournament_store.h"

#include <cmath>

#include "core/notation.h"
#include "rating/category.h"
#include "server/common/ids.h"
#include "server/store/store.h"

namespace yinsh::server {
namespace {

constexpr const char* kColumns =
    "t.id, t.kind, t.name, t.variant, t.base_ms, t.inc_ms, t.rated, t.starts_at, t.ends_at, t.created_at, "
    "t.created_by, COALESCE(a.name, ''), (SELECT COUNT(*) FROM tournament_players p WHERE p.tournament_id = t.id), "
    "t.rounds, t.round_gap_ms, (SELECT COALESCE(MAX(s.round), 0) FROM swiss_pairings s WHERE s.tournament_id = t.id), "
    "t.entry_digest, t.min_rating, t.max_rating";
constexpr const char* kFrom = " FROM tournaments t LEFT JOIN accounts a ON a.id = t.created_by";

TournamentRow read_row(const SqlRow& r) {
  TournamentRow t;
  t.id = sql_text(r[0]);
  t.kind = sql_text(r[1]);
  t.name = sql_text(r[2]);
  t.variant = parse_variant(sql_text(r[3])).value_or(Variant::Normal);
  t.clock = ClockSpec{sql_int(r[4]), sql_int(r[5])};
  t.rated = sql_int(r[6]) != 0;
  t.starts_at = sql_int(r[7]);
  t.ends_at = sql_int(r[8]);
  t.created_at = sql_int(r[9]);
  t.created_by = sql_text(r[10]);
  t.created_by_name = sql_text(r[11]);
  t.players = int(sql_int(r[12]));
  t.rounds = int(sql_int(r[13]));
  t.round_gap_ms = sql_int(r[14]);
  t.round = int(sql_int(r[15]));
  t.entry_digest = sql_text(r[16]);
  t.min_rating = int(sql_int(r[17]));
  t.max_rating = int(sql_int(r[18]));
  return t;
}

// The rating category a tournament's games are rated in.
std::string category_of(const TournamentRow& t) {
  return std::string(
      rating::name(rating::categorize(t.variant == Variant::Blitz, t.clock.base_ms, t.clock.inc_ms)));
}

std::optional<TournamentRow> read_one(Sql& q, const std::string& id) {
  const auto rows = q.run(std::string("SELECT ") + kColumns + kFrom + " WHERE t.id = ?", {id});
  if (rows.empty()) return std::nullopt;
  return read_row(rows[0]);
}

}  // namespace

std::string_view to_string(TournamentStatus s) {
  switch (s) {
    case TournamentStatus::Upcoming: return "upcoming";
    case TournamentStatus::Running: return "running";
    case TournamentStatus::Finished: return "finished";
  }
  return "finished";
}

std::optional<std::string> create_arena(Store& store, TournamentRow t, const std::string& schedule_key, int64_t now,
                                        int max_open, std::string* why) {
  std::optional<std::string> id;
  store.transact([&](Sql& q) {
    if (!t.created_by.empty()) {
      const auto open = q.run("SELECT COUNT(*) FROM tournaments WHERE created_by = ? AND ends_at > ?", {t.created_by, now});
      if (sql_int(open.at(0).at(0)) >= max_open) return void(*why = "too_many_tournaments");
    }
    if (!schedule_key.empty() &&
        !q.run("SELECT id FROM tournaments WHERE schedule_key = ?", {schedule_key}).empty())
      return void(*why = "duplicate");
    const std::string new_id = new_game_id();
    q.run("INSERT INTO tournaments (id, kind, name, variant, base_ms, inc_ms, rated, starts_at, ends_at, created_by, "
          "created_at, schedule_key, rounds, round_gap_ms, entry_digest, min_rating, max_rating) "
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULLIF(?, ''), ?, ?, ?, ?, ?)",
          {new_id, std::string(t.swiss() ? "swiss" : "arena"), t.name, std::string(to_string(t.variant)),
           t.clock.base_ms, t.clock.inc_ms, int64_t(t.rated ? 1 : 0), t.starts_at, t.ends_at, t.created_by, now,
           schedule_key, int64_t(t.rounds), t.round_gap_ms, t.entry_digest, int64_t(t.min_rating),
           int64_t(t.max_rating)});
    id = new_id;
  });
  return id;
}

std::vector<TournamentRow> list_tournaments(Store& store, int64_t now, int finished) {
  std::vector<TournamentRow> out;
  store.transact([&](Sql& q) {
    for (const auto& r : q.run(std::string("SELECT ") + kColumns + kFrom + " WHERE t.ends_at > ? ORDER BY t.starts_at, t.id", {now}))
      out.push_back(read_row(r));
    std::vector<TournamentRow> done;
    for (const auto& r : q.run(std::string("SELECT ") + kColumns + kFrom +
                                   " WHERE t.ends_at <= ? ORDER BY t.ends_at DESC, t.id LIMIT ?",
                               {now, int64_t(finished)}))
      done.push_back(read_row(r));
    out.insert(out.end(), done.rbegin(), done.rend());
  });
  return out;
}

std::vector<TournamentRow> tournaments_of(Store& store, const std::string& name, int limit, std::string* account) {
  std::vector<TournamentRow> out;
  store.transact([&](Sql& q) {
    const auto who = q.run("SELECT id FROM accounts WHERE name = ?", {name});
    if (who.empty()) return;
    *account = sql_text(who[0][0]);
    for (const auto& r : q.run(std::string("SELECT ") + kColumns + kFrom +
                                   " JOIN tournament_players me ON me.tournament_id = t.id AND me.account_id = ? "
                                   "ORDER BY t.starts_at DESC, t.id LIMIT ?",
                               {*account, int64_t(limit)}))
      out.push_back(read_row(r));
  });
  return out;
}

std::optional<TournamentRow> load_tournament(Store& store, const std::string& id) {
  std::optional<TournamentRow> t;
  store.transact([&](Sql& q) { t = read_one(q, id); });
  return t;
}

std::optional<ArenaData> load_arena(Sql& q, const std::string& id) {
  auto t = read_one(q, id);
  if (!t) return std::nullopt;
  ArenaData d;
  d.tournament = std::move(*t);
  const std::string category = category_of(d.tournament);
  for (const auto& r : q.run("SELECT p.account_id, a.name, p.joined_at, p.active, r.rating FROM tournament_players p "
                             "JOIN accounts a ON a.id = p.account_id "
                             "LEFT JOIN ratings r ON r.account_id = p.account_id AND r.category = ? "
                             "WHERE p.tournament_id = ? ORDER BY p.joined_at, p.account_id",
                             {category, id}))
    d.entrants.push_back({sql_text(r[0]), sql_text(r[1]), sql_int(r[2]), sql_int(r[3]) != 0,
                          int(std::lround(sql_double(r[4], 1500)))});
  for (const auto& r : q.run("SELECT id, COALESCE(white_account, ''), COALESCE(black_account, ''), white, black, status, "
                             "result, ply, berserk, created_at, updated_at FROM games WHERE tournament = ? "
                             "ORDER BY created_at, id",
                             {id})) {
    ArenaGameRow g;
    g.id = sql_text(r[0]);
    g.white_account = sql_text(r[1]);
    g.black_account = sql_text(r[2]);
    g.white = sql_text(r[3]);
    g.black = sql_text(r[4]);
    g.status = parse_status(sql_text(r[5])).value_or(Status::Active);
    if (const json result = json::parse(sql_text(r[6]), nullptr, false); result.is_object())
      g.score = result.value("score", "*");
    g.ply = int(sql_int(r[7]));
    g.berserk = int(sql_int(r[8]));
    g.created_at = sql_int(r[9]);
    g.updated_at = sql_int(r[10]);
    d.games.push_back(std::move(g));
  }
  for (const auto& r : q.run("SELECT round, board, white_account, black_account, game_id, paired_at FROM swiss_pairings "
                             "WHERE tournament_id = ? ORDER BY round, board",
                             {id}))
    d.pairings.push_back({int(sql_int(r[0])), int(sql_int(r[1])), sql_text(r[2]), sql_text(r[3]), sql_text(r[4]),
                          sql_int(r[5])});
  return d;
}

std::optional<ArenaData> load_arena(Store& store, const std::string& id) {
  std::optional<ArenaData> d;
  store.transact([&](Sql& q) { d = load_arena(q, id); });
  return d;
}

JoinResult set_joined(Store& store, const std::string& id, const std::string& account, bool active, int64_t now,
                      const std::string& code_digest) {
  JoinResult out = JoinResult::Ok;
  store.transact([&](Sql& q) {
    out = JoinResult::Ok;
    const auto t = read_one(q, id);
    if (!t) return void(out = JoinResult::NoTournament);
    if (active && (t->ends_at <= now || (t->swiss() && t->round >= t->rounds))) return void(out = JoinResult::Over);
    q.run("UPDATE tournament_players SET active = ? WHERE tournament_id = ? AND account_id = ?",
          {int64_t(active ? 1 : 0), id, account});
    if (q.changes() != 0 || !active) return;
    // A newcomer: the entry conditions (who joined once may come back without them).
    if (!t->entry_digest.empty() && code_digest != t->entry_digest) return void(out = JoinResult::WrongCode);
    if (t->min_rating > 0 || t->max_rating > 0) {
      const auto r = q.run("SELECT rating FROM ratings WHERE account_id = ? AND category = ?", {account, category_of(*t)});
      const int rating = int(std::lround(r.empty() ? 1500.0 : sql_double(r[0][0], 1500)));
      if ((t->min_rating > 0 && rating < t->min_rating) || (t->max_rating > 0 && rating > t->max_rating))
        return void(out = JoinResult::RatingOutOfRange);
    }
    q.run("INSERT INTO tournament_players (tournament_id, account_id, joined_at, active) VALUES (?, ?, ?, 1)",
          {id, account, now});
  });
  return out;
}

bool is_tournament_game(Store& store, const std::string& id, const std::string& game) {
  bool found = false;
  store.transact([&](Sql& q) { found = !q.run("SELECT 1 FROM games WHERE id = ? AND tournament = ?", {game, id}).empty(); });
  return found;
}

void insert_pairings(Sql& q, const std::string& id, const std::vector<SwissPairingRow>& boards) {
  for (const auto& b : boards)
    q.run("INSERT INTO swiss_pairings (tournament_id, round, board, white_account, black_account, game_id, paired_at) "
          "VALUES (?, ?, ?, ?, ?, ?, ?)",
          {id, int64_t(b.round), int64_t(b.board), b.white_account, b.black_account, b.game, b.paired_at});
}

void drop_unmade_pairing(Store& store, const std::string& id, const std::string& game) {
  store.transact([&](Sql& q) {
    q.run("DELETE FROM swiss_pairings WHERE tournament_id = ? AND round = 0 AND game_id = ? "
          "AND NOT EXISTS (SELECT 1 FROM games WHERE id = ?)",
          {id, game, game});
  });
}

void finish_tournament(Sql& q, const std::string& id, int64_t now) {
  q.run("UPDATE tournaments SET ends_at = ? WHERE id = ? AND ends_at > ?", {now, id, now});
}

std::vector<std::string> running_arenas(Store& store, int64_t now) {
  std::vector<std::string> ids;
  store.transact([&](Sql& q) {
    for (const auto& r : q.run("SELECT id FROM tournaments WHERE starts_at <= ? AND ends_at > ? ORDER BY id", {now, now}))
      ids.push_back(sql_text(r[0]));
  });
  return ids;
}

bool take_pairing_lease(Sql& q, const std::string& id, const std::string& server, int64_t now, int64_t lease_ms) {
  q.run("UPDATE tournaments SET lease_owner = ?, lease_until = ? WHERE id = ? AND (lease_owner = ? OR lease_until < ?)",
        {server, now + lease_ms, id, server, now});
  return q.changes() == 1;
}

bool claim_start_notice(Sql& q, const std::string& id) {
  q.run("UPDATE tournaments SET told_start = 1 WHERE id = ? AND told_start = 0", {id});
  return q.changes() == 1;
}

void release_pairing_leases(Store& store, const std::string& server) {
  store.transact([&](Sql& q) { q.run("UPDATE tournaments SET lease_until = 0 WHERE lease_owner = ?", {server}); });
}

}  // namespace yinsh::server

#include "server/store/store_archive.h"

#include <nlohmann/json.hpp>

#include "server/store/store_migrations.h"

namespace yinsh::server {

namespace {

using ojson = nlohmann::ordered_json;

enum class Kind { Text, Int, Real };
struct Column {
  const char* name;
  Kind kind;
};
struct Table {
  const char* name;
  std::vector<Column> columns;
};

constexpr Kind T = Kind::Text, I = Kind::Int, R = Kind::Real;

// Every column of the tables an archive carries (store_migrations.cpp), in the schema's order.
// Not carried: sessions, API tokens and mailed tokens (secrets of one installation), puzzle
// attempts, the mail outbox, an arena's pairing lease (a running server's), challenges stored
// for an offline account (an answer waited for, expiring within days).
const Table kAccounts{"accounts",
                      {{"id", T}, {"name", T}, {"name_key", T}, {"skeleton", T}, {"password", T}, {"role", T},
                       {"muted", I}, {"closed", I}, {"deleted", I}, {"created_at", I}, {"bot", I}}};
const Table kRatings{"ratings",
                     {{"account_id", T}, {"category", T}, {"rating", R}, {"deviation", R}, {"volatility", R},
                      {"games", I}, {"wins", I}, {"draws", I}, {"losses", I}, {"updated_at", I}}};
const Table kGames{"games",
                   {{"id", T}, {"variant", T}, {"base_ms", I}, {"inc_ms", I}, {"created_at", I}, {"updated_at", I},
                    {"status", T}, {"white", T}, {"black", T}, {"result", T}, {"ply", I}, {"version", I},
                    {"rated", I}, {"white_account", T}, {"black_account", T}, {"to_move", T}, {"deadline", I},
                    {"tournament", T}, {"berserk", I}}};
const Table kEvents{"events", {{"game_id", T}, {"version", I}, {"body", T}}};
const Table kReports{"reports", {{"game_id", T}, {"report", T}, {"created_at", I}}};
const Table kHistory{"rating_history",
                     {{"game_id", T}, {"account_id", T}, {"category", T}, {"color", T}, {"score", R},
                      {"rating_before", R}, {"rating_after", R}, {"deviation_before", R}, {"deviation_after", R},
                      {"at", I}}};
// An account's address and mail preferences go with it (not the tokens mailed, nor the outbox).
const Table kEmail{"account_email",
                   {{"account_id", T}, {"address", T}, {"address_key", T}, {"verified_at", I}, {"your_turn", I},
                    {"time_low", I}, {"unsub_key", T}, {"changed_at", I}, {"challenges", I}}};
// A correspondence player's stored replies go with their game; vacations with their account.
const Table kConditional{"conditional_lines",
                         {{"game_id", T}, {"seat", T}, {"base_ply", I}, {"history", T}, {"lines", T}, {"stored_at", I}}};
const Table kVacations{"vacations", {{"account_id", T}, {"starts_at", I}, {"ends_at", I}}};
// Tournaments, who joined them, a Swiss event's pairings and a tournament's chat (not the
// pairing lease, which is one running server's).
const Table kTournaments{"tournaments",
                         {{"id", T}, {"kind", T}, {"name", T}, {"variant", T}, {"base_ms", I}, {"inc_ms", I},
                          {"rated", I}, {"starts_at", I}, {"ends_at", I}, {"created_by", T}, {"created_at", I},
                          {"schedule_key", T}, {"rounds", I}, {"round_gap_ms", I}, {"entry_digest", T},
                          {"min_rating", I}, {"max_rating", I}}};
const Table kEntrants{"tournament_players",
                      {{"tournament_id", T}, {"account_id", T}, {"joined_at", I}, {"active", I}}};
const Table kSwissPairings{"swiss_pairings",
                           {{"tournament_id", T}, {"round", I}, {"board", I}, {"white_account", T},
                            {"black_account", T}, {"game_id", T}, {"paired_at", I}}};
const Table kTournamentChat{"tournament_chat",
                            {{"id", T}, {"tournament_id", T}, {"account_id", T}, {"text", T}, {"at", I}, {"deleted", I}}};
const Table* const kTables[] = {&kAccounts, &kRatings, &kEmail, &kVacations, &kTournaments, &kEntrants, &kSwissPairings,
                                &kTournamentChat, &kGames, &kEvents, &kReports, &kHistory, &kConditional};

const Table* find_table(const std::string& name) {
  for (const Table* t : kTables)
    if (name == t->name) return t;
  return nullptr;
}

// The select list: doubles as text with every digit they have (SQLite's own text form keeps 15).
std::string select_list(const Table& t, std::string_view dialect) {
  std::string s;
  for (const auto& c : t.columns) {
    if (!s.empty()) s += ", ";
    if (c.kind == R && dialect == "sqlite") s += std::string("printf('%!.17g', ") + c.name + ")";
    else if (c.kind == R) s += std::string(c.name) + "::text";
    else s += c.name;
  }
  return s;
}

// Writes the rows `where` selects, one line each; how many.
int write_rows(Sql& sql, const Table& t, const std::string& where, const std::vector<SqlValue>& params,
               std::ostream& out, ArchiveCounts& counts) {
  int n = 0;
  for (const auto& row : sql.run("SELECT " + select_list(t, sql.dialect()) + " FROM " + t.name + " " + where, params)) {
    ojson r = ojson::object();
    for (size_t i = 0; i < t.columns.size(); ++i) {
      const auto& v = row[i];
      const Column& c = t.columns[i];
      if (!v) r[c.name] = nullptr;
      else if (c.kind == I) r[c.name] = std::stoll(*v);
      else if (c.kind == R) r[c.name] = std::stod(*v);
      else r[c.name] = *v;
    }
    out << ojson{{"table", t.name}, {"row", std::move(r)}}.dump(-1, ' ', false, ojson::error_handler_t::strict) << '\n';
    ++counts.rows;
    ++n;
  }
  return n;
}

// INSERT of one archived row; throws std::runtime_error naming what is wrong with it.
void insert_row(Sql& sql, const Table& t, const ojson& row) {
  if (!row.is_object()) throw std::runtime_error(std::string("a row of ") + t.name + " is not an object");
  std::string names, values;
  std::vector<SqlValue> params;
  for (const auto& [key, v] : row.items()) {
    const Column* c = nullptr;
    for (const auto& col : t.columns)
      if (key == col.name) c = &col;
    if (!c) throw std::runtime_error(std::string("unknown column ") + t.name + "." + key);
    names += (names.empty() ? "" : ", ") + key;
    values += values.empty() ? "" : ", ";
    if (v.is_null()) {
      values += "NULL";
      continue;
    }
    values += "?";
    if (c->kind == I && v.is_number_integer()) params.emplace_back(v.get<int64_t>());
    else if (c->kind == R && v.is_number()) params.emplace_back(v.get<double>());
    else if (c->kind == T && v.is_string()) params.emplace_back(v.get<std::string>());
    else throw std::runtime_error(std::string("column ") + t.name + "." + key + " has a value of the wrong type");
  }
  sql.run(std::string("INSERT INTO ") + t.name + " (" + names + ") VALUES (" + values + ")", params);
}

std::string text_of(const ojson& row, const char* key) {
  const auto it = row.find(key);
  return it != row.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

bool is_store_archive(std::string_view text) {
  return text.substr(0, text.find('\n')).find("\"yinsh_archive\"") != std::string_view::npos;
}

ArchiveCounts export_archive(Store& store, int64_t since_ms, std::ostream& out) {
  ArchiveCounts counts;
  store.transact([&](Sql& sql) {
    // One moment of the database: SQLite's read transaction is one snapshot; PostgreSQL's
    // default (READ COMMITTED) takes one per statement.
    if (sql.dialect() == "postgres") sql.run("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    counts = {};
    out << ojson{{"yinsh_archive", kArchiveFormat}, {"schema", schema_version(sql)}}.dump() << '\n';
    counts.accounts = write_rows(sql, kAccounts, "ORDER BY id", {}, out, counts);
    write_rows(sql, kRatings, "ORDER BY account_id, category", {}, out, counts);
    write_rows(sql, kEmail, "ORDER BY account_id", {}, out, counts);
    write_rows(sql, kVacations, "ORDER BY account_id, starts_at", {}, out, counts);
    write_rows(sql, kTournaments, "ORDER BY id", {}, out, counts);
    write_rows(sql, kEntrants, "ORDER BY tournament_id, account_id", {}, out, counts);
    write_rows(sql, kSwissPairings, "ORDER BY tournament_id, round, board", {}, out, counts);
    write_rows(sql, kTournamentChat, "ORDER BY tournament_id, at, id", {}, out, counts);
    for (const auto& g : sql.run("SELECT id FROM games WHERE created_at >= ? ORDER BY created_at, id", {since_ms})) {
      const std::string id = sql_text(g[0]);
      write_rows(sql, kGames, "WHERE id = ?", {id}, out, counts);
      write_rows(sql, kEvents, "WHERE game_id = ? ORDER BY version", {id}, out, counts);
      write_rows(sql, kReports, "WHERE game_id = ?", {id}, out, counts);
      write_rows(sql, kHistory, "WHERE game_id = ? ORDER BY account_id", {id}, out, counts);
      write_rows(sql, kConditional, "WHERE game_id = ? ORDER BY seat", {id}, out, counts);
      ++counts.games;
    }
    // Reports of uploaded records (their key is no game's id).
    write_rows(sql, kReports, "WHERE game_id NOT IN (SELECT id FROM games) AND created_at >= ? ORDER BY game_id",
               {since_ms}, out, counts);
  });
  return counts;
}

ArchiveImport import_archive(Store& store, std::istream& in, const std::string& source) {
  ArchiveImport report;
  std::string game_id;             // the game being gathered
  std::vector<std::pair<const Table*, ojson>> game_rows;
  auto flush_game = [&] {
    if (game_rows.empty()) return;
    const std::string where = source + " game " + game_id;
    try {
      store.transact([&](Sql& sql) {
        for (const auto& [t, row] : game_rows) insert_row(sql, *t, row);
      });
      ++report.games;
      report.lines.push_back(where + ": imported");
    } catch (const UniqueViolation&) {
      ++report.duplicates;
      report.lines.push_back(where + ": duplicate, skipped");
    } catch (const std::exception& e) {
      ++report.rejected;
      report.lines.push_back(where + ": skipped: " + e.what());
    }
    game_rows.clear();
    game_id.clear();
  };
  auto reject = [&](const std::string& why) {
    ++report.rejected;
    report.lines.push_back(source + ": skipped: " + why);
  };

  std::string line;
  int number = 0;
  bool header = false;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const ojson j = ojson::parse(line, nullptr, false);
    const std::string at = "line " + std::to_string(number);
    if (!header) {
      if (!j.is_object() || !j.contains("yinsh_archive")) return reject(at + ": not a yinsh archive"), report;
      if (j.value("yinsh_archive", 0) != kArchiveFormat || j.value("schema", 0) > kSchemaVersion)
        return reject(at + ": an archive of a newer program (format " + j["yinsh_archive"].dump() + ", schema " +
                      j.value("schema", ojson(0)).dump() + ")"), report;
      header = true;
      continue;
    }
    const Table* t = j.is_object() && j.contains("table") && j["table"].is_string()
                         ? find_table(j["table"].get<std::string>()) : nullptr;
    if (!t || !j.contains("row") || !j["row"].is_object()) {
      reject(at + ": not a row of a known table");
      continue;
    }
    const ojson& row = j["row"];
    const bool of_game = t == &kEvents || t == &kReports || t == &kHistory || t == &kConditional;
    if (t == &kGames) {
      flush_game();
      game_id = text_of(row, "id");
      game_rows.emplace_back(t, row);
      continue;
    }
    if (of_game && !game_rows.empty() && text_of(row, "game_id") == game_id) {
      game_rows.emplace_back(t, row);
      continue;
    }
    flush_game();
    if (t != &kAccounts && t != &kRatings && t != &kEmail && t != &kReports && t != &kVacations && t != &kTournaments &&
        t != &kEntrants && t != &kSwissPairings && t != &kTournamentChat) {
      reject(at + ": a row of " + t->name + " outside its game");
      continue;
    }
    try {  // an account, a rating row, an address, a vacation, a tournament, an entrant, a Swiss board or an uploaded record's report
      store.transact([&](Sql& sql) { insert_row(sql, *t, row); });
      if (t == &kAccounts) ++report.accounts;
    } catch (const UniqueViolation&) {
      if (t != &kAccounts) continue;  // there already: the database's own row stays
      bool same = false;
      store.transact([&](Sql& sql) { same = !sql.run("SELECT 1 FROM accounts WHERE id = ?", {text_of(row, "id")}).empty(); });
      if (same) ++report.accounts_present;
      else reject(at + ": account " + text_of(row, "name") + ": the name is taken by another account here");
    } catch (const std::exception& e) {
      reject(at + ": " + e.what());
    }
  }
  flush_game();
  if (!header) reject("empty file");
  return report;
}

}  // namespace yinsh::server

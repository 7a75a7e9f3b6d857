// The shared store: PostgreSQL through libpqxx 6.4. Several `yinsh serve` processes may use
// one database: every append also sends NOTIFY yinsh_events '<game>:<version>' (delivered on
// commit), and a listener thread with its own connection reports them through watch(), so a
// process learns of decisions made through another one. Appends race on the events table's
// primary key: the loser gets Conflict and catches up. The store writer's batches are
// committed together (append_many: one transaction, one WAL flush, for many games), each
// append one prepared statement.
//
// The database may go away and come back (a restart, a failover, a killed session). The store
// never reconnects a libpqxx connection in place (its automatic "reactivation" is switched
// off): a pooled connection found broken is dropped and a fresh one is made on its next use,
// and an operation that failed because its connection broke before COMMIT is run once more on
// a fresh connection. When the connection breaks during COMMIT the outcome is unknown: the
// store then reads back what it tried to write (by primary key) and reports what happened.
// Connection attempts time out (connect_timeout, 2 s unless the connection string or
// PGCONNECT_TIMEOUT says otherwise), so calls during an outage fail quickly. The listener
// reconnects with backoff and then asks the watcher to resync (see Store::watch).
#include "server/store/store_postgres.h"

#include <pqxx/pqxx>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "server/db/sql_backends.h"
#include "server/store/store_common.h"
#include "server/ratings/ratings_store.h"
#include "server/store/store_migrations.h"

namespace yinsh::server {
namespace {

using namespace store_detail;

constexpr const char* kChannel = "yinsh_events";
constexpr int kPoolSize = 3;
// A group commit whose statements failed for this many of its items is then appended item by
// item (each failure costs the group one rolled-back attempt).
constexpr int kMaxBlamed = 3;
constexpr int kConnectTimeoutSeconds = 2;
// An append's one statement (write_log), prepared on every connection: planned once, not per
// decision.
constexpr const char* kAppendStatement = "yinsh_append";
constexpr const char* kAppendSql =
    "WITH new_events AS (INSERT INTO events(game_id, version, body) "
    "SELECT $8, v, b FROM unnest($14::bigint[], $15::text[]) AS t(v, b)), "
    "summary AS (UPDATE games SET updated_at=$1, status=$2, white=$3, black=$4, result=$5, ply=$6, "
    "version=$7, white_account=COALESCE(NULLIF($9, ''), white_account), "
    "black_account=COALESCE(NULLIF($10, ''), black_account), to_move=$11, deadline=$12, berserk=$13 WHERE id=$8) "
    "SELECT pg_notify($16, $17)";
constexpr std::chrono::milliseconds kListenBackoffMin{100}, kListenBackoffMax{2000};

using Connection = std::unique_ptr<pqxx::connection>;

// Thrown out of an operation when COMMIT itself failed: whether the transaction landed is
// unknown, so the operation must not be retried; the caller checks.
struct CommitFailed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Commits `w`, turning any failure (except a constraint violation, which the caller reports
// as such) into CommitFailed.
void commit(pqxx::transaction_base& w) {
  try {
    w.commit();
  } catch (const pqxx::unique_violation&) {
    throw;
  } catch (const std::exception& e) {
    throw CommitFailed(e.what());
  }
}

class Receiver final : public pqxx::notification_receiver {
 public:
  Receiver(pqxx::connection_base& c, std::function<void(const std::string&, int64_t)> deliver)
      : pqxx::notification_receiver(c, kChannel), deliver_(std::move(deliver)) {}
  void operator()(const std::string& payload, int) override {
    const auto colon = payload.rfind(':');
    if (colon == std::string::npos || colon == 0) return;  // never an empty game (that is a resync)
    try {
      deliver_(payload.substr(0, colon), std::stoll(payload.substr(colon + 1)));
    } catch (const std::exception&) {
    }
  }

 private:
  std::function<void(const std::string&, int64_t)> deliver_;
};

class PostgresStore final : public Store {
 public:
  PostgresStore(const std::string& conninfo, StoreOpen mode)
      : conninfo_(std::getenv("PGCONNECT_TIMEOUT") ? conninfo : with_connect_timeout(conninfo, kConnectTimeoutSeconds)) {
    for (int i = 0; i < kPoolSize; ++i) free_.push_back(connect());
    pqxx::work w(*free_.front());
    PostgresSql sql(w);
    if (mode == StoreOpen::AsIs) {
      require_current_schema(sql);
    } else {
      w.exec("SELECT pg_advisory_xact_lock(7366421)");  // one process migrates the schema
      migrate(sql, std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::system_clock::now().time_since_epoch()).count());
    }
    w.commit();
  }

  ~PostgresStore() override {
    {
      std::lock_guard lock(stop_mutex_);
      stop_ = true;
    }
    stop_cv_.notify_all();
    if (listener_.joinable()) listener_.join();
    drop_listener();
  }

  std::string kind() const override { return "postgres"; }

  void transact(const std::function<void(Sql&)>& work) override {
    try {
      with_connection([&](pqxx::connection& c) {
        pqxx::work w(c);
        PostgresSql sql(w);
        work(sql);
        commit(w);
      });
    } catch (const pqxx::unique_violation& e) {
      throw UniqueViolation(e.what());
    } catch (const CommitFailed& e) {
      throw StoreUnavailable(std::string("the connection broke during COMMIT; the outcome is unknown: ") + e.what());
    } catch (const pqxx::failure& e) {
      throw StoreUnavailable(e.what());
    }
  }

  bool create_game(const GameMeta& m, std::string* error) override {
    const std::string variant(to_string(m.variant));
    try {
      with_connection([&](pqxx::connection& c) {
        pqxx::work w(c);
        insert_game(w, m);
        commit(w);
      });
      return true;
    } catch (const CommitFailed& e) {
      // Landed if the row is there as we wrote it (ids are random: another creator of the
      // same id with the same variant and creation time is not a case to handle).
      const std::string why = std::string("the connection broke during COMMIT (") + e.what() + ")";
      try {
        bool landed = false;
        with_connection([&](pqxx::connection& c) {
          pqxx::read_transaction t(c);
          auto r = t.exec_params("SELECT variant, created_at FROM games WHERE id=$1", m.id);
          landed = !r.empty() && r[0][0].as<std::string>() == variant && r[0][1].as<int64_t>() == m.created_at;
        });
        if (landed) return true;
        if (error) *error = why + " and the game was not created";
      } catch (const std::exception& e2) {
        if (error) *error = why + " and checking whether the game was created failed: " + e2.what();
      }
      return false;
    } catch (const std::exception& e) {
      if (error) *error = e.what();
      return false;
    }
  }

  AppendStatus append(const std::string& game, const std::vector<StoredEvent>& events,
                      const GameSummary& s, std::string* error, RatedGame* rating) override {
    try {
      with_connection([&](pqxx::connection& c) {
        pqxx::work w(c);
        write_log(w, game, events, s);
        if (rating) {  // the rated game's result: the ratings commit with it (ratings_store.h)
          PostgresSql sql(w);
          apply_rating(sql, *rating);
        }
        commit(w);
      });
      return AppendStatus::Ok;
    } catch (const pqxx::unique_violation&) {
      return AppendStatus::Conflict;
    } catch (const UniqueViolation&) {  // the game was rated already: its result is stored
      return AppendStatus::Conflict;
    } catch (const CommitFailed& e) {
      // Landed or not, the ratings went with the events: fill the changes in from what is stored.
      const AppendStatus st = append_outcome(game, events, e.what(), error);
      if (st == AppendStatus::Ok && rating) reload_changes(*rating);
      return st;
    } catch (const std::exception& e) {
      if (error) *error = e.what();
      return AppendStatus::Failed;
    }
  }

  // Group commit (StoreWriter): the items' appends in one transaction, so one COMMIT (one WAL
  // flush) serves many games. Each item ends as append() alone would end it:
  // - an item whose statement fails (a conflict, a constraint) is taken out with that status
  //   and the others are written again together, without it (at most kMaxBlamed times, then
  //   each alone); a failure of the group's own (a deadlock with another server's group, a
  //   deferred check at COMMIT) has each item written alone;
  // - the connection breaks before COMMIT: with_connection runs the group once more on a fresh
  //   connection; when that fails too (the database is down) every item fails at once;
  // - COMMIT fails: if the group landed (read back by its first item's events) every item is
  //   Ok, otherwise each item is appended alone, so only a faulty one fails.
  void append_many(std::vector<AppendItem>& items) override {
    std::vector<AppendItem*> group;
    for (auto& item : items) group.push_back(&item);
    for (int blamed_count = 0; !group.empty();) {
      if (group.size() == 1 || blamed_count == kMaxBlamed) return each_alone(group);
      size_t blamed = group.size();  // the item whose statement failed, if one did
      AppendStatus blamed_status = AppendStatus::Failed;
      std::string blamed_error;
      bool answered = false;  // the database answered with an error (the connection is fine)
      try {
        with_connection([&](pqxx::connection& c) {
          blamed = group.size();
          answered = false;
          pqxx::work w(c);
          for (size_t i = 0; i < group.size(); ++i) {
            try {
              write_item(w, *group[i]);
            } catch (const std::exception& e) {
              if (!c.is_open()) throw;  // the connection's fault, not the item's
              if (dynamic_cast<const pqxx::transaction_rollback*>(&e)) {  // a deadlock: the group's
                answered = true;
                throw;
              }
              blamed = i;
              const bool dup = dynamic_cast<const pqxx::unique_violation*>(&e) || dynamic_cast<const UniqueViolation*>(&e);
              blamed_status = dup ? AppendStatus::Conflict : AppendStatus::Failed;
              blamed_error = e.what();
              throw;
            }
          }
          try {
            commit(w);
          } catch (const pqxx::unique_violation&) {  // a deferred check, of no one item
            answered = true;
            throw;
          }
        });
        for (auto* item : group) item->status = AppendStatus::Ok;
        return;
      } catch (const CommitFailed& e) {
        return after_failed_group_commit(group, e.what());
      } catch (const std::exception& e) {
        if (answered) return each_alone(group);
        if (blamed == group.size()) {  // the database is unreachable: no item would do better alone
          for (auto* item : group) {
            item->status = AppendStatus::Failed;
            item->error = e.what();
          }
          return;
        }
        group[blamed]->status = blamed_status;
        group[blamed]->error = blamed_error;
        if (group[blamed]->rating) group[blamed]->rating->change = {};
        group.erase(group.begin() + long(blamed));
        ++blamed_count;
      }
    }
  }

  AppendStatus create_with_events(const GameMeta& m, const std::vector<StoredEvent>& events,
                                  const GameSummary& s, std::string* error) override {
    try {
      with_connection([&](pqxx::connection& c) {
        pqxx::work w(c);
        insert_game(w, m);
        write_log(w, m.id, events, s);
        commit(w);
      });
      return AppendStatus::Ok;
    } catch (const pqxx::unique_violation&) {
      return AppendStatus::Conflict;
    } catch (const CommitFailed& e) {
      return append_outcome(m.id, events, e.what(), error);  // the events are there or nothing is
    } catch (const std::exception& e) {
      if (error) *error = e.what();
      return AppendStatus::Failed;
    }
  }

  bool save_report(const std::string& game, const std::string& report_json, std::string* error) override {
    try {
      with_connection([&](pqxx::connection& c) {
        pqxx::work t(c);
        t.exec_params("INSERT INTO reports(game_id, report, created_at) VALUES ($1, $2, $3) "
                      "ON CONFLICT(game_id) DO UPDATE SET report=excluded.report, created_at=excluded.created_at",
                      game, report_json, epoch_ms());
        t.commit();
      });
      return true;
    } catch (const std::exception& e) {
      if (error) *error = e.what();
      return false;
    }
  }

  std::optional<std::string> load_report(const std::string& game) override {
    try {
      std::optional<std::string> out;
      with_connection([&](pqxx::connection& c) {
        out.reset();
        pqxx::read_transaction t(c);
        auto r = t.exec_params("SELECT report FROM reports WHERE game_id=$1", game);
        if (!r.empty()) out = r[0][0].as<std::string>();
      });
      return out;
    } catch (const std::exception& e) {
      throw StoreUnavailable(e.what());
    }
  }

  std::optional<GameMeta> load_meta(const std::string& id) override {
    try {
      std::optional<GameMeta> out;
      with_connection([&](pqxx::connection& c) {
        out.reset();
        pqxx::read_transaction t(c);
        auto r = t.exec_params("SELECT variant, base_ms, inc_ms, created_at, rated, tournament FROM games WHERE id=$1", id);
        if (r.empty()) return;
        GameMeta m;
        m.id = id;
        m.variant = parse_variant(r[0][0].as<std::string>()).value_or(Variant::Normal);
        if (!r[0][1].is_null()) m.clock = ClockSpec{r[0][1].as<int64_t>(), r[0][2].as<int64_t>()};
        m.created_at = r[0][3].as<int64_t>();
        m.rated = r[0][4].as<int>() != 0;
        if (!r[0][5].is_null()) m.tournament = r[0][5].as<std::string>();
        out = m;
      });
      return out;
    } catch (const std::exception& e) {
      throw StoreUnavailable(e.what());
    }
  }

  std::vector<StoredEvent> load_events(const std::string& id, int64_t after) override {
    std::vector<StoredEvent> out;
    try {
      with_connection([&](pqxx::connection& c) {
        out.clear();
        pqxx::read_transaction t(c);
        auto r = t.exec_params(
            "SELECT version, body FROM events WHERE game_id=$1 AND version>$2 ORDER BY version", id, after);
        for (const auto& row : r) out.push_back({row[0].as<int64_t>(), row[1].as<std::string>()});
      });
    } catch (const std::exception& e) {
      throw StoreUnavailable(e.what());
    }
    return out;
  }

  std::vector<GameSummary> list_games(std::optional<Status> status, int limit) override {
    std::vector<GameSummary> out;
    std::string sql = std::string("SELECT ") + kSummaryColumns + ", version, rated, white_account, black_account FROM games";
    if (status == Status::Over) sql += " WHERE status IN ('over','aborted') AND $1 = $1";
    else if (status) sql += " WHERE status=$1";
    else sql += " WHERE $1 = $1";
    sql += " ORDER BY created_at DESC, id LIMIT $2";
    try {
      with_connection([&](pqxx::connection& c) {
        out.clear();
        pqxx::read_transaction t(c);
        auto r = t.exec_params(sql, std::string(status ? to_string(*status) : "any"), limit);
        for (const auto& q : r) {
          GameSummary s;
          s.id = q[0].as<std::string>();
          s.variant = parse_variant(q[1].as<std::string>()).value_or(Variant::Normal);
          if (!q[2].is_null()) s.clock = ClockSpec{q[2].as<int64_t>(), q[3].as<int64_t>()};
          s.created_at = q[4].as<int64_t>();
          s.updated_at = q[5].as<int64_t>();
          s.status = parse_status(q[6].as<std::string>()).value_or(Status::Waiting);
          s.white = q[7].as<std::string>();
          s.black = q[8].as<std::string>();
          s.result = parse_result_text(q[9].as<std::string>());
          s.ply = q[10].as<int>();
          s.version = q[11].as<int64_t>();
          s.rated = q[12].as<int>() != 0;
          s.white_account = q[13].is_null() ? "" : q[13].as<std::string>();
          s.black_account = q[14].is_null() ? "" : q[14].as<std::string>();
          out.push_back(std::move(s));
        }
      });
    } catch (const std::exception& e) {
      throw StoreUnavailable(e.what());
    }
    return out;
  }

  std::vector<std::string> due_games(int64_t now, int limit) override {
    std::vector<std::string> out;
    try {
      with_connection([&](pqxx::connection& c) {
        out.clear();
        pqxx::read_transaction t(c);
        for (const auto& row : t.exec_params(
                 "SELECT id FROM games WHERE status='active' AND deadline IS NOT NULL AND deadline <= $1 "
                 "ORDER BY deadline LIMIT $2",
                 now, limit))
          out.push_back(row[0].as<std::string>());
      });
    } catch (const std::exception& e) {
      throw StoreUnavailable(e.what());
    }
    return out;
  }

  std::vector<std::string> unfinished_games() override {
    std::vector<std::string> out;
    try {
      with_connection([&](pqxx::connection& c) {
        out.clear();
        pqxx::read_transaction t(c);
        for (const auto& row : t.exec("SELECT id FROM games WHERE status IN ('waiting','active')"))
          out.push_back(row[0].as<std::string>());
      });
    } catch (const std::exception& e) {
      throw StoreUnavailable(e.what());
    }
    return out;
  }

  std::array<int64_t, 4> count_by_status() override {
    std::array<int64_t, 4> out{};
    try {
      with_connection([&](pqxx::connection& c) {
        out = {};
        pqxx::read_transaction t(c);
        for (const auto& row : t.exec("SELECT status, COUNT(*) FROM games GROUP BY status"))
          if (auto s = parse_status(row[0].as<std::string>())) out[size_t(*s)] = row[1].as<int64_t>();
      });
    } catch (const std::exception& e) {
      throw StoreUnavailable(e.what());
    }
    return out;
  }

  void watch(AppendCallback on_append) override {
    {
      std::lock_guard lock(callback_mutex_);
      callback_ = std::move(on_append);
    }
    if (listener_.joinable()) return;
    // LISTEN before returning when the database is there, so no append after watch() is
    // missed; otherwise the thread keeps trying and resyncs once it is listening.
    bool resync = false;
    try {
      listen();
    } catch (const std::exception&) {
      drop_listener();
      resync = true;
    }
    listener_ = std::thread([this, resync] { listen_loop(resync); });
  }

 private:
  // A new connection that libpqxx will not silently reconnect: once broken it stays broken
  // (every use throws broken_connection) until the store replaces it. Throws when the
  // database cannot be reached.
  Connection connect() {
    auto c = std::make_unique<pqxx::connection>(conninfo_);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    c->inhibit_reactivation(true);
#pragma GCC diagnostic pop
    c->prepare(kAppendStatement, kAppendSql);  // sent to the server on its first use
    return c;
  }

  // A pooled connection slot, held for one operation and given back (possibly empty).
  struct Lease {
    PostgresStore& s;
    Connection c;
    explicit Lease(PostgresStore& store) : s(store) {
      std::unique_lock lock(s.mutex_);
      s.cv_.wait(lock, [&] { return !s.free_.empty(); });
      c = std::move(s.free_.back());
      s.free_.pop_back();
    }
    ~Lease() {
      {
        std::lock_guard lock(s.mutex_);
        s.free_.push_back(std::move(c));
      }
      s.cv_.notify_one();
    }
  };

  // Runs `f` (one whole transaction) on a pooled connection. A connection that is known to
  // be broken is replaced first. When `f` fails and its connection turns out broken, the
  // connection is dropped and `f` runs once more on a fresh one, unless it failed in COMMIT
  // (CommitFailed: the outcome is unknown, the caller decides). Throws the last failure.
  template <class F>
  void with_connection(F&& f) {
    Lease lease(*this);
    for (int attempt = 0;; ++attempt) {
      if (!lease.c || !lease.c->is_open()) {
        lease.c.reset();
        lease.c = connect();
      }
      try {
        f(*lease.c);
        return;
      } catch (const CommitFailed&) {
        if (!lease.c->is_open()) lease.c.reset();
        throw;
      } catch (const std::exception& e) {
        const bool broken = dynamic_cast<const pqxx::broken_connection*>(&e) || !lease.c->is_open();
        if (!broken) throw;  // an SQL error: the connection is fine
        lease.c.reset();
        if (attempt > 0) throw;
      }
    }
  }

  // After a failed COMMIT of an append: did it land? The events' primary keys tell. All
  // there with our bodies: Ok. None there: Failed. Some other body: another writer won the
  // race after our transaction failed: Conflict. Cannot check: Failed (the hub's conflict
  // handling and catch-up cope if it did land after all).
  static void insert_game(pqxx::work& w, const GameMeta& m) {
    w.exec_params(
        "INSERT INTO games(id, variant, base_ms, inc_ms, created_at, updated_at, status, rated, tournament) "
        "VALUES ($1, $2, NULLIF($3, -1), NULLIF($4, -1), $5, $5, 'waiting', $6, NULLIF($7, ''))",
        m.id, std::string(to_string(m.variant)), m.clock ? m.clock->base_ms : int64_t(-1),
        m.clock ? m.clock->inc_ms : int64_t(-1), m.created_at, m.rated ? 1 : 0, m.tournament);
  }

  // The events, the summary row and the notification, inside `w`.
  // One statement (one round trip, which is what a group commit's writer waits on): the
  // events go in as two arrays, zipped by unnest.
  static void write_log(pqxx::work& w, const std::string& game, const std::vector<StoredEvent>& events,
                        const GameSummary& s) {
    std::string versions = "{", bodies = "{";
    for (const auto& e : events) {
      if (versions.size() > 1) versions += ',', bodies += ',';
      versions += std::to_string(e.version);
      bodies += array_element(e.body);
    }
    versions += '}', bodies += '}';
    w.exec_prepared(kAppendStatement, s.updated_at, std::string(to_string(s.status)), s.white, s.black, result_text(s),
                    s.ply, s.version, game, s.white_account, s.black_account,
                    s.to_move ? std::optional<std::string>(std::string(color_name(*s.to_move))) : std::nullopt,
                    s.deadline, s.berserk, versions, bodies, std::string(kChannel),
                    game + ":" + std::to_string(s.version));
  }

  // `text` as an element of an array literal: quoted, with its quotes and backslashes escaped.
  static std::string array_element(const std::string& text) {
    std::string out = "\"";
    for (char ch : text) {
      if (ch == '"' || ch == '\\') out += '\\';
      out += ch;
    }
    return out + '"';
  }

  // One item of a group, inside `w`: its events, summary and notification, and its rating.
  static void write_item(pqxx::work& w, AppendItem& item) {
    write_log(w, item.game, item.events, item.summary);
    if (item.rating) {
      PostgresSql sql(w);
      apply_rating(sql, *item.rating);
    }
  }

  void each_alone(const std::vector<AppendItem*>& group) {
    for (auto* item : group) {
      if (item->rating) item->rating->change = {};  // possibly filled by a group rolled back
      item->error.clear();
      item->status = append(item->game, item->events, item->summary, &item->error, item->rating.get());
    }
  }

  // A group's COMMIT failed with the connection: it landed whole or not at all. Landed (its
  // first item's events are stored as written): every item is Ok. Otherwise (not landed, or a
  // later writer took a version, or the check failed) each item is appended alone and reports
  // its own outcome, as append() would after a failed COMMIT.
  void after_failed_group_commit(const std::vector<AppendItem*>& group, const std::string& commit_error) {
    const auto first = std::find_if(group.begin(), group.end(), [](const AppendItem* i) { return !i->events.empty(); });
    std::string error;
    if (first != group.end() && append_outcome((*first)->game, (*first)->events, commit_error, &error) == AppendStatus::Ok) {
      for (auto* item : group) {
        item->status = AppendStatus::Ok;
        if (item->rating) reload_changes(*item->rating);
      }
      return;
    }
    each_alone(group);
  }

  // After a COMMIT whose outcome was unknown turned out to have landed: the changes it made.
  void reload_changes(RatedGame& g) {
    try {
      with_connection([&](pqxx::connection& c) {
        pqxx::work w(c);
        PostgresSql sql(w);
        g.change = load_rating_changes(sql, g.game);
        w.commit();
      });
    } catch (const std::exception&) {  // shown later from the store; the ratings are stored
    }
  }

  AppendStatus append_outcome(const std::string& game, const std::vector<StoredEvent>& events,
                              const std::string& commit_error, std::string* error) {
    const std::string why = "the connection broke during COMMIT (" + commit_error + ")";
    if (events.empty()) {
      if (error) *error = why + "; nothing to check the outcome by";
      return AppendStatus::Failed;
    }
    int64_t lo = events.front().version, hi = lo;
    for (const auto& e : events) lo = std::min(lo, e.version), hi = std::max(hi, e.version);
    std::vector<StoredEvent> stored;
    try {
      with_connection([&](pqxx::connection& c) {
        stored.clear();
        pqxx::read_transaction t(c);
        auto r = t.exec_params("SELECT version, body FROM events WHERE game_id=$1 AND version BETWEEN $2 AND $3",
                               game, lo, hi);
        for (const auto& row : r) stored.push_back({row[0].as<int64_t>(), row[1].as<std::string>()});
      });
    } catch (const std::exception& e) {
      if (error) *error = why + " and checking whether the events were stored failed: " + e.what();
      return AppendStatus::Failed;
    }
    size_t same = 0;
    for (const auto& e : events)
      for (const auto& s : stored)
        if (s.version == e.version) {
          if (s.body != e.body) return AppendStatus::Conflict;
          ++same;
        }
    if (same == events.size()) return AppendStatus::Ok;
    if (same == 0 && stored.empty()) {
      if (error) *error = why + " and the events were not stored";
      return AppendStatus::Failed;
    }
    return AppendStatus::Conflict;  // some of the versions are someone else's
  }

  void deliver(const std::string& game, int64_t version) {
    AppendCallback cb;
    {
      std::lock_guard lock(callback_mutex_);
      cb = callback_;
    }
    if (!cb) return;
    try {
      cb(game, version);
    } catch (const std::exception&) {  // the listener thread must not die of a watcher's error
    }
  }

  // Connects the listener and issues LISTEN; throws when that fails.
  void listen() {
    auto c = connect();
    auto r = std::make_unique<Receiver>(*c, [this](const std::string& g, int64_t v) { deliver(g, v); });
    // libpqxx swallows a broken connection while issuing LISTEN: check it took.
    if (!c->is_open()) {
      r.reset();
      throw pqxx::broken_connection("lost the connection while issuing LISTEN");
    }
    listen_conn_ = std::move(c);
    receiver_ = std::move(r);
  }

  void drop_listener() noexcept {
    try {
      receiver_.reset();  // before its connection
    } catch (...) {
    }
    listen_conn_.reset();
  }

  // The listener thread: waits for notifications; when its connection breaks it reconnects
  // (backoff 100 ms doubling to 2 s) and, once listening again, calls the watcher with an
  // empty game: notifications sent meanwhile are lost.
  void listen_loop(bool resync) {
    auto backoff = kListenBackoffMin;
    while (!stop_) {
      if (!listen_conn_) {
        try {
          listen();
        } catch (const std::exception&) {
          drop_listener();
          std::unique_lock lock(stop_mutex_);
          stop_cv_.wait_for(lock, backoff, [&] { return stop_.load(); });
          backoff = std::min(backoff * 2, kListenBackoffMax);
          continue;
        }
        backoff = kListenBackoffMin;
        if (resync) deliver("", 0);
        resync = false;
      }
      try {
        listen_conn_->await_notification(0, 200000);
        if (!listen_conn_->is_open()) throw pqxx::broken_connection("the listener's connection broke");
      } catch (const std::exception&) {
        drop_listener();
        resync = true;
      }
    }
  }

  const std::string conninfo_;
  std::mutex mutex_;  // the pool
  std::condition_variable cv_;
  std::vector<Connection> free_;  // an empty slot is connected on its next use
  std::mutex callback_mutex_;
  AppendCallback callback_;
  std::mutex stop_mutex_;
  std::condition_variable stop_cv_;
  std::atomic<bool> stop_{false};
  Connection listen_conn_;  // the listener thread's (before it starts: watch()'s)
  std::unique_ptr<Receiver> receiver_;
  std::thread listener_;
};

}  // namespace

std::string store_detail::with_connect_timeout(const std::string& conninfo, int seconds) {
  if (conninfo.find("connect_timeout") != std::string::npos) return conninfo;
  const std::string setting = "connect_timeout=" + std::to_string(seconds);
  if (conninfo.rfind("postgresql://", 0) == 0 || conninfo.rfind("postgres://", 0) == 0) {
    const auto q = conninfo.find('?');
    if (q == std::string::npos) return conninfo + "?" + setting;
    return conninfo + (q + 1 == conninfo.size() || conninfo.back() == '&' ? "" : "&") + setting;
  }
  return conninfo.empty() ? setting : conninfo + " " + setting;
}

std::unique_ptr<Store> open_postgres_store(const std::string& conninfo, std::string* error, StoreOpen mode) {
  try {
    return std::make_unique<PostgresStore>(conninfo, mode);
  } catch (const std::exception& e) {
    if (error) *error = std::string("cannot open PostgreSQL database: ") + e.what();
    return nullptr;
  }
}

}  // namespace yinsh::server

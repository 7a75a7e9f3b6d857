// The embedded store: one SQLite file in WAL mode. synchronous=NORMAL: a commit survives the
// process being killed (the WAL is written before the commit returns); only an OS crash or
// power loss can lose the last commits. One connection behind a mutex, and a thread with its
// own connection for checkpoints.
#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "server/db/sql_backends.h"
#include "server/store/store_common.h"
#include "server/ratings/ratings_store.h"
#include "server/store/store_migrations.h"

namespace yinsh::server {
namespace {

using namespace store_detail;

class SqliteStore final : public Store {
 public:
  static constexpr int64_t kWalSizeLimit = 4 << 20;  // bytes of WAL kept after a checkpoint
  SqliteStore(const std::string& path, StoreOpen mode)
      : db_(path, mode == StoreOpen::AsIs ? SQLite::OPEN_READWRITE | SQLite::OPEN_FULLMUTEX
                                          : SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_FULLMUTEX,
            5000) {
    if (mode == StoreOpen::Migrate) {
      db_.exec("PRAGMA journal_mode=WAL");
      db_.exec("PRAGMA synchronous=NORMAL");
    }
    db_.exec("PRAGMA foreign_keys=ON");
    {  // the schema: versioned migrations (store_migrations.h)
      SQLite::Transaction tx(db_);
      SqliteSql sql(db_);
      if (mode == StoreOpen::AsIs) require_current_schema(sql);
      else migrate(sql, std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch()).count());
      tx.commit();
    }
    insert_event_ = std::make_unique<SQLite::Statement>(
        db_, "INSERT INTO events(game_id, version, body) VALUES (?, ?, ?)");
    update_summary_ = std::make_unique<SQLite::Statement>(
        db_,
        "UPDATE games SET updated_at=?, status=?, white=?, black=?, result=?, ply=?, version=?, "
        "white_account=COALESCE(NULLIF(?, ''), white_account), black_account=COALESCE(NULLIF(?, ''), black_account), "
        "to_move=?, deadline=?, berserk=? WHERE id=?");
    savepoint_ = std::make_unique<SQLite::Statement>(db_, "SAVEPOINT item");
    rollback_to_ = std::make_unique<SQLite::Statement>(db_, "ROLLBACK TO item");
    release_ = std::make_unique<SQLite::Statement>(db_, "RELEASE item");
    // Checkpoints (copying the WAL back into the database file, with its fsyncs) run on a
    // thread of their own. SQLite's automatic checkpoint would run inside the commit that
    // crosses 1000 WAL pages, and every game waiting on that group commit would wait for it.
    db_.exec("PRAGMA wal_autocheckpoint=0");
    // The WAL file keeps the size of its largest burst unless it is cut back: each time a
    // complete checkpoint lets the next commit start the WAL over, SQLite truncates the file to
    // this size (a burst of imports or a long reader can grow it to tens of MB meanwhile).
    db_.exec("PRAGMA journal_size_limit=" + std::to_string(kWalSizeLimit));
    checkpointer_ = std::thread([this, path] { checkpoint_loop(path); });
  }

  ~SqliteStore() override {
    {
      std::lock_guard lock(checkpoint_mutex_);
      stopping_ = true;
    }
    checkpoint_wake_.notify_all();
    checkpointer_.join();
  }

  std::string kind() const override { return "sqlite"; }

  void transact(const std::function<void(Sql&)>& work) override {
    std::lock_guard lock(mutex_);
    try {
      SQLite::Transaction tx(db_);
      SqliteSql sql(db_);
      work(sql);
      tx.commit();
    } catch (const SQLite::Exception& e) {
      throw StoreUnavailable(e.what());
    }
  }

  bool create_game(const GameMeta& m, std::string* error) override {
    std::lock_guard lock(mutex_);
    try {
      insert_game(m);
      return true;
    } catch (const std::exception& e) {
      if (error) *error = e.what();
      return false;
    }
  }

  AppendStatus create_with_events(const GameMeta& m, const std::vector<StoredEvent>& events,
                                  const GameSummary& s, std::string* error) override {
    std::lock_guard lock(mutex_);
    try {
      SQLite::Transaction tx(db_);
      try {
        insert_game(m);
      } catch (const SQLite::Exception& ex) {
        if (ex.getExtendedErrorCode() == SQLITE_CONSTRAINT_PRIMARYKEY) return AppendStatus::Conflict;
        throw;
      }
      const AppendStatus st = write(m.id, events, s, nullptr);
      if (st == AppendStatus::Ok) tx.commit();
      return st;
    } catch (const std::exception& e) {
      if (error) *error = e.what();
      return AppendStatus::Failed;
    }
  }

  AppendStatus append(const std::string& game, const std::vector<StoredEvent>& events,
                      const GameSummary& s, std::string* error, RatedGame* rating) override {
    std::lock_guard lock(mutex_);
    try {
      SQLite::Transaction tx(db_);
      const AppendStatus st = write(game, events, s, rating);
      if (st == AppendStatus::Ok) tx.commit();
      return st;  // Conflict: tx rolls back
    } catch (const std::exception& e) {
      if (error) *error = e.what();
      return AppendStatus::Failed;
    }
  }

  // Group commit: one transaction, each item in its own savepoint, so a conflicting item is
  // rolled back alone. If the commit itself fails, every item failed.
  void append_many(std::vector<AppendItem>& items) override {
    std::lock_guard lock(mutex_);
    try {
      SQLite::Transaction tx(db_);
      for (auto& item : items) {
        exec(*savepoint_);
        try {
          item.status = write(item.game, item.events, item.summary, item.rating.get());
        } catch (const std::exception& e) {
          item.status = AppendStatus::Failed;
          item.error = e.what();
        }
        if (item.status != AppendStatus::Ok) exec(*rollback_to_);
        exec(*release_);
      }
      tx.commit();
    } catch (const std::exception& e) {
      for (auto& item : items) {
        item.status = AppendStatus::Failed;
        item.error = e.what();
      }
    }
  }

  bool save_report(const std::string& game, const std::string& report_json, std::string* error) override {
    std::lock_guard lock(mutex_);
    try {
      SQLite::Statement q(db_, "INSERT INTO reports(game_id, report, created_at) VALUES (?, ?, ?) "
                               "ON CONFLICT(game_id) DO UPDATE SET report=excluded.report, created_at=excluded.created_at");
      q.bind(1, game);
      q.bind(2, report_json);
      q.bind(3, epoch_ms());
      q.exec();
      return true;
    } catch (const std::exception& e) {
      if (error) *error = e.what();
      return false;
    }
  }

  std::optional<std::string> load_report(const std::string& game) override {
    std::lock_guard lock(mutex_);
    try {
      SQLite::Statement q(db_, "SELECT report FROM reports WHERE game_id=?");
      q.bind(1, game);
      if (!q.executeStep()) return std::nullopt;
      return q.getColumn(0).getString();
    } catch (const std::exception& e) {
      throw StoreUnavailable(e.what());
    }
  }

  std::optional<GameMeta> load_meta(const std::string& id) override {
    std::lock_guard lock(mutex_);
    try {
      SQLite::Statement q(db_, "SELECT variant, base_ms, inc_ms, created_at, rated, tournament FROM games WHERE id=?");
      q.bind(1, id);
      if (!q.executeStep()) return std::nullopt;
      GameMeta m;
      m.id = id;
      m.variant = parse_variant(q.getColumn(0).getString()).value_or(Variant::Normal);
      if (!q.getColumn(1).isNull())
        m.clock = ClockSpec{q.getColumn(1).getInt64(), q.getColumn(2).getInt64()};
      m.created_at = q.getColumn(3).getInt64();
      m.rated = q.getColumn(4).getInt() != 0;
      if (!q.getColumn(5).isNull()) m.tournament = q.getColumn(5).getString();
      return m;
    } catch (const std::exception& e) {
      throw StoreUnavailable(e.what());
    }
  }

  std::vector<StoredEvent> load_events(const std::string& id, int64_t after) override {
    std::lock_guard lock(mutex_);
    std::vector<StoredEvent> out;
    try {
      SQLite::Statement q(db_, "SELECT version, body FROM events WHERE game_id=? AND version>? ORDER BY version");
      q.bind(1, id);
      q.bind(2, int64_t(after));
      while (q.executeStep()) out.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getString()});
    } catch (const std::exception& e) {
      throw StoreUnavailable(e.what());
    }
    return out;
  }

  std::vector<GameSummary> list_games(std::optional<Status> status, int limit) override {
    std::lock_guard lock(mutex_);
    try {
      return list_locked(status, limit);
    } catch (const std::exception& e) {
      throw StoreUnavailable(e.what());
    }
  }

  std::vector<GameSummary> list_locked(std::optional<Status> status, int limit) {
    std::string sql = std::string("SELECT ") + kSummaryColumns + ", version, rated, white_account, black_account FROM games";
    if (status == Status::Over) sql += " WHERE status IN ('over','aborted')";
    else if (status) sql += " WHERE status=?";
    sql += " ORDER BY created_at DESC, id LIMIT ?";
    SQLite::Statement q(db_, sql);
    int i = 1;
    if (status && *status != Status::Over) q.bind(i++, std::string(to_string(*status)));
    q.bind(i, limit);
    std::vector<GameSummary> out;
    while (q.executeStep()) {
      GameSummary s;
      s.id = q.getColumn(0).getString();
      s.variant = parse_variant(q.getColumn(1).getString()).value_or(Variant::Normal);
      if (!q.getColumn(2).isNull()) s.clock = ClockSpec{q.getColumn(2).getInt64(), q.getColumn(3).getInt64()};
      s.created_at = q.getColumn(4).getInt64();
      s.updated_at = q.getColumn(5).getInt64();
      s.status = parse_status(q.getColumn(6).getString()).value_or(Status::Waiting);
      s.white = q.getColumn(7).getString();
      s.black = q.getColumn(8).getString();
      s.result = parse_result_text(q.getColumn(9).getString());
      s.ply = q.getColumn(10).getInt();
      s.version = q.getColumn(11).getInt64();
      s.rated = q.getColumn(12).getInt() != 0;
      s.white_account = q.getColumn(13).getString();
      s.black_account = q.getColumn(14).getString();
      out.push_back(std::move(s));
    }
    return out;
  }

  std::vector<std::string> due_games(int64_t now, int limit) override {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    try {
      SQLite::Statement q(db_, kDueGames);
      q.bind(1, now);
      q.bind(2, limit);
      while (q.executeStep()) out.push_back(q.getColumn(0).getString());
    } catch (const std::exception& e) {
      throw StoreUnavailable(e.what());
    }
    return out;
  }

  std::vector<std::string> unfinished_games() override {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    try {
      SQLite::Statement q(db_, "SELECT id FROM games WHERE status IN ('waiting','active')");
      while (q.executeStep()) out.push_back(q.getColumn(0).getString());
    } catch (const std::exception& e) {
      throw StoreUnavailable(e.what());
    }
    return out;
  }

  std::array<int64_t, 4> count_by_status() override {
    std::lock_guard lock(mutex_);
    std::array<int64_t, 4> out{};
    try {
      SQLite::Statement q(db_, "SELECT status, COUNT(*) FROM games GROUP BY status");
      while (q.executeStep())
        if (auto s = parse_status(q.getColumn(0).getString())) out[size_t(*s)] = q.getColumn(1).getInt64();
    } catch (const std::exception& e) {
      throw StoreUnavailable(e.what());
    }
    return out;
  }

 private:
  // Every half second, a PASSIVE checkpoint: it copies what it can without blocking commits.
  // Once a checkpoint has copied the whole WAL, the next commit starts the WAL over, so it
  // stays small. SQLite also checkpoints when the last connection closes.
  void checkpoint_loop(const std::string& path) {
    try {
      SQLite::Database cp(path, SQLite::OPEN_READWRITE, 5000);
      std::unique_lock lock(checkpoint_mutex_);
      while (!checkpoint_wake_.wait_for(lock, std::chrono::milliseconds(500), [this] { return stopping_; })) {
        lock.unlock();
        try {
          cp.exec("PRAGMA wal_checkpoint(PASSIVE)");
        } catch (const std::exception&) {
          // busy or failing: the next round tries again; commits are not affected
        }
        lock.lock();
      }
    } catch (const std::exception&) {
      // cannot open a second connection: the WAL grows until the store is closed
    }
  }

  // With the mutex held: the games row of a new game (throws when it exists or SQLite fails).
  void insert_game(const GameMeta& m) {
    SQLite::Statement st(db_,
                         "INSERT INTO games(id, variant, base_ms, inc_ms, created_at, updated_at, status, rated, tournament) "
                         "VALUES (?, ?, ?, ?, ?, ?, 'waiting', ?, NULLIF(?, ''))");
    st.bind(1, m.id);
    st.bind(2, std::string(to_string(m.variant)));
    if (m.clock) {
      st.bind(3, int64_t(m.clock->base_ms));
      st.bind(4, int64_t(m.clock->inc_ms));
    } else {
      st.bind(3);
      st.bind(4);
    }
    st.bind(5, int64_t(m.created_at));
    st.bind(6, int64_t(m.created_at));
    st.bind(7, m.rated ? 1 : 0);
    st.bind(8, m.tournament);
    st.exec();
  }

  // Inside a transaction, with the mutex held: the events, then the summary row. Conflict when
  // an event's version exists already (the caller rolls back); throws when SQLite fails.
  AppendStatus write(const std::string& game, const std::vector<StoredEvent>& events, const GameSummary& s,
                     RatedGame* rating) {
    for (const auto& e : events) {
      insert_event_->tryReset();
      insert_event_->bind(1, game);
      insert_event_->bind(2, int64_t(e.version));
      insert_event_->bind(3, e.body);
      try {
        insert_event_->exec();
      } catch (const SQLite::Exception& ex) {
        insert_event_->tryReset();
        if (ex.getExtendedErrorCode() == SQLITE_CONSTRAINT_PRIMARYKEY ||
            std::string(ex.what()).find("UNIQUE constraint") != std::string::npos)
          return AppendStatus::Conflict;  // that version exists: another writer got there first
        throw;
      }
    }
    auto& u = *update_summary_;
    u.tryReset();
    u.bind(1, int64_t(s.updated_at));
    u.bind(2, std::string(to_string(s.status)));
    u.bind(3, s.white);
    u.bind(4, s.black);
    u.bind(5, result_text(s));
    u.bind(6, s.ply);
    u.bind(7, int64_t(s.version));
    u.bind(8, s.white_account);
    u.bind(9, s.black_account);
    if (s.to_move) u.bind(10, std::string(color_name(*s.to_move)));
    else u.bind(10);
    if (s.deadline) u.bind(11, int64_t(*s.deadline));
    else u.bind(11);
    u.bind(12, s.berserk);
    u.bind(13, game);
    u.exec();
    u.tryReset();
    if (rating) {  // the rated game's result: the ratings commit with it (ratings_store.h)
      SqliteSql sql(db_);
      apply_rating(sql, *rating);
    }
    return AppendStatus::Ok;
  }

  std::mutex mutex_;
  SQLite::Database db_;
  std::mutex checkpoint_mutex_;
  std::condition_variable checkpoint_wake_;
  bool stopping_ = false;
  std::thread checkpointer_;  // last: started when everything above exists
  static void exec(SQLite::Statement& st) {
    st.tryReset();
    st.exec();
    st.tryReset();
  }

  std::unique_ptr<SQLite::Statement> insert_event_, update_summary_;
  std::unique_ptr<SQLite::Statement> savepoint_, rollback_to_, release_;  // prepared once: group commits use them per item
};

}  // namespace

std::unique_ptr<Store> open_sqlite_store(const std::string& path, std::string* error, StoreOpen mode) {
  try {
    return std::make_unique<SqliteStore>(path, mode);
  } catch (const std::exception& e) {
    if (error) *error = "cannot open SQLite database " + path + ": " + e.what();
    return nullptr;
  }
}

bool is_postgres_spec(const std::string& spec) {
  return spec.rfind("postgresql://", 0) == 0 || spec.rfind("postgres://", 0) == 0 ||
         spec.find("dbname=") != std::string::npos || spec.find("host=") != std::string::npos;
}

std::unique_ptr<Store> open_store(const std::string& spec, std::string* error, StoreOpen mode) {
  if (is_postgres_spec(spec)) return open_postgres_store(spec, error, mode);
  return open_sqlite_store(spec, error, mode);
}

}  // namespace yinsh::server

// The shared store: PostgreSQL through libpqxx 6.4. Several `yinsh serve` processes may use
// one database: every append also sends NOTIFY yinsh_events '<game>:<version>' (delivered on
// commit), and a listener thread with its own connection reports them through watch(), so a
// process learns of decisions made through another one. Appends race on the events table's
// primary key: the loser gets Conflict and catches up.
#include <pqxx/pqxx>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "store_common.h"

namespace yinsh::server {
namespace {

using namespace store_detail;

constexpr const char* kChannel = "yinsh_events";
constexpr int kPoolSize = 3;

class Receiver final : public pqxx::notification_receiver {
 public:
  Receiver(pqxx::connection_base& c, Store::AppendCallback* cb)
      : pqxx::notification_receiver(c, kChannel), cb_(cb) {}
  void operator()(const std::string& payload, int) override {
    const auto colon = payload.rfind(':');
    if (colon == std::string::npos || !*cb_) return;
    try {
      (*cb_)(payload.substr(0, colon), std::stoll(payload.substr(colon + 1)));
    } catch (const std::exception&) {
    }
  }

 private:
  Store::AppendCallback* cb_;
};

class PostgresStore final : public Store {
 public:
  explicit PostgresStore(const std::string& conninfo) : conninfo_(conninfo) {
    for (int i = 0; i < kPoolSize; ++i) free_.push_back(std::make_unique<pqxx::connection>(conninfo));
    pqxx::work w(*free_.front());
    w.exec("SELECT pg_advisory_xact_lock(7366421)");  // one process creates the schema
    w.exec(
        "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, variant TEXT NOT NULL, "
        "base_ms BIGINT, inc_ms BIGINT, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, "
        "status TEXT NOT NULL, white TEXT NOT NULL DEFAULT '', black TEXT NOT NULL DEFAULT '', "
        "result TEXT NOT NULL DEFAULT '', ply INTEGER NOT NULL DEFAULT 0, version BIGINT NOT NULL DEFAULT 0)");
    w.exec(
        "CREATE TABLE IF NOT EXISTS events (game_id TEXT NOT NULL REFERENCES games(id), "
        "version BIGINT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (game_id, version))");
    w.exec("CREATE INDEX IF NOT EXISTS games_by_status ON games(status, created_at)");
    w.exec("CREATE INDEX IF NOT EXISTS games_by_created ON games(created_at)");
    w.commit();
  }

  ~PostgresStore() override {
    stop_ = true;
    if (listener_.joinable()) listener_.join();
    receiver_.reset();
    listen_conn_.reset();
  }

  std::string kind() const override { return "postgres"; }

  bool create_game(const GameMeta& m, std::string* error) override {
    try {
      with_connection([&](pqxx::connection& c) {
        pqxx::work w(c);
        w.exec_params(
            "INSERT INTO games(id, variant, base_ms, inc_ms, created_at, updated_at, status) "
            "VALUES ($1, $2, NULLIF($3, -1), NULLIF($4, -1), $5, $5, 'waiting')",
            m.id, std::string(to_string(m.variant)), m.clock ? m.clock->base_ms : int64_t(-1),
            m.clock ? m.clock->inc_ms : int64_t(-1), m.created_at);
        w.commit();
      });
      return true;
    } catch (const std::exception& e) {
      if (error) *error = e.what();
      return false;
    }
  }

  AppendStatus append(const std::string& game, const std::vector<StoredEvent>& events,
                      const GameSummary& s, std::string* error) override {
    try {
      with_connection([&](pqxx::connection& c) {
        pqxx::work w(c);
        for (const auto& e : events)
          w.exec_params("INSERT INTO events(game_id, version, body) VALUES ($1, $2, $3)", game,
                        e.version, e.body);
        w.exec_params(
            "UPDATE games SET updated_at=$1, status=$2, white=$3, black=$4, result=$5, ply=$6, "
            "version=$7 WHERE id=$8",
            s.updated_at, std::string(to_string(s.status)), s.white, s.black, result_text(s), s.ply,
            s.version, game);
        w.exec_params("SELECT pg_notify($1, $2)", std::string(kChannel),
                      game + ":" + std::to_string(s.version));
        w.commit();
      });
      return AppendStatus::Ok;
    } catch (const pqxx::unique_violation&) {
      return AppendStatus::Conflict;
    } catch (const std::exception& e) {
      if (error) *error = e.what();
      return AppendStatus::Failed;
    }
  }

  std::optional<GameMeta> load_meta(const std::string& id) override {
    try {
      std::optional<GameMeta> out;
      with_connection([&](pqxx::connection& c) {
        pqxx::read_transaction t(c);
        auto r = t.exec_params("SELECT variant, base_ms, inc_ms, created_at FROM games WHERE id=$1", id);
        if (r.empty()) return;
        GameMeta m;
        m.id = id;
        m.variant = parse_variant(r[0][0].as<std::string>()).value_or(Variant::Normal);
        if (!r[0][1].is_null()) m.clock = ClockSpec{r[0][1].as<int64_t>(), r[0][2].as<int64_t>()};
        m.created_at = r[0][3].as<int64_t>();
        out = m;
      });
      return out;
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }

  std::vector<StoredEvent> load_events(const std::string& id, int64_t after) override {
    std::vector<StoredEvent> out;
    with_connection([&](pqxx::connection& c) {
      pqxx::read_transaction t(c);
      auto r = t.exec_params(
          "SELECT version, body FROM events WHERE game_id=$1 AND version>$2 ORDER BY version", id, after);
      for (const auto& row : r) out.push_back({row[0].as<int64_t>(), row[1].as<std::string>()});
    });
    return out;
  }

  std::vector<GameSummary> list_games(std::optional<Status> status, int limit) override {
    std::vector<GameSummary> out;
    std::string sql = std::string("SELECT ") + kSummaryColumns + ", version FROM games";
    if (status == Status::Over) sql += " WHERE status IN ('over','aborted') AND $1 = $1";
    else if (status) sql += " WHERE status=$1";
    else sql += " WHERE $1 = $1";
    sql += " ORDER BY created_at DESC, id LIMIT $2";
    with_connection([&](pqxx::connection& c) {
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
        out.push_back(std::move(s));
      }
    });
    return out;
  }

  std::vector<std::string> unfinished_games() override {
    std::vector<std::string> out;
    with_connection([&](pqxx::connection& c) {
      pqxx::read_transaction t(c);
      for (const auto& row : t.exec("SELECT id FROM games WHERE status IN ('waiting','active')"))
        out.push_back(row[0].as<std::string>());
    });
    return out;
  }

  void watch(AppendCallback on_append) override {
    callback_ = std::move(on_append);
    if (listener_.joinable()) return;
    listen_conn_ = std::make_unique<pqxx::connection>(conninfo_);
    receiver_ = std::make_unique<Receiver>(*listen_conn_, &callback_);
    listen_conn_->get_notifs();  // makes the LISTEN happen now
    listener_ = std::thread([this] {
      while (!stop_) {
        try {
          listen_conn_->await_notification(0, 200000);
        } catch (const std::exception&) {
          std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
      }
    });
  }

 private:
  template <class F>
  void with_connection(F&& f) {
    std::unique_ptr<pqxx::connection> c;
    {
      std::unique_lock lock(mutex_);
      cv_.wait(lock, [&] { return !free_.empty(); });
      c = std::move(free_.back());
      free_.pop_back();
    }
    struct Return {
      PostgresStore* s;
      std::unique_ptr<pqxx::connection>& c;
      ~Return() {
        std::lock_guard lock(s->mutex_);
        s->free_.push_back(std::move(c));
        s->cv_.notify_one();
      }
    } back{this, c};
    f(*c);
  }

  std::string conninfo_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<std::unique_ptr<pqxx::connection>> free_;
  AppendCallback callback_;
  std::atomic<bool> stop_{false};
  std::unique_ptr<pqxx::connection> listen_conn_;
  std::unique_ptr<Receiver> receiver_;
  std::thread listener_;
};

}  // namespace

std::unique_ptr<Store> open_postgres_store(const std::string& conninfo, std::string* error) {
  try {
    return std::make_unique<PostgresStore>(conninfo);
  } catch (const std::exception& e) {
    if (error) *error = std::string("cannot open PostgreSQL database: ") + e.what();
    return nullptr;
  }
}

}  // namespace yinsh::server

// The site on PostgreSQL inside (pg_site.cpp, site_listener.cpp only): the bus with its writer
// thread, and the listener that reads the event stream into a copy of the rows.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include <pqxx/pqxx>

#include "server/site/pg_site.h"
#include "server/site/site_schema.h"


namespace yinsh::server::site {

using Clock = std::chrono::steady_clock;
using Connection = std::unique_ptr<pqxx::connection>;
// A connection that libpqxx will not reconnect behind our back. Throws when unreachable.
Connection connect_site(const std::string& conninfo);

// The listener: its own connection and thread. LISTEN, then the events after the last one
// applied, in order (a gap or a new connection: a resync from the rows themselves).
class Listener {
 public:
  Listener(std::string conninfo, std::string self) : conninfo_(std::move(conninfo)), self_(std::move(self)) {}
  ~Listener();
  // Connects, listens and reads the rows; starts the thread. Throws when it cannot.
  void start();
  void stop();
  SiteBus::Handle watch(RowKind kind, SiteBus::RowsWatcher fn);
  SiteBus::Handle subscribe(SiteTopic topic, SiteBus::Handler fn);

 private:
  // Wakes the thread; the payload (the event's number) is not needed: it reads what is new.
  struct Receiver final : pqxx::notification_receiver {
    explicit Receiver(pqxx::connection_base& c) : pqxx::notification_receiver(c, kChannel) {}
    void operator()(const std::string&, int) override {}
  };
  void loop();
  void listen();    // connect + LISTEN; throws
  void drop() noexcept;
  void catch_up();  // reads and applies what is new; throws when the connection fails
  std::vector<SiteRow> others(RowKind kind) const;  // under mirror_mutex_

  const std::string conninfo_, self_;
  std::mutex mirror_mutex_;  // the copy of the rows; held while watchers and handlers run
  std::map<RowKind, std::map<std::string, SiteRow>> rows_;
  int64_t last_ = -1;  // the last event applied; -1: resync
  SiteCallbacks<RowKind, SiteBus::RowsWatcher> watchers_;
  SiteCallbacks<SiteTopic, SiteBus::Handler> handlers_;
  Connection conn_;
  std::unique_ptr<Receiver> receiver_;
  std::thread thread_;
  std::mutex stop_mutex_;
  std::condition_variable stop_cv_;
  std::atomic<bool> stop_{false};
};

class PgSite final : public SiteBus {
 public:
  PgSite(std::string conninfo, PgSiteOptions options);
  ~PgSite() override;
  bool shared() const override { return true; }
  const std::string& server_id() const override { return id_; }
  void put(RowKind kind, std::string key, nlohmann::json body) override;
  void remove(RowKind kind, std::string key) override;
  void claim_all(RowKind kind, std::vector<std::string> keys, ClaimedAll done) override;
  Handle watch_rows(RowKind kind, RowsWatcher on_change) override;
  void send(SiteTopic topic, std::string to, nlohmann::json body) override;
  Handle subscribe(SiteTopic topic, Handler handler) override;

 private:
  struct Job {
    enum Type { Put, Remove, Claim, Send } type;
    RowKind kind{};
    SiteTopic topic{};
    std::string key, to;
    nlohmann::json body;
    std::vector<std::string> keys;  // a claim's
    ClaimedAll done;
  };
  void enqueue(Job job);
  void writer_loop();
  std::vector<SiteRow> run(const Job& j);  // one job, one transaction (writer thread)
  void beat();
  void goodbye();
  void pop_front();
  bool take_front(Job& j);
  void fail_claims(const std::string& why);

  const std::string conninfo_;
  const PgSiteOptions options_;
  const std::string id_;
  Listener listener_{conninfo_, id_};
  std::mutex mutex_;  // the jobs
  std::condition_variable cv_;
  std::deque<Job> jobs_;
  std::atomic<bool> stop_{false};
  // The writer thread's own:
  Connection conn_;
  Clock::time_point connected_at_, next_prune_ = Clock::now();
  std::map<std::pair<RowKind, std::string>, nlohmann::json> own_;  // the rows this server holds
  std::thread writer_;
};

}  // namespace yinsh::server::site

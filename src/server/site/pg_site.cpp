// The site on PostgreSQL (pg_site.h): the bus, its writer thread. The listener's half, which
// reads the event stream, is site_listener.cpp.
#include "server/site/pg_site.h"

#include <algorithm>
#include <pqxx/pqxx>

#include "server/common/ids.h"
#include "server/site/site_impl.h"

namespace yinsh::server::site {

Connection connect_site(const std::string& conninfo) {
  auto c = std::make_unique<pqxx::connection>(conninfo);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  c->inhibit_reactivation(true);  // a broken connection stays broken until it is replaced
#pragma GCC diagnostic pop
  return c;
}

PgSite::PgSite(std::string conninfo, PgSiteOptions options)
    : conninfo_(std::move(conninfo)), options_(options), id_(new_token().substr(0, 8)) {
  conn_ = connect_site(conninfo_);
  {
    pqxx::work w(*conn_);
    w.exec("SELECT pg_advisory_xact_lock(" + std::to_string(kSchemaLock) + ")");
    w.exec(kSchema);
    w.exec_params("INSERT INTO site_servers(id, seen_at) VALUES ($1, now())", id_);
    w.commit();
  }
  connected_at_ = Clock::now();
  listener_.start();  // throws when it cannot listen: the site is not opened
  writer_ = std::thread([this] { writer_loop(); });
}

PgSite::~PgSite() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  cv_.notify_all();
  if (writer_.joinable()) writer_.join();
  listener_.stop();
}

void PgSite::enqueue(Job job) {
  {
    std::lock_guard lock(mutex_);
    jobs_.push_back(std::move(job));
  }
  cv_.notify_all();
}

void PgSite::put(RowKind kind, std::string key, nlohmann::json body) {
  enqueue({Job::Put, kind, {}, std::move(key), {}, std::move(body), {}, nullptr});
}
void PgSite::remove(RowKind kind, std::string key) { enqueue({Job::Remove, kind, {}, std::move(key), {}, {}, {}, nullptr}); }
void PgSite::claim_all(RowKind kind, std::vector<std::string> keys, ClaimedAll done) {
  std::sort(keys.begin(), keys.end());  // rows locked in one order by every claimer: no deadlock
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  enqueue({Job::Claim, kind, {}, {}, {}, {}, std::move(keys), std::move(done)});
}
void PgSite::send(SiteTopic topic, std::string to, nlohmann::json body) {
  enqueue({Job::Send, {}, topic, {}, std::move(to), std::move(body), {}, nullptr});
}

SiteBus::Handle PgSite::watch_rows(RowKind kind, RowsWatcher on_change) { return listener_.watch(kind, std::move(on_change)); }
SiteBus::Handle PgSite::subscribe(SiteTopic topic, Handler handler) { return listener_.subscribe(topic, std::move(handler)); }

// Appends one event to the stream, numbered by the counter row (its lock orders the writers'
// commits, so the numbers are committed in order and without gaps). The number.
static int64_t emit(pqxx::work& w, const std::string& origin, const std::string& target, Op op, std::string_view kind,
                    const std::string& key, const std::string& body) {
  const int64_t seq = w.exec("UPDATE site_seq SET n = n + 1 RETURNING n")[0][0].as<int64_t>();
  w.exec_params("INSERT INTO site_events(seq, origin, target, op, kind, key, body) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                seq, origin, target, std::string(op_name(op)), std::string(kind), key, body);
  return seq;
}

static void notify(pqxx::work& w, int64_t seq) {
  w.exec_params("SELECT pg_notify($1, $2)", std::string(kChannel), std::to_string(seq));
}

// One job in one transaction. Returns the claimed rows (claims only).
std::vector<SiteRow> PgSite::run(const Job& j) {
  pqxx::work w(*conn_);
  std::vector<SiteRow> claimed;
  int64_t seq = 0;
  const std::string kind(kind_name(j.kind));
  switch (j.type) {
    case Job::Put: {  // a row put anew (by this server, which holds it): not a taken one any more
      const std::string body = j.body.dump();
      w.exec_params("DELETE FROM site_taken WHERE kind=$1 AND key=$2", kind, j.key);
      w.exec_params(
          "INSERT INTO site_rows(kind, key, server, body) VALUES ($1, $2, $3, $4) "
          "ON CONFLICT(kind, key) DO UPDATE SET server=excluded.server, body=excluded.body",
          kind, j.key, id_, body);
      seq = emit(w, id_, "", Op::Put, kind, j.key, body);
      own_[{j.kind, j.key}] = j.body;
      break;
    }
    case Job::Remove:
      own_.erase({j.kind, j.key});
      w.exec_params("DELETE FROM site_taken WHERE kind=$1 AND key=$2", kind, j.key);
      if (w.exec_params("DELETE FROM site_rows WHERE kind=$1 AND key=$2 AND server=$3", kind, j.key, id_).affected_rows())
        seq = emit(w, id_, "", Op::Del, kind, j.key, "");
      break;
    case Job::Claim: {  // every row locked (in key order) and present, or none taken
      for (const auto& key : j.keys) {
        auto r = w.exec_params("SELECT server, body FROM site_rows WHERE kind=$1 AND key=$2 FOR UPDATE", kind, key);
        if (r.empty()) return {};  // the transaction is rolled back: nothing taken
        claimed.push_back(SiteRow{key, r[0][0].as<std::string>(), nlohmann::json::parse(r[0][1].as<std::string>())});
      }
      for (const auto& row : claimed) {
        w.exec_params("DELETE FROM site_rows WHERE kind=$1 AND key=$2", kind, row.key);
        if (row.server != id_)  // its server still holds it until told: it must not put it back (beat)
          w.exec_params(
              "INSERT INTO site_taken(kind, key, server) VALUES ($1, $2, $3) "
              "ON CONFLICT(kind, key) DO UPDATE SET server=excluded.server, at=now()",
              kind, row.key, row.server);
        seq = emit(w, id_, "", Op::Del, kind, row.key, "");
      }
      break;
    }
    case Job::Send:
      seq = emit(w, id_, j.to, Op::Msg, topic_name(j.topic), "", j.body.dump());
      break;
  }
  if (seq) notify(w, seq);
  w.commit();
  for (const auto& row : claimed)
    if (row.server == id_) own_.erase({j.kind, row.key});
  return claimed;
}

// The heartbeat; the rows of servers silent past the lease go (only once this server has
// itself been connected for a lease: after an outage of the database every server's beat is
// old, and each must have had the time to beat again). A server whose own entry was reaped
// (it was cut off, or too busy to beat, longer than the lease) registers again and puts its
// rows back, but for those another server claimed meanwhile (site_taken): its lobby has not
// heard of that claim yet, and a row put back would be taken a second time.
void PgSite::beat() {
  pqxx::work w(*conn_);
  int64_t seq = 0;
  if (w.exec_params("UPDATE site_servers SET seen_at=now() WHERE id=$1", id_).affected_rows() == 0) {
    w.exec_params("INSERT INTO site_servers(id, seen_at) VALUES ($1, now())", id_);
    for (auto it = own_.begin(); it != own_.end();) {
      const std::string kind(kind_name(it->first.first)), &key = it->first.second, text = it->second.dump();
      const auto put = w.exec_params(
          "INSERT INTO site_rows(kind, key, server, body) SELECT $1, $2, $3, $4 "
          "WHERE NOT EXISTS (SELECT 1 FROM site_taken WHERE kind=$1 AND key=$2) "
          "ON CONFLICT(kind, key) DO UPDATE SET server=excluded.server, body=excluded.body",
          kind, key, id_, text);
      if (put.affected_rows() == 0) {  // taken: not this server's any more
        it = own_.erase(it);
        continue;
      }
      seq = emit(w, id_, "", Op::Put, kind, key, text);
      ++it;
    }
  }
  if (Clock::now() - connected_at_ >= std::chrono::milliseconds(options_.lease_ms)) {
    const auto dead = w.exec_params(
        "DELETE FROM site_servers WHERE id<>$1 AND seen_at < now() - make_interval(secs => $2) RETURNING id", id_,
        double(options_.lease_ms) / 1000);
    for (const auto& d : dead)
      for (const auto& row : w.exec_params("DELETE FROM site_rows WHERE server=$1 RETURNING kind, key", d[0].as<std::string>()))
        seq = emit(w, id_, "", Op::Del, row[0].as<std::string>(), row[1].as<std::string>(), "");
  }
  if (Clock::now() >= next_prune_) {
    // A message to one server (a `matched` for its player) is kept kMessageKeep times longer: a
    // server whose listener was away longer than keep_events_ms resyncs its rows from the table
    // and still finds the messages it missed (site_listener.cpp, catch_up).
    w.exec_params("DELETE FROM site_events WHERE at < now() - make_interval(secs => $1) AND "
                  "(target = '' OR at < now() - make_interval(secs => $2))",
                  double(options_.keep_events_ms) / 1000, double(options_.keep_events_ms * kMessageKeep) / 1000);
    // A note lasts while its holder is registered (it removes the key when its lobby hears of
    // the claim, or when the request expires); a holder gone for good never comes back for it.
    w.exec_params(
        "DELETE FROM site_taken t WHERE at < now() - make_interval(secs => $1) "
        "AND NOT EXISTS (SELECT 1 FROM site_servers s WHERE s.id = t.server)",
        double(options_.keep_events_ms) / 1000);
    next_prune_ = Clock::now() + std::min<std::chrono::milliseconds>(std::chrono::seconds(10),
                                                                     std::chrono::milliseconds(options_.keep_events_ms));
  }
  if (seq) notify(w, seq);
  w.commit();
}

// Leaving: this server's rows and entry go at once (a killed server's go after the lease).
void PgSite::goodbye() {
  pqxx::work w(*conn_);
  int64_t seq = 0;
  for (const auto& row : w.exec_params("DELETE FROM site_rows WHERE server=$1 RETURNING kind, key", id_))
    seq = emit(w, id_, "", Op::Del, row[0].as<std::string>(), row[1].as<std::string>(), "");
  w.exec_params("DELETE FROM site_servers WHERE id=$1", id_);
  w.exec_params("DELETE FROM site_taken WHERE server=$1", id_);
  if (seq) notify(w, seq);
  w.commit();
}

// The writer thread: jobs in order; a heartbeat every heartbeat_ms, also between the jobs of
// a long queue (else a busy server reads as a dead one: the others reap it and delete its
// rows). When the connection breaks it reconnects (backoff 100 ms doubling to 2 s); meanwhile
// claims fail at once (the taker is told) and the other jobs wait, in order. A job the
// database refuses (not a broken connection) is dropped.
void PgSite::writer_loop() {
  auto backoff = std::chrono::milliseconds(100);
  auto next_beat = Clock::now();
  for (;;) {
    std::unique_lock lock(mutex_);
    cv_.wait_until(lock, next_beat, [&] { return stop_ || !jobs_.empty() || !conn_; });
    if (stop_) break;
    lock.unlock();
    if (!conn_) {
      try {
        conn_ = connect_site(conninfo_);
        connected_at_ = Clock::now();
        backoff = std::chrono::milliseconds(100);
      } catch (const std::exception& e) {
        fail_claims(e.what());
        lock.lock();
        cv_.wait_for(lock, backoff, [&] { return stop_.load(); });
        backoff = std::min(backoff * 2, std::chrono::milliseconds(2000));
        continue;
      }
    }
    try {
      for (;;) {  // the heartbeat between jobs too: a long queue must not read as a dead server
        if (Clock::now() >= next_beat) {
          beat();
          next_beat = Clock::now() + std::chrono::milliseconds(options_.heartbeat_ms);
        }
        lock.lock();
        if (jobs_.empty()) break;
        Job j = jobs_.front();
        lock.unlock();
        std::vector<SiteRow> row;
        try {
          row = run(j);
        } catch (const std::exception& e) {
          if (conn_->is_open() || j.type == Job::Claim) pop_front();  // refused, or a claim: not again
          if (j.type == Job::Claim) {
            const std::string why = e.what();
            j.done({}, &why);
          }
          if (!conn_->is_open()) throw;
          continue;
        }
        pop_front();
        if (j.done) j.done(std::move(row), nullptr);
      }
      lock.unlock();
    } catch (const std::exception&) {
      if (lock.owns_lock()) lock.unlock();
      if (!conn_->is_open()) conn_.reset();  // connected again on the next round
    }
  }
  try {  // what is queued, then the goodbye: one attempt each
    if (conn_ && conn_->is_open()) {
      for (Job j; take_front(j);) j.done ? j.done(run(j), nullptr) : (void)run(j);
      goodbye();
    }
  } catch (const std::exception&) {
  }
  fail_claims("the server is stopping");
}

void PgSite::pop_front() {
  std::lock_guard lock(mutex_);
  if (!jobs_.empty()) jobs_.pop_front();
}

bool PgSite::take_front(Job& j) {
  std::lock_guard lock(mutex_);
  if (jobs_.empty()) return false;
  j = std::move(jobs_.front());
  jobs_.pop_front();
  return true;
}

void PgSite::fail_claims(const std::string& why) {
  std::vector<Job> claims;
  {
    std::lock_guard lock(mutex_);
    for (auto it = jobs_.begin(); it != jobs_.end();) {
      if (it->type == Job::Claim) {
        claims.push_back(std::move(*it));
        it = jobs_.erase(it);
      } else {
        ++it;
      }
    }
  }
  for (auto& c : claims) c.done({}, &why);
}

}  // namespace yinsh::server::site

namespace yinsh::server {

std::unique_ptr<SiteBus> open_postgres_site(const std::string& conninfo, std::string* error, PgSiteOptions options) {
  try {
    return std::make_unique<site::PgSite>(conninfo, options);
  } catch (const std::exception& e) {
    if (error) *error = std::string("cannot open the site's tables on PostgreSQL: ") + e.what();
    return nullptr;
  }
}

}  // namespace yinsh::server

// The site's listener (site_impl.h): LISTEN yinsh_site on a connection of its own, and the
// event stream read in order into a copy of the rows; watchers and handlers called on its
// thread, in the stream's order.
#include <pqxx/pqxx>

#include "server/site/site_impl.h"

namespace yinsh::server::site {

namespace {
constexpr auto kBackoffMin = std::chrono::milliseconds(100), kBackoffMax = std::chrono::milliseconds(2000);
}

Listener::~Listener() { stop(); }

void Listener::start() {
  listen();
  catch_up();
  thread_ = std::thread([this] { loop(); });
}

void Listener::stop() {
  {
    std::lock_guard lock(stop_mutex_);
    stop_ = true;
  }
  stop_cv_.notify_all();
  if (thread_.joinable()) thread_.join();
  drop();
}

void Listener::listen() {
  auto c = connect_site(conninfo_);
  auto r = std::make_unique<Receiver>(*c);
  if (!c->is_open()) {  // libpqxx swallows a broken connection while issuing LISTEN
    r.reset();
    throw pqxx::broken_connection("lost the connection while issuing LISTEN");
  }
  conn_ = std::move(c);
  receiver_ = std::move(r);
  // What happened while nobody listened is read from the stream next (catch_up), or, when it
  // was pruned meanwhile, from the rows themselves.
}

void Listener::drop() noexcept {
  try {
    receiver_.reset();  // before its connection
  } catch (...) {
  }
  conn_.reset();
}

std::vector<SiteRow> Listener::others(RowKind kind) const {
  std::vector<SiteRow> out;
  if (auto it = rows_.find(kind); it != rows_.end())
    for (const auto& [key, row] : it->second)
      if (row.server != self_) out.push_back(row);
  return out;
}

SiteBus::Handle Listener::watch(RowKind kind, SiteBus::RowsWatcher fn) {
  std::lock_guard lock(mirror_mutex_);
  fn(others(kind));
  return watchers_.add(kind, std::move(fn));
}

SiteBus::Handle Listener::subscribe(SiteTopic topic, SiteBus::Handler fn) { return handlers_.add(topic, std::move(fn)); }

// The events after the last one applied, in one snapshot with the counter. When the first is
// not the next one (pruned while this server was away) or nothing was applied yet: the rows
// themselves, read in the same snapshot, replace the copy; after a gap, the messages to this
// server that it had not applied follow (they are kept longer: pg_site.cpp). Messages to every
// server in the gap are lost: each is state that is also read again (sessions, notices).
void Listener::catch_up() {
  pqxx::transaction<pqxx::repeatable_read, pqxx::read_only> t(*conn_);
  const int64_t n = t.exec("SELECT n FROM site_seq")[0][0].as<int64_t>();
  std::lock_guard lock(mirror_mutex_);
  if (n == last_) return;
  pqxx::result events;
  if (last_ >= 0)
    events = t.exec_params("SELECT seq, origin, target, op, kind, key, body FROM site_events "
                           "WHERE seq > $1 AND seq <= $2 ORDER BY seq", last_, n);
  if (last_ < 0 || events.empty() || events[0][0].as<int64_t>() != last_ + 1) {
    rows_.clear();
    for (const auto& r : t.exec("SELECT kind, key, server, body FROM site_rows"))
      if (auto k = parse_kind(r[0].as<std::string>()))
        rows_[*k][r[1].as<std::string>()] =
            SiteRow{r[1].as<std::string>(), r[2].as<std::string>(), nlohmann::json::parse(r[3].as<std::string>())};
    const int64_t applied = last_;
    last_ = n;
    for (RowKind k : kRowKinds) watchers_.call(k, others(k));
    if (applied < 0) return;  // this server's first read: nothing was addressed to it before
    for (const auto& m : t.exec_params("SELECT kind, body FROM site_events WHERE seq > $1 AND seq <= $2 AND "
                                       "op = 'msg' AND target = $3 ORDER BY seq",
                                       applied, n, self_))
      if (const auto topic = parse_topic(m[0].as<std::string>()))
        handlers_.call(*topic, nlohmann::json::parse(m[1].as<std::string>()));
    return;
  }
  std::map<RowKind, bool> touched;
  for (const auto& e : events) {
    last_ = e[0].as<int64_t>();
    const auto op = parse_op(e[3].as<std::string>());
    const std::string origin = e[1].as<std::string>(), target = e[2].as<std::string>(), key = e[5].as<std::string>();
    if (op == Op::Msg) {
      const auto topic = parse_topic(e[4].as<std::string>());
      if (topic && (target.empty() || target == self_)) handlers_.call(*topic, nlohmann::json::parse(e[6].as<std::string>()));
      continue;
    }
    const auto kind = parse_kind(e[4].as<std::string>());
    if (!kind || !op) continue;
    auto& rows = rows_[*kind];
    bool others_changed = false;  // a row of another server came, changed or went
    if (auto old = rows.find(key); old != rows.end()) {
      others_changed = old->second.server != self_;
      rows.erase(old);
    }
    if (op == Op::Put) {
      rows[key] = SiteRow{key, origin, nlohmann::json::parse(e[6].as<std::string>())};
      others_changed = others_changed || origin != self_;
    }
    touched[*kind] = touched[*kind] || others_changed;
  }
  last_ = n;
  for (const auto& [k, changed] : touched)
    if (changed) watchers_.call(k, others(k));
}

// Waits for a notification (at most a second: a lost one costs a second), then reads what is
// new. A broken connection: reconnect with backoff, then resync.
void Listener::loop() {
  auto backoff = kBackoffMin;
  while (!stop_) {
    if (!conn_) {
      try {
        listen();
        catch_up();
        backoff = kBackoffMin;
      } catch (const std::exception&) {
        drop();
        std::unique_lock lock(stop_mutex_);
        stop_cv_.wait_for(lock, backoff, [&] { return stop_.load(); });
        backoff = std::min(backoff * 2, kBackoffMax);
      }
      continue;
    }
    try {
      conn_->await_notification(1, 0);
      if (!conn_->is_open()) throw pqxx::broken_connection("the site listener's connection broke");
      catch_up();
    } catch (const std::exception&) {
      drop();
    }
  }
}

}  // namespace yinsh::server::site

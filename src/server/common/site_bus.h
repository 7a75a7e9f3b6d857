// SiteBus: what every server of one site shares beyond the games: rows of live state (seeks,
// who is online) and messages between servers (a match made for a player connected elsewhere,
// an account whose sessions changed, a notice to an account, a game of accounts started or
// ended). With SQLite one process is the whole site
// (LocalSiteBus below: rows in memory, messages delivered here). With PostgreSQL the servers
// sharing the database share the site (server/site/: tables as the source of truth, an event
// stream with sequence numbers, LISTEN/NOTIFY to wake the listeners; docs/server.md "One
// site").
//
// Rows are owned by the server that put them; a row is taken exactly once across the site by
// claim() (the database deletes it: only one taker gets it). Watchers and subscribers are
// called on the bus's own thread (never an I/O thread or a strand: they post to their own),
// in the order of the site's events. No call waits on the database: put, remove and send are
// queued in order; claim answers through its callback.
#pragma once

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace yinsh::server {

// The kinds of shared rows: a seek, an account online, a challenge to an account (shown by
// every server the challenged account is connected to; answered by a claim).
// A pairing request (quick pairing's pool is the site's).
enum class RowKind { Seek, Presence, Challenge, Pair };
// The kinds of messages between servers.
enum class SiteTopic {
  Matched,         // the answer (a game, a decline) to a seeker or challenger connected to the target server (lobby.h)
  AccountChanged,  // an account's sessions or standing changed: every server acts on its sockets
  Notice,          // a notice to an account (wire `notice`): every server tells its connections of it
  AccountGame,     // a game of accounts started or ended: every server tells their event streams (bot API)
};

// The body of SiteTopic::AccountChanged: what changed for which account. Every server checks
// the account's open connections against their sessions (Hub::account_changed) and, when all
// of its sessions ended or it was deleted, closes them all at once (server.cpp).
// Checked: one session ended or the account's state changed (a logout, a password change).
enum class AccountChange { SessionsEnded, Deleted, Checked };
struct AccountChanged {
  std::string account;  // the account's id
  AccountChange change = AccountChange::SessionsEnded;
  nlohmann::json to_json() const {
    return {{"account", account}, {"change", name(change)}};
  }
  // Nullopt when `j` is not one.
  static std::optional<AccountChanged> read(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("account") || !j["account"].is_string() || !j.contains("change")) return std::nullopt;
    const auto c = j["change"];
    for (AccountChange k : {AccountChange::SessionsEnded, AccountChange::Deleted, AccountChange::Checked})
      if (c == name(k)) return AccountChanged{j["account"].get<std::string>(), k};
    return std::nullopt;
  }
  static const char* name(AccountChange c) {
    switch (c) {
      case AccountChange::Deleted: return "deleted";
      case AccountChange::Checked: return "checked";
      case AccountChange::SessionsEnded: break;
    }
    return "sessions_ended";
  }
};

struct SiteRow {
  std::string key;
  std::string server;  // the server that put it
  nlohmann::json body;
};

class SiteBus {
 public:
  virtual ~SiteBus() = default;
  // Whether other servers share this site (PostgreSQL); false: this process is the site.
  virtual bool shared() const = 0;
  // This server's id among the site's servers ("" when not shared).
  virtual const std::string& server_id() const = 0;

  // Puts (or replaces) this server's row `key` of `kind`; removes it. Queued, in order.
  virtual void put(RowKind kind, std::string key, nlohmann::json body) = 0;
  virtual void remove(RowKind kind, std::string key) = 0;
  // Takes the row `key` of `kind`, whoever put it, exactly once across the site: `done` gets
  // the row, or nullopt when there is none (taken already, removed, never put), or `error` when
  // the site cannot be reached (nothing taken). `done` runs on the bus's thread (or at once).
  using Claimed = std::function<void(std::optional<SiteRow> row, const std::string* error)>;
  void claim(RowKind kind, std::string key, Claimed done) {
    claim_all(kind, {std::move(key)}, [done = std::move(done)](std::vector<SiteRow> rows, const std::string* error) {
      done(rows.empty() ? std::nullopt : std::optional<SiteRow>(std::move(rows.front())), error);
    });
  }
  // Takes the rows `keys` of `kind` all at once or none of them (one is missing: none taken,
  // `done` gets no rows): two players paired by two servers at once are paired by one.
  using ClaimedAll = std::function<void(std::vector<SiteRow> rows, const std::string* error)>;
  virtual void claim_all(RowKind kind, std::vector<std::string> keys, ClaimedAll done) = 0;
  // A watcher or handler is called until its handle is destroyed, and never once the handle's
  // destructor has returned.
  using Handle = std::shared_ptr<void>;
  // `on_change` gets every row of `kind` put by the other servers: now, after each change of
  // them and after a resync (so it may repeat what it had: treat it as the whole set).
  using RowsWatcher = std::function<void(const std::vector<SiteRow>& others)>;
  [[nodiscard]] virtual Handle watch_rows(RowKind kind, RowsWatcher on_change) = 0;

  // Sends a message to the server `to` ("": every server, this one included). Queued.
  virtual void send(SiteTopic topic, std::string to, nlohmann::json body) = 0;
  using Handler = std::function<void(const nlohmann::json& body)>;
  // Messages sent before the subscription are not delivered to it.
  [[nodiscard]] virtual Handle subscribe(SiteTopic topic, Handler handler) = 0;
};

// Callbacks by key (a row kind, a topic), called under a lock that their handles' destructors
// take: once a handle is gone, its callback is never called again. A callback must not make
// or drop handles of the same set.
template <class Key, class Fn>
class SiteCallbacks {
 public:
  SiteBus::Handle add(Key key, Fn fn) {
    std::lock_guard lock(state_->mutex);
    const int id = state_->next++;
    state_->fns[key].emplace(id, std::move(fn));
    std::weak_ptr<State> weak = state_;
    return std::shared_ptr<void>(nullptr, [weak, key, id](void*) {
      if (auto s = weak.lock()) {
        std::lock_guard lock(s->mutex);
        s->fns[key].erase(id);
      }
    });
  }
  template <class... A>
  void call(const Key& key, const A&... args) {
    std::lock_guard lock(state_->mutex);
    if (auto it = state_->fns.find(key); it != state_->fns.end())
      for (auto& [id, fn] : it->second) fn(args...);
  }

 private:
  struct State {
    std::mutex mutex;
    int next = 0;
    std::map<Key, std::map<int, Fn>> fns;
  };
  std::shared_ptr<State> state_ = std::make_shared<State>();
};

// The site of one process: rows in memory, messages delivered to this process's subscribers
// on the caller's thread. The other servers' rows are always none.
class LocalSiteBus final : public SiteBus {
 public:
  bool shared() const override { return false; }
  const std::string& server_id() const override { return id_; }
  void put(RowKind kind, std::string key, nlohmann::json body) override {
    std::lock_guard lock(mutex_);
    rows_[{kind, key}] = SiteRow{key, id_, std::move(body)};
  }
  void remove(RowKind kind, std::string key) override {
    std::lock_guard lock(mutex_);
    rows_.erase({kind, key});
  }
  void claim_all(RowKind kind, std::vector<std::string> keys, ClaimedAll done) override {
    std::vector<SiteRow> rows;
    {
      std::lock_guard lock(mutex_);
      const bool all = std::all_of(keys.begin(), keys.end(), [&](const auto& k) { return rows_.count({kind, k}) > 0; });
      for (const auto& key : all ? keys : std::vector<std::string>()) {  // one is missing: none taken
        auto it = rows_.find({kind, key});
        if (it == rows_.end()) continue;  // named twice
        rows.push_back(std::move(it->second));
        rows_.erase(it);
      }
    }
    done(std::move(rows), nullptr);
  }
  Handle watch_rows(RowKind, RowsWatcher on_change) override {
    on_change({});  // no other servers
    return std::make_shared<int>(0);
  }
  void send(SiteTopic topic, std::string to, nlohmann::json body) override {
    if (to.empty() || to == id_) handlers_.call(topic, body);
  }
  Handle subscribe(SiteTopic topic, Handler handler) override { return handlers_.add(topic, std::move(handler)); }

 private:
  const std::string id_;
  std::mutex mutex_;
  std::map<std::pair<RowKind, std::string>, SiteRow> rows_;
  SiteCallbacks<SiteTopic, Handler> handlers_;
};

}  // namespace yinsh::server

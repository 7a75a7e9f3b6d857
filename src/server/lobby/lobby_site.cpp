// The lobby across the site's servers (site_bus.h; docs/server.md "One site"): the seeks made
// here are put as rows, the other servers' seeks are shown beside them, a seek is taken by a
// claim (the database gives it to one taker), and a match made here for a seeker connected to
// another server is sent there as a message. With one process (SQLite) none of this runs.
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "server/lobby/lobby.h"

namespace yinsh::server {

// A seeker as the rows carry it, and back (throws when it is not one).
static json seeker_row(const Seeker& s) {
  json j = {{"key", s.key}, {"address", s.address}, {"name", s.name}, {"provisional", s.provisional}, {"conn", s.connection()},
            {"bot", s.bot}};
  if (s.rating) j["rating"] = *s.rating;
  return j;
}

static Seeker seeker_from(const Fields& f, const std::string& server) {
  Seeker s;
  s.key = f.str("key", 128);
  s.address = f.str("address", 128);
  s.name = f.str("name", 64);
  if (auto r = f.opt_integer("rating", 0, 10000)) s.rating = int(*r);
  s.provisional = f.opt_bool("provisional").value_or(false);
  s.conn = f.str("conn", 128);
  s.server = server;
  s.bot = f.opt_bool("bot").value_or(false);  // rows put before it was carried: no bot
  return s;
}

json seek_row(const Seek& s) {
  json j = seeker_row(s.by);
  j["id"] = s.id;
  j["created_at"] = s.created_at;
  cmd::Seek{s.kind, s.rated, s.range}.write(j);
  return j;
}

std::optional<Seek> seek_from_row(const json& row, const std::string& server) {
  try {
    const Fields f(row);
    const cmd::Seek wire = cmd::Seek::read(f);
    return Seek{f.str("id", 64), seeker_from(f, server), wire.kind, wire.rated, wire.range,
                f.integer("created_at", 0, INT64_MAX)};
  } catch (const std::exception&) {  // a row this server cannot read: not shown
    return std::nullopt;
  }
}

json challenge_row(const Challenge& c) {
  json j = seeker_row(c.from);
  j["id"] = c.id;
  j["created_at"] = c.created_at;
  j["to_key"] = c.to_key;
  cmd::Challenge{c.to, c.kind, c.rated, c.color}.write(j);
  return j;
}

std::optional<Challenge> challenge_from_row(const json& row, const std::string& server) {
  try {
    const Fields f(row);
    const cmd::Challenge wire = cmd::Challenge::read(f);
    return Challenge{f.str("id", 64), seeker_from(f, server), wire.to, wire.kind, wire.rated,
                     f.integer("created_at", 0, INT64_MAX), f.str("to_key", 128), wire.color};
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

json pair_row(const PairRequest& r) {
  json j = seeker_row(r.who);
  j["since"] = r.since;
  cmd::Pair{r.kind, r.rated}.write(j);
  return j;
}

std::optional<PairRequest> pair_from_row(const json& row, const std::string& server) {
  try {
    const Fields f(row);
    const cmd::Pair wire = cmd::Pair::read(f);
    return PairRequest{seeker_from(f, server), wire.kind, f.integer("since", 0, INT64_MAX), wire.rated};
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

bool Lobby::shared() const { return hub_.site().shared(); }

void Lobby::join_site() {
  SiteBus& site = hub_.site();
  if (!site.shared()) return;
  seek_watch_ = site.watch_rows(RowKind::Seek, [this](const std::vector<SiteRow>& rows) {
    std::map<std::string, Seek> seeks;
    for (const auto& r : rows)
      if (auto s = seek_from_row(r.body, r.server)) seeks.emplace(s->id, std::move(*s));
    boost::asio::post(hub_.io(), [this, seeks = std::move(seeks)]() mutable {
      std::lock_guard lock(mutex_);
      if (stopped_) return;
      remote_seeks_ = std::move(seeks);
      publish();
    });
  });
  matched_sub_ = site.subscribe(SiteTopic::Matched, [this](const json& body) {
    boost::asio::post(hub_.io(), [this, body] { matched_elsewhere(body); });
  });
  join_site_challenges();
  join_site_pairing();
}

void Lobby::leave_site() {
  seek_watch_.reset();
  matched_sub_.reset();
  challenge_watch_.reset();
  presence_watch_.reset();
  pair_watch_.reset();
}

void Lobby::seek_gone(const std::string& id) {
  if (shared()) hub_.site().remove(RowKind::Seek, id);
}

void Lobby::rows_gone(RowKind kind, const std::vector<std::string>& ids) {
  if (shared())
    for (const auto& id : ids) hub_.site().remove(kind, id);
}

void Lobby::take_row(RowKind kind, const std::string& key, Taken then) {
  hub_.site().claim(kind, key, [this, then = std::move(then)](std::optional<SiteRow> row, const std::string* error) {
    std::optional<std::string> why;
    if (error) why = *error;
    if (row && row->server == hub_.site().server_id()) row->server.clear();
    boost::asio::post(hub_.io(), [this, then, row = std::move(row), why] {
      std::lock_guard lock(mutex_);
      then(row, why ? &*why : nullptr);
    });
  });
}

// Under mutex_: accepting a seek of the site, with the seek as it was stored.
void Lobby::accept_shared(const std::shared_ptr<LobbyClient>& c, const Seeker& me, const std::string& target,
                          const json& id) {
  take_row(RowKind::Seek, target, [this, c, me, target, id](const std::optional<SiteRow>& row, const std::string* why) {
    if (why) return c->send(out::Error{0, "store_unavailable", "the seek could not be taken: " + *why, id});
    std::optional<Seek> taken = row ? seek_from_row(row->body, row->server) : std::nullopt;
    seeks_.remove(target);
    remote_seeks_.erase(target);
    if (!taken) {
      c->send(out::Error{0, "no_seek", "the seek " + clean_text(target, 32) + " is gone (taken, cancelled or expired)", id});
      return publish_from(c->key);
    }
    make_game(taken->by, me, taken->kind, taken->rated, "seek", taken->id);
    publish_from(c->key);
  });
}

// On the lobby's I/O thread: a match made on another server for a seeker or challenger
// connected here, or a challenge of one declined there.
void Lobby::matched_elsewhere(const json& body) {
  std::lock_guard lock(mutex_);
  try {
    const Fields f(body);
    if (auto seek = f.opt_str("seek", 300)) {  // a seek's or a challenge's id, or a pairing request's row
      // Gone from this server's rows too (the taker deleted the row; this server forgets it).
      if (seeks_.remove(*seek)) hub_.site().remove(RowKind::Seek, *seek);
      if (challenges_.remove(*seek)) hub_.site().remove(RowKind::Challenge, *seek);
      if (auto key = pair_row_seeker(*seek); key && pairing_.remove(*key)) hub_.site().remove(RowKind::Pair, *seek);
    }
    if (auto c = client_of(f.str("conn", 128))) {
      if (auto error = f.opt_str("error", 1000)) c->send(out::Error{0, "store_unavailable", *error, nullptr});
      else if (auto by = f.opt_str("declined", 64)) c->send(out::Info{0, *by + " declined your challenge", "challenge_declined", {{"name", *by}}});
      else c->send(out::Matched::read(Fields(body.at("matched"))));
    }
  } catch (const std::exception&) {  // not a message this server can read
  }
  publish();
}

// Where make_game() tells a seeker of another server: that server, by message.
void Lobby::tell_elsewhere(const Seeker& s, const std::string& seek, const std::optional<out::Matched>& m,
                           const ApiError* e) {
  json body = {{"conn", s.connection()}, {"seek", seek}};
  if (m) {
    json j;
    m->write(j);
    body["matched"] = j;
  } else {
    body["error"] = "the game could not be made: " + (e ? e->message : std::string("unknown error"));
  }
  hub_.site().send(SiteTopic::Matched, s.server, std::move(body));
}

}  // namespace yinsh::server

// The lobby across the site's servers (site_bus.h; docs/server.md "One site"): the seeks made
// here are put as rows, the other servers' seeks are shown beside them, a seek is taken by a
// claim (the database gives it to one taker), and a match made here for a seeker connected to
// another server is sent there as a message. With one process (SQLite) none of this runs.
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "server/lobby/lobby.h"

namespace yinsh::server {

json seek_row(const Seek& s) {
  cmd::Seek wire{s.kind, s.rated, s.range};
  json j = {{"id", s.id},           {"key", s.by.key},   {"address", s.by.address}, {"name", s.by.name},
            {"provisional", s.by.provisional}, {"conn", s.by.connection()}, {"created_at", s.created_at}};
  wire.write(j);
  if (s.by.rating) j["rating"] = *s.by.rating;
  return j;
}

std::optional<Seek> seek_from_row(const json& row, const std::string& server) {
  try {
    const Fields f(row);
    const cmd::Seek wire = cmd::Seek::read(f);
    Seek s{f.str("id", 64), {}, wire.kind, wire.rated, wire.range, f.integer("created_at", 0, INT64_MAX)};
    s.by.key = f.str("key", 128);
    s.by.address = f.str("address", 128);
    s.by.name = f.str("name", 64);
    if (auto r = f.opt_integer("rating", 0, 10000)) s.by.rating = int(*r);
    s.by.provisional = f.opt_bool("provisional").value_or(false);
    s.by.conn = f.str("conn", 128);
    s.by.server = server;
    return s;
  } catch (const std::exception&) {  // a row this server cannot read: not shown
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
}

void Lobby::leave_site() {
  seek_watch_.reset();
  matched_sub_.reset();
}

void Lobby::seek_gone(const std::string& id) {
  if (shared()) hub_.site().remove(RowKind::Seek, id);
}

void Lobby::seeks_gone(const std::vector<std::string>& ids) {
  for (const auto& id : ids) seek_gone(id);
}

// Under mutex_: accepting a seek of the site. The claim runs on the site's writer; its answer
// comes back here on the lobby's I/O thread, with the seek as it was stored.
void Lobby::accept_shared(const std::shared_ptr<LobbyClient>& c, const Seeker& me, const std::string& target,
                          const json& id) {
  hub_.site().claim(RowKind::Seek, target, [this, c, me, target, id](std::optional<SiteRow> row, const std::string* error) {
    std::optional<std::string> why;
    if (error) why = *error;
    boost::asio::post(hub_.io(), [this, c, me, target, id, row = std::move(row), why] {
      std::lock_guard lock(mutex_);
      if (why) return c->send(out::Error{0, "store_unavailable", "the seek could not be taken: " + *why, id});
      std::optional<Seek> taken = row ? seek_from_row(row->body, row->server == hub_.site().server_id() ? "" : row->server)
                                      : std::nullopt;
      seeks_.remove(target);
      remote_seeks_.erase(target);
      if (!taken) {
        c->send(out::Error{0, "no_seek", "the seek " + clean_text(target, 32) + " is gone (taken, cancelled or expired)", id});
        return publish();
      }
      make_game(taken->by, me, taken->kind, taken->rated, "seek", taken->id);
      publish();
    });
  });
}

// On the lobby's I/O thread: a match made on another server for a seeker connected here.
void Lobby::matched_elsewhere(const json& body) {
  std::lock_guard lock(mutex_);
  try {
    const Fields f(body);
    if (auto seek = f.opt_str("seek", 64)) seeks_.remove(*seek);
    if (auto c = client_of(f.str("conn", 128))) {
      if (auto error = f.opt_str("error", 1000)) c->send(out::Error{0, "store_unavailable", *error, nullptr});
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

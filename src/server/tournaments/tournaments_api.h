// TournamentsApi: the tournaments' HTTP routes (docs/api.md 2.7), version 1.
//   GET  /api/tournaments                   upcoming, running and recently finished arenas
//   POST /api/tournaments                   an account creates an arena
//   GET  /api/tournaments/<id>              one arena with its standings and pairings
//   GET  /api/tournaments/<id>/games        every game of the arena
//   POST /api/tournaments/<id>/join         join (or come back)
//   POST /api/tournaments/<id>/withdraw     no more pairings
//   POST /api/tournaments/<id>/berserk      half one's clock for a point more
//   GET  /api/tournaments/<id>/chat         the chat's last lines
//   POST /api/tournaments/<id>/chat         a line
//   POST /api/tournaments/<id>/chat/<line>/delete   a line removed (its writer, a moderator)
// No Beast or Asio in this header. The session is resolved by the SessionResolver; the store
// is read and written on this API's own thread, never on an I/O thread.
#pragma once

#include <memory>
#include <string_view>

#include "server/common/http_api.h"

namespace yinsh::server {

class Store;
class TournamentHost;
class ArenaDirector;

struct TournamentLimits {
  int max_open_per_account = 3;  // arenas an account created that have not finished
  int finished_listed = 20;
};

class TournamentsApi : public HttpRoutes {
 public:
  // All must outlive the API.
  TournamentsApi(Store& store, SessionResolver& resolver, TournamentHost& host, ArenaDirector& director,
                 TournamentLimits limits = {});
  ~TournamentsApi();
  TournamentsApi(const TournamentsApi&) = delete;
  TournamentsApi& operator=(const TournamentsApi&) = delete;

  bool route(const ApiRequest& req, const HttpDone& done) override;
  void stop();  // finishes the work in hand; idempotent

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace yinsh::server

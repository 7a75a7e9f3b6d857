// The hub's side of the arenas (hub.h, "Arenas"): what server.cpp's TournamentHost asks of it.
// A paired game is made as the lobby makes its matches (both seats taken, then begun, in the
// game's first events, stored before anyone is told); its meta carries the tournament.
#include "server/common/ids.h"
#include "server/hub/room.h"

namespace yinsh::server {

void Hub::start_paired_game(GameMeta meta, std::string white_account, std::string white_name, std::string black_account,
                            std::string black_name, Created done) {
  const int64_t at = meta.created_at;
  const std::string white_token = new_token(), black_token = new_token();
  LobbyHost::Steps steps;
  steps.push_back([=](const OnlineGame& g) { return g.join(white_name, WHITE, white_token, at, white_account); });
  steps.push_back([=](const OnlineGame& g) { return g.join(black_name, BLACK, black_token, at, black_account); });
  steps.push_back([=](const OnlineGame& g) { return g.start(at); });
  impl_->create_game(std::move(meta), std::move(steps), std::move(done));
}

void Hub::notify(const std::string& account, const out::Notice& notice) { impl_->send_notice(account, notice); }

int64_t Hub::now() const { return impl_->now(); }

std::string Hub::server_id() const { return impl_->site().server_id(); }

}  // namespace yinsh::server

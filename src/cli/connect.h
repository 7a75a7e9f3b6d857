// `yinsh play --connect URL`: an online game from the terminal (connect.cpp). Server builds
// only (it speaks HTTP and WebSocket through Beast).
#pragma once

#include <string>

namespace yinsh::cli {

// Takes a free seat of the game at `url` (http://host:port/game/ID, or https:// for a server
// that speaks TLS: its certificate must verify) as `name`, or acts with
// `token`, or watches; plays until quit or end of input. With the account's `api_token`, `url`
// may be the site alone (http://host:port): the account's games are listed and the player picks
// one; a game of the account's is played from its seat, and `next` goes on to the next game
// where it is the account's turn. The exit status: 0, 1 (refused or unreachable), 2 (bad URL).
int play_connected(const std::string& url, const std::string& name, const std::string& token,
                   const std::string& api_token, bool color);

}  // namespace yinsh::cli

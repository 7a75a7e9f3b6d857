// `yinsh play --connect URL`: an online game from the terminal (connect.cpp). Server builds
// only (it speaks HTTP and WebSocket through Beast).
#pragma once

#include <string>

namespace yinsh::cli {

// Takes a free seat of the game at `url` (http://host:port/game/ID) as `name`, or acts with
// `token`, or watches; plays until quit or end of input. The exit status.
int play_connected(const std::string& url, const std::string& name, const std::string& token, bool color);

}  // namespace yinsh::cli

// Ids, tokens and the wall clock of the server: game ids (12 characters of a-z0-9), seat
// tokens (128 random bits, hex), from the OS's random source (getrandom).
#pragma once

#include <cstdint>
#include <string>

namespace yinsh::server {

int64_t now_ms();  // wall clock, for game events and clocks
uint32_t random_u32();  // from the OS's random source
std::string new_token();  // 128 random bits, hex
std::string new_game_id();

}  // namespace yinsh::server

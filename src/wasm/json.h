// JSON text of the core's objects, for the WebAssembly API (api.h): positions with their
// pieces and legal decisions, decision lists. Written with JsonOut (src/json/: header only,
// standard library alone), as the server writes its frames.
#pragma once

#include <string>
#include <vector>

#include "core/position.h"
#include "json/json_out.h"

namespace yinsh::wasm {

// {"text","side","step","removed":{"w","b"},"variant","pool","result","board":{"e5":"W",...}}
// plus "legal":[...] when `with_legal`.
void write_position(JsonOut& o, const Position& pos, bool with_legal);
void write_moves(JsonOut& o, const std::vector<Move>& moves);
// Every point of `b`, by name.
void write_points(JsonOut& o, Bitboard b);
// {"error": why}
std::string error_json(std::string_view why);

}  // namespace yinsh::wasm

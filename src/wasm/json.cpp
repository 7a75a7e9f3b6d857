#include "wasm/json.h"

#include "core/movegen.h"
#include "core/notation.h"

namespace yinsh::wasm {

namespace {
std::string_view side_name(Color c) { return c == WHITE ? "w" : "b"; }
}  // namespace

void write_points(JsonOut& o, Bitboard b) {
  o.begin_array();
  for (Point p : GEO.points)
    if (b.contains(p)) o.value(to_string(p));
  o.end_array();
}

void write_moves(JsonOut& o, const std::vector<Move>& moves) {
  o.begin_array();
  for (Move m : moves) o.value(to_string(m));
  o.end_array();
}

void write_position(JsonOut& o, const Position& pos, bool with_legal) {
  o.begin_object();
  o.key("text").value(to_text(pos));
  o.key("side").value(side_name(pos.side_to_move()));
  o.key("step").value(to_string(pos.step()));
  o.key("removed").begin_object().key("w").value(pos.removed(WHITE)).key("b").value(pos.removed(BLACK)).end_object();
  o.key("variant").value(to_string(pos.variant()));
  o.key("pool").value(pos.markers_in_pool());
  o.key("result").value(to_string(pos.result()));
  o.key("board").begin_object();
  for (Point p : GEO.points) {
    const char c = pos.piece_char(p);
    if (c != '.') o.key(to_string(p)).value(std::string_view(&c, 1));
  }
  o.end_object();
  if (with_legal) {
    MoveList list;
    generate(pos, list);
    o.key("legal").begin_array();
    for (Move m : list) o.value(to_string(m));
    o.end_array();
  }
  o.end_object();
}

std::string error_json(std::string_view why) {
  std::string s;
  JsonOut(s).begin_object().key("error").value(why).end_object();
  return s;
}

}  // namespace yinsh::wasm

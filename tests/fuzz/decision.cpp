// libFuzzer target: parse_move and parse_legal_move on a few positions (placement, ring move,
// row removal, ring removal, game over).
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "check.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"

using namespace yinsh;

namespace {
const std::vector<Position>& positions() {
  static const std::vector<Position> ps = [] {
    std::vector<Position> v;
    for (const char* t : {
             "4/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal",
             "4/7/8/9/3W6/4B4/10/9/8/7/4 w place 0 0 blitz",
             "WWWw/W3w2/4w3/4w4/4W5/9/10/9/8/6B/BBBB w move 0 0 normal",
             "WWWw/W3w2/4w3/4w4/4w5/4W4/10/9/8/6B/BBBB w remove-row 0 0 normal",
             "WWW1/W6/8/9/10/4W4/10/9/8/6B/BBBB w remove-ring 0 0 normal",
             "4/7/8/9/10/9/10/9/4BBB1/3BWWb/1BWW w move 1 0 normal",
             "2W1/7/6b1/6b2/4w1bW2/5b3/5b4/9/8/7/1BBB w over 3 2 normal",
         }) {
      auto p = parse_position(t);
      if (!p) std::abort();
      v.push_back(*p);
    }
    return v;
  }();
  return ps;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view s(reinterpret_cast<const char*>(data), size);
  (void)parse_point(s);
  std::string why;
  const auto m = parse_move(s, &why);
  if (m) {
    const std::string canon = to_string(*m);
    const auto back = parse_move(canon);
    CHECK(back && *back == *m && to_string(*back) == canon);
  } else {
    CHECK(!why.empty());
  }
  for (const Position& p : positions()) {
    std::string err;
    const auto lm = parse_legal_move(p, s, &err);
    CHECK(lm.has_value() == (m && is_legal(p, *m)));
    if (!lm) {
      CHECK(!err.empty());
      continue;
    }
    Position c = p;
    StateInfo st;
    c.do_move(*lm, st);
    CHECK(c.is_ok());
    c.undo_move(*lm, st);
    CHECK(c == p);
  }
  return 0;
}

// libFuzzer target: parse_position. Whatever it accepts must be a consistent position that
// prints back to an equal position, and every legal decision from it must keep it consistent
// and undo exactly.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "check.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"

using namespace yinsh;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view s(reinterpret_cast<const char*>(data), size);
  std::string why;
  const auto p = parse_position(s, &why);
  if (!p) {
    CHECK(!why.empty());  // a refusal always says why
    return 0;
  }
  CHECK(p->is_ok());
  CHECK(p->key() == p->compute_key());
  const std::string t = to_text(*p);
  const auto q = parse_position(t);
  CHECK(q && *q == *p && q->key() == p->key() && to_text(*q) == t);

  MoveList list;
  generate(*p, list);
  CHECK(count_moves(*p) == list.size());
  CHECK(list.empty() == p->is_over());
  for (Move m : list) {
    Position c = *p;
    StateInfo st;
    c.do_move(m, st);
    std::string bad;
    if (!c.is_ok(&bad)) {
      // A position text accepted by parse_position must only lead to consistent positions.
      std::abort();
    }
    CHECK(c.key() == c.compute_key());
    c.undo_move(m, st);
    CHECK(c == *p && c.key() == p->key());
  }
  return 0;
}

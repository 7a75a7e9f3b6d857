// libFuzzer target: read_record. It never crashes; a refusal says why; an accepted record
// writes back, in both forms, to text that reads as the same game, and writing is stable.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "check.h"
#include "core/record.h"

using namespace yinsh;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view s(reinterpret_cast<const char*>(data), size);
  std::string why;
  const auto r = read_record(s, &why);
  if (!r) {
    CHECK(!why.empty());
    return 0;
  }
  CHECK(r->start.is_ok());
  const Game g = r->replay();
  CHECK(g.moves() == r->moves);  // every decision was legal
  const std::string w = write_record(*r);
  std::string why2;
  const auto back = read_record(w, &why2);
  CHECK(back.has_value());
  CHECK(back->start == r->start && back->moves == r->moves);
  CHECK(write_record(*back) == w);
  const auto short_form = read_record(write_record(*r, RecordForm::Short), &why2);
  CHECK(short_form && short_form->moves == r->moves);
  // The move text alone parses back too.
  const auto moves = parse_moves(r->start, format_moves(r->start, r->moves));
  CHECK(moves && *moves == r->moves);
  return 0;
}

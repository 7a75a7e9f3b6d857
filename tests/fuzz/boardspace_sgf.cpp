// libFuzzer: the Boardspace SGF reader never crashes, and what it accepts writes back to SGF
// that reads to the same decisions.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "records/boardspace.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string error;
  const auto r = yinsh::read_boardspace(text, &error);
  if (!r) {
    if (error.empty()) std::abort();  // a rejection always says why
    return 0;
  }
  const auto sgf = yinsh::write_boardspace(*r, &error);
  if (!sgf) std::abort();
  const auto again = yinsh::read_boardspace(*sgf, &error);
  if (!again || again->moves != r->moves) std::abort();
  return 0;
}

// libFuzzer: read_record never crashes; what it accepts writes back (both forms) to text
// that reads to the same decisions.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/record.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string error;
  const auto r = yinsh::read_record(text, &error);
  if (!r) {
    if (error.empty()) std::abort();
    return 0;
  }
  for (auto form : {yinsh::RecordForm::Complete, yinsh::RecordForm::Short}) {
    const auto again = yinsh::read_record(yinsh::write_record(*r, form), &error);
    if (!again || again->moves != r->moves) std::abort();
  }
  return 0;
}

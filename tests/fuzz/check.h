// CHECK for the libFuzzer targets: a broken property aborts, which libFuzzer reports as a
// crash with the input that caused it (assert would vanish under NDEBUG).
#pragma once

#include <cstdlib>

#define CHECK(x)            \
  do {                      \
    if (!(x)) std::abort(); \
  } while (0)

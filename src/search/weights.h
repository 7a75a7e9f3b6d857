// Tuned evaluation weights, in the order of `Feature` (eval.h).
// Produced by: (see docs/ai.md, "Tuning") -- placeholder hand-set values until tuned.
#pragma once

#define YINSH_TUNED_WEIGHTS \
  { 500, 12, 2, 20, 8, 60, 25, 90, 40, 2, 1, 6, -15, 10 }

// Tuned evaluation weights, in the order of `Feature` (eval.h).
// Produced by: yinsh tune --games 400 --depth 2 --epochs 1500 --rate 0.5 --seed 1 --start 500:12:2:20:8:60:25:90:40:2:1:6:-15:10
// Loss (mean squared error of the expected score) 0.317619 -> 0.22812 on 21442 positions.
// Check: these weights against the hand-set start, depth 3, 100 games:
//   yinsh match -a "Weights=109:10:0:0:2:3:0:26:-21:-2:2:8:-28:7" -b "Weights=500:12:2:20:8:60:25:90:40:2:1:6:-15:10" --depth 3 -n 100 --seed 7
//   +81 =3 -16, 82.5%, elo +269 +- 92.
#pragma once

#define YINSH_TUNED_WEIGHTS \
  { 109, 10, 0, 0, 2, 3, 0, 26, -21, -2, 2, 8, -28, 7 }

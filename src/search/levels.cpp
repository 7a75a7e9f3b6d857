#include "levels.h"

namespace yinsh {

namespace {

constexpr LevelParams LEVELS[MAX_LEVEL + 1] = {
    {true, 0, 0, 0, "random: a uniformly random legal decision"},
    {false, 1, 0, 150, "beginner: one ply, very noisy judgement"},
    {false, 1, 0, 0, "greedy: the best decision one ply ahead"},
    {false, 2, 0, 30, "casual: two plies, a little noise"},
    {false, 2, 0, 0, "two plies"},
    {false, 3, 0, 0, "three plies"},
    {false, 0, 4000, 0, "4k nodes"},
    {false, 0, 15000, 0, "15k nodes"},
    {false, 0, 0, 0, "full strength"},
};

}  // namespace

const LevelParams& level_params(int level) {
  if (level < 0) level = 0;
  if (level > MAX_LEVEL) level = MAX_LEVEL;
  return LEVELS[level];
}

}  // namespace yinsh

#!/bin/sh
# Builds yng-driver: temhelk/yngine's MCTS behind the engine protocol of SPEC section 6,
# so that `yinsh match -b "cmd:yng-driver"` can play it. yngine is not part of this project
# and is not downloaded: pass a checkout of it and of Reputeless/Xoshiro-cpp (its submodule).
#   bench/external/yngine/build.sh YNGINE_DIR XOSHIRO_DIR [OUT]
# Measured with yngine 8ef534f (2025-02-16) and Debian 12's g++ 12 (docs/ai.md, "Current figures").
set -eu
if [ $# -lt 2 ]; then
  echo "usage: $0 YNGINE_DIR XOSHIRO_DIR [OUT]" >&2
  exit 2
fi
yng=$1 xo=$2 out=${3:-yng-driver}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "$yng/yngine/mcts.cpp" "$xo/XoshiroCpp.hpp"; do
  [ -f "$f" ] || { echo "error: $f not found" >&2; exit 2; }
done
# yngine's sources rely on headers its compiler included transitively; name them here
# instead of editing its files. Its build generates tables.hpp with a small program first.
flags="-std=c++20 -O3 -DNDEBUG -flto -I$tmp -I$xo -I$here/../../../src -include bit -include algorithm
  -include atomic -include thread -include variant -include iostream -include cmath"
cp -r "$yng/yngine" "$tmp/yngine"
g++ $flags "$tmp/yngine/generate_tables.cpp" "$tmp/yngine/bitboard.cpp" -o "$tmp/gen"
"$tmp/gen" "$tmp/yngine/tables.hpp"
g++ $flags -w "$here/driver.cpp" "$tmp/yngine/bitboard.cpp" "$tmp/yngine/moves.cpp" \
  "$tmp/yngine/board_state.cpp" "$tmp/yngine/mcts.cpp" "$tmp/yngine/allocators.cpp" \
  -pthread -o "$out"
echo "built $out"

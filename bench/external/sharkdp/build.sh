#!/bin/sh
# Builds sharkdp-driver: the AI of sharkdp/yinsh (Haskell) behind the engine protocol of
# SPEC section 6, so that `yinsh match -b "cmd:sharkdp-driver"` can play it. sharkdp/yinsh is
# not part of this project and is not downloaded: pass a checkout of it. Needs Debian's ghc
# (`apt-get install ghc`, 9.0.2); the one Hackage package it uses (game-tree) is not in
# Debian, and Negascout.hs here stands in for it.
#   bench/external/sharkdp/build.sh SHARKDP_YINSH_DIR [OUT]
# Measured with sharkdp/yinsh 9c89912 (docs/ai.md, "Current figures").
set -eu
if [ $# -lt 1 ]; then
  echo "usage: $0 SHARKDP_YINSH_DIR [OUT]" >&2
  exit 2
fi
src=$1 out=${2:-sharkdp-driver}
here=$(cd "$(dirname "$0")" && pwd)
for f in Yinsh AI Floyd; do
  [ -f "$src/src/$f.hs" ] || { echo "error: $src/src/$f.hs not found" >&2; exit 2; }
done
command -v ghc > /dev/null || { echo "error: ghc not found (apt-get install ghc)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$src/src/Yinsh.hs" "$src/src/AI.hs" "$src/src/Floyd.hs" "$here/Driver.hs" "$tmp/"
mkdir -p "$tmp/Data/Tree/Game_tree"
awk -v dir="$tmp/Data/Tree/Game_tree" '
  /^-- ==== / { n = split($3, parts, "/"); file = dir "/" parts[n]; next }
  file != "" { print > file }' "$here/Negascout.hs"
(cd "$tmp" && ghc -O2 -v0 -i"$tmp" -outputdir "$tmp/o" -o "$tmp/sharkdp-driver" Driver.hs)
cp "$tmp/sharkdp-driver" "$out"
echo "built $out"

-- Stands in for the two modules sharkdp/yinsh imports from Hackage's game-tree package
-- (not in Debian): build.sh splits this file into Data/Tree/Game_tree/Game_tree.hs and
-- Data/Tree/Game_tree/Negascout.hs. Written for this adapter from the interface AI.hs uses
-- (a class with is_terminal, children and node_value; negascout returning the principal
-- variation, root first, and its value). The search is a fail-soft negamax alpha-beta with
-- the full window at the root, so the root value and the first best child in children order
-- are those of a plain negamax search of the same depth, which is what negascout computes.
-- ==== Data/Tree/Game_tree/Game_tree.hs
module Data.Tree.Game_tree.Game_tree (Game_tree (..)) where

class Game_tree a where
  is_terminal :: a -> Bool
  node_value :: a -> Int  -- from the point of view of the side to move at the node
  children :: a -> [a]
-- ==== Data/Tree/Game_tree/Negascout.hs
module Data.Tree.Game_tree.Negascout (negascout) where

import Data.Tree.Game_tree.Game_tree

negascout :: Game_tree a => a -> Int -> ([a], Int)
negascout root depth = search root depth (minBound + 1) maxBound
  where
    search node d alpha beta
      | d <= 0 || is_terminal node || null kids = ([node], node_value node)
      | otherwise = best kids alpha [] (minBound + 1)
      where
        kids = children node
        best [] _ pv v = (node : pv, v)
        best (k : ks) a pv v =
          let (kpv, kv) = search k (d - 1) (negate beta) (negate a)
              v' = negate kv
              (pv2, v2) = if v' > v then (kpv, v') else (pv, v)
              a' = max a v'
          in if a' >= beta then (node : pv2, v2) else best ks a' pv2 v2

// Maximum-weight matching of a general graph: who plays whom, once the wishes of a pairing
// are weights on the possible pairs (swiss.h, arena_pairing.h).
//
// Backed by LEMON's MaxWeightedMatching (Debian's liblemon-dev, header-only use), an
// O(n m log n) blossom algorithm. Boost.Graph 1.81's maximum_weighted_matching is not used:
// on pairing graphs like ours (complete graphs of 8-200 players, integer weights with many
// ties) it hung in 2 of 40 random cases and crashed in 1 (boostorg/graph issues 199, 223, 399),
// where LEMON's matched a reference implementation in 100 of 100.
// C++17 (matching.cpp is compiled as C++17: LEMON 1.3.1's maps use std::allocator members that
// C++20 removed).
#pragma once

#include <cstdint>
#include <vector>

namespace yinsh::tournament {

struct WeightedEdge {
  int a = 0, b = 0;    // vertices, 0 <= a, b < n, a != b
  int64_t weight = 0;  // > 0; an edge that must not be used is left out
};

// For each vertex its mate in a matching of the greatest total weight, or -1. Edges with
// out-of-range vertices, loops or weights <= 0 are ignored. Blocks: O(n m log n).
std::vector<int> max_weight_matching(int n, const std::vector<WeightedEdge>& edges);

// The total weight of a matching `mate` of `edges` (each matched pair's heaviest edge).
int64_t matching_weight(const std::vector<int>& mate, const std::vector<WeightedEdge>& edges);

}  // namespace yinsh::tournament

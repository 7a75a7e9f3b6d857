// The one file that includes LEMON (matching.h).
#include "tournament/matching.h"

#include <lemon/list_graph.h>
#include <lemon/matching.h>

#include <algorithm>
#include <map>
#include <utility>

namespace yinsh::tournament {

std::vector<int> max_weight_matching(int n, const std::vector<WeightedEdge>& edges) {
  std::vector<int> mate(size_t(std::max(n, 0)), -1);
  if (n < 2) return mate;
  lemon::ListGraph g;
  g.reserveNode(n);
  g.reserveEdge(int(edges.size()));
  std::vector<lemon::ListGraph::Node> node;
  node.reserve(size_t(n));
  for (int i = 0; i < n; ++i) node.push_back(g.addNode());
  lemon::ListGraph::EdgeMap<int64_t> weight(g);
  for (const auto& e : edges) {
    if (e.a < 0 || e.b < 0 || e.a >= n || e.b >= n || e.a == e.b || e.weight <= 0) continue;
    weight[g.addEdge(node[size_t(e.a)], node[size_t(e.b)])] = e.weight;
  }
  lemon::MaxWeightedMatching<lemon::ListGraph, lemon::ListGraph::EdgeMap<int64_t>> solver(g, weight);
  solver.run();
  for (int i = 0; i < n; ++i) {
    const auto m = solver.mate(node[size_t(i)]);
    if (m != lemon::INVALID) mate[size_t(i)] = g.id(m);
  }
  return mate;
}

int64_t matching_weight(const std::vector<int>& mate, const std::vector<WeightedEdge>& edges) {
  std::map<std::pair<int, int>, int64_t> best;
  for (const auto& e : edges) {
    const auto key = std::minmax(e.a, e.b);
    const int n = int(mate.size());
    if (e.a < 0 || e.b < 0 || e.a >= n || e.b >= n || mate[size_t(e.a)] != e.b) continue;
    auto& w = best[key];
    w = std::max(w, e.weight);
  }
  int64_t total = 0;
  for (const auto& [key, w] : best) total += w;
  return total;
}

}  // namespace yinsh::tournament

#include "search.h"

#include "core/movegen.h"

namespace yinsh {

Move random_decision(const Position& pos, Rng& rng) {
  MoveList list;
  generate(pos, list);
  return list.empty() ? Move::none() : list[int(rng.below(uint32_t(list.size())))];
}

Searcher::Searcher(const SearchConfig& config) : config_(config), rng_(config.seed) {}

void Searcher::configure(const SearchConfig& config) {
  const bool reseed = config.seed != config_.seed;
  config_ = config;
  if (reseed) rng_ = Rng(config_.seed);
}

void Searcher::clear() { rng_ = Rng(config_.seed); }

SearchResult Searcher::run(const Position& pos, const Limits&, const std::atomic<bool>&,
                           const InfoCallback& on_info) {
  SearchResult r;
  r.best = random_decision(pos, rng_);
  r.info.depth = 1;
  r.info.nodes = 1;
  if (!r.best.is_none()) r.info.pv.push_back(r.best);
  if (on_info) on_info(r.info);
  return r;
}

}  // namespace yinsh

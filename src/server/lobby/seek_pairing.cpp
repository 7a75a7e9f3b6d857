#include "server/lobby/seek_pairing.h"

#include <algorithm>
#include <cstdlib>

namespace yinsh::server {

std::optional<int> PairingPool::allowed_gap(int64_t waited_ms) {
  if (waited_ms >= 60000) return std::nullopt;
  return 100 + 50 * int(std::max<int64_t>(0, waited_ms) / 5000);
}

void PairingPool::add(PairRequest r) {
  remove(r.who.key);
  waiting_.push_back(std::move(r));
}

bool PairingPool::remove(const std::string& key) {
  return std::erase_if(waiting_, [&](const PairRequest& p) { return p.who.key == key; }) > 0;
}

bool PairingPool::remove_connection(const std::string& conn) {
  return std::erase_if(waiting_, [&](const PairRequest& p) { return p.who.connection() == conn; }) > 0;
}

const PairRequest* PairingPool::find(const std::string& key) const {
  for (const auto& p : waiting_)
    if (p.who.key == key) return &p;
  return nullptr;
}

std::vector<std::pair<PairRequest, PairRequest>> PairingPool::match(int64_t now) {
  std::vector<std::pair<PairRequest, PairRequest>> out;
  std::vector<bool> taken(waiting_.size(), false);
  for (size_t i = 0; i < waiting_.size(); ++i) {
    if (taken[i]) continue;
    const PairRequest& a = waiting_[i];
    std::optional<size_t> best;
    int best_gap = 0;
    for (size_t j = i + 1; j < waiting_.size(); ++j) {
      const PairRequest& b = waiting_[j];
      if (taken[j] || !(b.kind == a.kind) || b.rated != a.rated || b.who.key == a.who.key) continue;
      const int gap = std::abs(a.who.rating_or_guest() - b.who.rating_or_guest());
      const auto allowed = allowed_gap(now - std::min(a.since, b.since));
      if (allowed && gap > *allowed) continue;
      if (!best || gap < best_gap) {
        best = j;
        best_gap = gap;
      }
    }
    if (!best) continue;
    taken[i] = taken[*best] = true;
    out.emplace_back(a, waiting_[*best]);
  }
  std::vector<PairRequest> left;
  for (size_t i = 0; i < waiting_.size(); ++i)
    if (!taken[i]) left.push_back(std::move(waiting_[i]));
  waiting_ = std::move(left);
  return out;
}

int PairingPool::expire(int64_t now, int64_t expiry_ms) {
  if (expiry_ms <= 0) return 0;
  return int(std::erase_if(waiting_, [&](const PairRequest& p) { return now >= p.since + expiry_ms; }));
}

}  // namespace yinsh::server

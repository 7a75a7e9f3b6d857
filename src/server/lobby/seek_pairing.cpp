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

// Removes the requests for which `gone` holds; how many (their seekers' keys into `removed`).
template <class P>
static int remove_keys_if(std::vector<PairRequest>& waiting, P gone, std::vector<std::string>* removed) {
  return int(std::erase_if(waiting, [&](const PairRequest& p) {
    if (!gone(p)) return false;
    if (removed) removed->push_back(p.who.key);
    return true;
  }));
}

bool PairingPool::remove_connection(const std::string& conn, std::vector<std::string>* removed) {
  return remove_keys_if(waiting_, [&](const PairRequest& p) { return p.who.connection() == conn; }, removed) > 0;
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

int PairingPool::expire(int64_t now, int64_t expiry_ms, std::vector<std::string>* removed) {
  if (expiry_ms <= 0) return 0;
  return remove_keys_if(waiting_, [&](const PairRequest& p) { return now >= p.since + expiry_ms; }, removed);
}

}  // namespace yinsh::server

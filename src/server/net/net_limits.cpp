#include "server/net/net_limits.h"

#include <algorithm>
#include <cctype>

namespace yinsh::server {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool iequal(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

std::optional<std::string> AddressTable::admit(const std::string& address) {
  std::lock_guard lock(mutex_);
  if (total_ >= size_t(limits_.max_connections))
    return "the server has " + std::to_string(limits_.max_connections) + " connections open, its limit";
  const bool proxy = trusted_.contains(address);  // a proxy carries many clients
  Entry& e = entries_[address];
  if (!proxy && e.connections >= limits_.max_per_address)
    return "too many connections from " + address + " (limit " + std::to_string(limits_.max_per_address) + ")";
  ++e.connections;
  ++total_;
  return std::nullopt;
}

void AddressTable::release(const std::string& address) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(address);
  if (it == entries_.end() || it->second.connections == 0) return;
  --it->second.connections;
  --total_;
  forget_if_idle(it, Clock::now());
}

bool AddressTable::take_http_token(const std::string& address, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  auto it = entries_.try_emplace(address).first;
  Entry& e = it->second;
  if (e.tokens < 0) {
    e.tokens = limits_.http_burst;
  } else {
    e.tokens = std::min(limits_.http_burst,
                        e.tokens + limits_.http_rate * std::chrono::duration<double>(now - e.refill).count());
  }
  e.refill = now;
  if (e.tokens < 1) return false;
  e.tokens -= 1;
  return true;
}

size_t AddressTable::connections() const {
  std::lock_guard lock(mutex_);
  return total_;
}

// An entry with no connection whose bucket has refilled says nothing a fresh one would not:
// dropping it keeps the table as small as the set of addresses connected now.
void AddressTable::forget_if_idle(std::map<std::string, Entry>::iterator it, Clock::time_point now) {
  const Entry& e = it->second;
  if (e.connections > 0) return;
  const double refilled =
      e.tokens < 0 ? limits_.http_burst
                   : e.tokens + limits_.http_rate * std::chrono::duration<double>(now - e.refill).count();
  if (refilled >= limits_.http_burst) entries_.erase(it);
}

bool origin_allowed(std::string_view origin, std::string_view host, const std::vector<std::string>& allowed) {
  origin = trim(origin);
  if (origin.empty()) return true;
  for (std::string_view scheme : {"http://", "https://"})
    if (!host.empty() && origin.size() == scheme.size() + host.size() && iequal(origin.substr(0, scheme.size()), scheme) &&
        iequal(origin.substr(scheme.size()), host))
      return true;
  for (const auto& a : allowed)
    if (iequal(origin, a)) return true;
  return false;
}

std::string client_address(const std::string& peer, std::string_view forwarded_for, const AddressRanges& trusted) {
  if (forwarded_for.empty() || !trusted.contains(peer)) return peer;
  // X-Forwarded-For: client, proxy1, proxy2 (each proxy appends the address it saw).
  std::string result = peer;
  while (!forwarded_for.empty()) {
    const auto comma = forwarded_for.rfind(',');
    const std::string_view last = trim(comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1));
    if (last.empty()) break;
    result = std::string(last);
    if (!trusted.contains(result)) break;
    if (comma == std::string_view::npos) break;
    forwarded_for = forwarded_for.substr(0, comma);
  }
  return result;
}

}  // namespace yinsh::server

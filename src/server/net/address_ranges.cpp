#include "server/net/address_ranges.h"

#include <arpa/inet.h>

#include <algorithm>

#include <cstring>

namespace yinsh::server {

namespace {

// An address as 16 bytes (IPv4 as ::ffff:a.b.c.d); nullopt when it is not one.
std::optional<std::array<uint8_t, 16>> address_bytes(std::string_view text, bool* v4) {
  const std::string s(text);
  std::array<uint8_t, 16> out{};
  in_addr a4{};
  if (inet_pton(AF_INET, s.c_str(), &a4) == 1) {
    out[10] = out[11] = 0xff;
    std::memcpy(out.data() + 12, &a4, 4);
    *v4 = true;
    return out;
  }
  in6_addr a6{};
  if (inet_pton(AF_INET6, s.c_str(), &a6) == 1) {
    std::memcpy(out.data(), &a6, 16);
    *v4 = false;
    return out;
  }
  return std::nullopt;
}

}  // namespace

std::optional<AddressRanges::Range> AddressRanges::parse_one(std::string_view entry) {
  const auto slash = entry.find('/');
  bool v4 = false;
  const auto bytes = address_bytes(entry.substr(0, slash), &v4);
  if (!bytes) return std::nullopt;
  Range r{*bytes, 128};
  if (slash != std::string_view::npos) {
    const std::string_view bits = entry.substr(slash + 1);
    if (bits.empty() || bits.size() > 3 || bits.find_first_not_of("0123456789") != std::string_view::npos)
      return std::nullopt;
    const int n = std::stoi(std::string(bits));
    if (n > (v4 ? 32 : 128)) return std::nullopt;
    r.prefix = v4 ? 96 + n : n;
  }
  // The address's bits beyond the prefix are cleared (10.1.2.3/8 is 10.0.0.0/8).
  for (int i = r.prefix; i < 128; ++i) r.bytes[size_t(i / 8)] &= uint8_t(~(0x80 >> (i % 8)));
  return r;
}

std::optional<AddressRanges> AddressRanges::parse(const std::vector<std::string>& entries, std::string* error,
                                                  std::string_view option) {
  AddressRanges out;
  for (const auto& e : entries) {
    const auto r = parse_one(e);
    if (!r) {
      if (error)
        *error = std::string(option) + " " + e + ": not an IP address or a CIDR range (e.g. 127.0.0.1, 10.0.0.0/8, ::1, fd00::/8)";
      return std::nullopt;
    }
    out.ranges_.push_back(*r);
  }
  return out;
}

AddressRanges AddressRanges::lenient(const std::vector<std::string>& entries) {
  AddressRanges out;
  for (const auto& e : entries)
    if (const auto r = parse_one(e)) out.ranges_.push_back(*r);
  return out;
}

bool AddressRanges::contains(std::string_view address) const {
  bool v4 = false;
  const auto bytes = address_bytes(address, &v4);
  if (!bytes) return false;
  for (const auto& r : ranges_) {
    bool match = true;
    for (int i = 0; i < r.prefix && match; i += 8) {
      const int bits = std::min(8, r.prefix - i);
      const uint8_t mask = uint8_t(0xff << (8 - bits));
      match = ((*bytes)[size_t(i / 8)] & mask) == (r.bytes[size_t(i / 8)] & mask);
    }
    if (match) return true;
  }
  return false;
}

}  // namespace yinsh::server

// AddressRanges: the `--trusted-proxy` list as IP addresses and CIDR ranges (127.0.0.1,
// 10.0.0.0/8, ::1, fd00::/8), parsed and validated once at start. An IPv4 address written as
// IPv6 (::ffff:10.1.2.3, as a dual-stack socket reports it) matches the IPv4 ranges. No Asio.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace yinsh::server {

class AddressRanges {
 public:
  AddressRanges() = default;
  // Nullopt with `error` naming the option and the first entry that is neither an address nor
  // a range.
  static std::optional<AddressRanges> parse(const std::vector<std::string>& entries, std::string* error,
                                            std::string_view option = "--trusted-proxy");
  // The valid entries only (for tables built from options that were checked with parse()).
  static AddressRanges lenient(const std::vector<std::string>& entries);
  bool contains(std::string_view address) const;
  bool empty() const { return ranges_.empty(); }

 private:
  struct Range {
    std::array<uint8_t, 16> bytes{};  // an IPv4 address in the IPv4-mapped IPv6 form
    int prefix = 128;                 // bits that must match, of the 128
  };
  static std::optional<Range> parse_one(std::string_view entry);
  std::vector<Range> ranges_;
};

}  // namespace yinsh::server

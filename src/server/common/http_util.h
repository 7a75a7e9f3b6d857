// Small HTTP helpers of the network layer, without Beast: content types, percent-decoding,
// query parameters.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace yinsh::server {

std::string_view mime_type(std::string_view path);
// Percent-decodes a URL path; nullopt when malformed.
std::optional<std::string> url_decode(std::string_view s);
// The decoded value of `key` in a query string ("a=1&b=2"), "" when absent.
std::string query_param(std::string_view query, std::string_view key);
// True when an Accept-Encoding header allows gzip: "gzip" or "*" listed without q=0
// ("br, gzip", "gzip;q=0.5" yes; "gzip;q=0", "identity", no header: no).
bool accepts_gzip(std::string_view header);

}  // namespace yinsh::server

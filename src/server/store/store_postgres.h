// Details of the PostgreSQL store that its tests check directly.
#pragma once

#include <string>

namespace yinsh::server::store_detail {

// `conninfo` with a libpq connect_timeout of `seconds` added unless it sets one: appends
// " connect_timeout=N" to a key=value string, "?connect_timeout=N" or "&connect_timeout=N" to
// a postgresql:// URI. (The store leaves the string alone when PGCONNECT_TIMEOUT is set.)
// Without a timeout a connection attempt to an unreachable host blocks for minutes.
std::string with_connect_timeout(const std::string& conninfo, int seconds);

}  // namespace yinsh::server::store_detail

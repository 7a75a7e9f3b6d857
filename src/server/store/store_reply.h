// The HTTP reply of a request served by work on the store, for the modules whose routes run
// store calls on their own threads (accounts, bots, tournaments): the work's reply, or 503
// store_unavailable when the store failed (nothing changed; the cause, which names files or
// sockets, is not for clients), or 500 internal for any other failure.
#pragma once

#include <functional>

#include "server/common/http_api.h"

namespace yinsh::server {

HttpReply reply_from_store(const std::function<HttpReply()>& work);

}  // namespace yinsh::server

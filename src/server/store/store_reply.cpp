// reply_from_store (store_reply.h).
#include "server/store/store_reply.h"

#include "server/store/store.h"

namespace yinsh::server {

HttpReply reply_from_store(const std::function<HttpReply()>& work) {
  try {
    return work();
  } catch (const StoreUnavailable&) {
    return http_error(503, "store_unavailable", "storage is unavailable; nothing changed, try again in a moment");
  } catch (const std::exception& e) {
    return http_error(500, "internal", e.what());
  }
}

}  // namespace yinsh::server

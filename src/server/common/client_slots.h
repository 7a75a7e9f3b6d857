// ClientSlots: how many of one costly thing run at once, for all clients together and for one
// client (a client address): the GIFs being drawn, the record downloads being sent. One client
// never holds every slot. `take` says whether a slot is taken; each taken slot is given back
// once with `give_back`. Thread-safe; standard library only.
#pragma once

#include <condition_variable>
#include <map>
#include <mutex>
#include <string>

namespace yinsh::server {

class ClientSlots {
 public:
  ClientSlots(int max, int per_client) : max_(max), per_client_(per_client) {}

  enum class Take { Taken, Full, ClientFull };  // Full: every slot; ClientFull: the client's
  Take take(const std::string& client);
  void give_back(const std::string& client);
  void wait_idle();  // blocks until every slot is given back
  int in_use() const;

 private:
  const int max_, per_client_;
  mutable std::mutex mutex_;
  std::condition_variable idle_;
  int used_ = 0;
  std::map<std::string, int> by_client_;
};

}  // namespace yinsh::server

// PasswordQueue: the threads that hash and verify passwords (Argon2id: ~64 MiB and 50-250 ms
// of a core each), shared fairly among client addresses. Each address has its own queue, and
// the threads take one job from each address with work in turn (round-robin), so a storm of
// logins from one address waits behind itself while another address's login waits for at most
// one job per busy address. An address holds at most `per_address` jobs (queued or running)
// and the queue at most `total`: beyond, submit() refuses at once (the caller answers 503
// busy) instead of letting a queue grow minutes long. A job returns what delivers its result;
// that runs after the job's slot is released, so a client holding its reply may submit again
// at once and find its share free. Standard library threads; no Asio.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace yinsh::server {

class PasswordQueue {
 public:
  PasswordQueue(int threads, int per_address, int total);
  ~PasswordQueue();  // stop()
  PasswordQueue(const PasswordQueue&) = delete;
  PasswordQueue& operator=(const PasswordQueue&) = delete;

  enum class Refused { No, Address, Full };
  using Deliver = std::function<void()>;
  using Job = std::function<Deliver()>;  // the work; returns its delivery (may be empty)
  // Queues `job` for `address`; Refused::No when taken (it runs once, on a queue thread, and
  // its delivery right after the slot is released).
  Refused submit(const std::string& address, Job job);
  // Runs what is queued, then joins the threads; later submits are refused. Idempotent.
  void stop();
  int per_address() const { return per_address_; }
  int total() const { return total_; }

 private:
  void run();

  const int per_address_, total_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::map<std::string, std::deque<Job>> queued_;
  std::map<std::string, int> held_;  // queued or running, per address
  std::deque<std::string> turn_;     // addresses with queued jobs, in the order they are served
  int count_ = 0;                    // queued or running
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace yinsh::server

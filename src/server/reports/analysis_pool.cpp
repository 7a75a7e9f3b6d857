#include "server/reports/analysis_pool.h"

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include "analysis/report_format.h"

namespace yinsh::server {

AnalysisPool::AnalysisPool(Options options) : options_(std::move(options)) {
  if (options_.threads <= 0) stopping_ = true;  // reports are off: every submit says Stopped
  for (int i = 0; i < options_.threads; ++i) workers_.emplace_back([this] { loop(); });
}

AnalysisPool::~AnalysisPool() { stop(); }

AnalysisPool::Submit AnalysisPool::submit(const std::string& key, const Position& start, std::vector<Move> moves,
                                          Done done) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return Submit::Stopped;
    if (pending_.count(key)) return Submit::AlreadyPending;
    if (queue_.size() >= options_.max_queued) {
      ++full_;
      return Submit::Full;
    }
    pending_.insert(key);
    queue_.push_back(Job{key, start, std::move(moves), std::move(done)});
  }
  wake_.notify_one();
  return Submit::Queued;
}

bool AnalysisPool::pending(const std::string& key) const {
  std::lock_guard lock(mutex_);
  return pending_.count(key) > 0;
}

size_t AnalysisPool::queued() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

void AnalysisPool::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    queue_.clear();
  }
  wake_.notify_all();
  for (auto& w : workers_)
    if (w.joinable()) w.join();
}

// SCHED_IDLE: the thread runs only on a core nothing else wants; nice 19 as well, for
// kernels or containers that refuse SCHED_IDLE (lowering one's own priority needs no rights).
// A sandbox may refuse both (a system call filter: EPERM); the reports then run at the normal
// priority, still stepping aside for the AI (wait_for_ai), and the pool says so once.
void AnalysisPool::lower_priority() {
  sched_param param{};
  param.sched_priority = 0;
  const int idle = pthread_setschedparam(pthread_self(), SCHED_IDLE, &param);
  const int nice_error = setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 19) == 0 ? 0 : errno;
  if (idle == 0) return;
  low_priority_ = false;
  if (nice_error == 0 || warned_.exchange(true) || !options_.warn) return;
  options_.warn(std::string("game reports run at the normal priority: SCHED_IDLE refused (") + std::strerror(idle) +
                "), nice 19 refused (" + std::strerror(nice_error) + ")");
}

void AnalysisPool::wait_for_ai() {
  if (!options_.yield_to) return;
  bool waited = false;
  while (!stopping_ && options_.yield_to()) {
    waited = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (waited) ++yields_;
}

void AnalysisPool::loop() {
  lower_priority();
  // This thread's search tables, made at its first report and kept: one per report would be
  // 16 MB allocated and freed every game, which the allocator keeps and fragments.
  std::unique_ptr<analysis::Analyst> analyst;
  while (true) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    wait_for_ai();
    if (!analyst) {
      analysis::AnalysisConfig config;
      config.nodes = options_.nodes;
      analyst = std::make_unique<analysis::Analyst>(config);
      ++analysts_;
    }
    analysis::Report report;
    const bool finished = analyst->analyze(job.start, job.moves, report, stopping_, [this](int, int) { wait_for_ai(); });
    if (finished && !stopping_ && job.done) job.done(job.key, analysis::format_json(report));
    std::lock_guard lock(mutex_);
    pending_.erase(job.key);
  }
}

}  // namespace yinsh::server

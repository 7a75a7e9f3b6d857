#include "engine.h"

#include <cctype>

namespace yinsh {

Engine::Engine() : net_(nnue::embedded_network()), searcher_(config()) {}

Engine::~Engine() {
  stop();
  wait();
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
  }
  work_.notify_one();
  if (worker_.joinable()) worker_.join();
}

void Engine::loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    work_.wait(lock, [this] { return job_ || quit_; });
    if (!job_) return;  // quit_
    auto job = std::move(job_);
    job_ = nullptr;
    lock.unlock();
    job();
    lock.lock();
    busy_ = false;
    idle_.notify_all();
  }
}

SearchConfig Engine::config() const {
  SearchConfig c;
  c.threads = int(options_.get_int("Threads"));
  c.hash_mb = int(options_.get_int("Hash"));
  c.level = int(options_.get_int("Level"));
  c.seed = uint64_t(options_.get_int("Seed"));
  c.move_overhead_ms = options_.get_int("MoveOverhead");
  c.multipv = int(options_.get_int("MultiPV"));
  if (auto w = parse_weights(options_.get("Weights"))) c.weights = *w;
  if (options_.get("Eval") == "nnue") c.net = net_;
  c.lazy_margin = int(options_.get_int("EvalLazyMargin"));
  return c;
}

bool Engine::set_option(std::string_view name, std::string_view value, std::string* error) {
  std::lock_guard lock(mutex_);
  if (busy_) {
    if (error) *error = "cannot change options while searching";
    return false;
  }
  std::string lower(name);
  for (char& ch : lower) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  if (lower == "evalfile") {  // load first: a bad file changes nothing
    auto net = value.empty() ? nnue::embedded_network() : nnue::load_network(std::string(value), error);
    if (!net || !options_.set(name, value, error)) return false;
    net_ = std::move(net);
  } else if (!options_.set(name, value, error)) {
    return false;
  }
  searcher_.configure(config());
  return true;
}

bool Engine::start(const Position& pos, const Limits& limits, InfoCallback on_info,
                   DoneCallback on_done) {
  std::unique_lock lock(mutex_);
  if (busy_) return false;
  busy_ = true;
  stop_ = false;
  job_ = [this, pos, limits, on_info = std::move(on_info), on_done = std::move(on_done)] {
    const SearchResult result = searcher_.run(pos, limits, stop_, on_info);
    if (on_done) on_done(result);
  };
  if (!worker_.joinable()) worker_ = std::thread([this] { loop(); });
  work_.notify_one();
  return true;
}

void Engine::stop() { stop_ = true; }

void Engine::wait() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return !busy_; });
}

bool Engine::searching() const {
  std::lock_guard lock(mutex_);
  return busy_;
}

SearchResult Engine::search(const Position& pos, const Limits& limits, InfoCallback on_info) {
  SearchResult out;
  wait();
  start(pos, limits, std::move(on_info), [&out](const SearchResult& r) { out = r; });
  wait();
  return out;
}

void Engine::new_game() {
  stop();
  wait();
  std::lock_guard lock(mutex_);
  searcher_.clear();
}

}  // namespace yinsh

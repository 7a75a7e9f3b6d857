// The game reports' HTTP API (docs/api.md "Game reports"): a finished game's report, queued
// on the analysis pool when first asked for (and when the game ends), stored with the game;
// uploaded records' reports, rate limited. Store calls run on the store pool.
#include <cstdio>

#include "core/notation.h"
#include "core/record.h"
#include "server/hub/hub.h"
#include "server/hub/room.h"

namespace yinsh::server {

namespace {

constexpr size_t kMaxUploadBytes = 64 * 1024;

HttpReply json_reply(int status, json body) {
  HttpReply r;
  r.status = status;
  r.body = std::move(body);
  return r;
}

HttpReply pending_reply(const std::string& id, size_t queued) {
  return json_reply(202, {{"id", id}, {"status", "pending"}, {"queued", queued}});
}

HttpReply ready_reply(const std::string& id, const std::string& report_json) {
  json report = json::parse(report_json, nullptr, false);
  if (report.is_discarded()) return http_error(500, "internal", "the stored report of " + id + " is not JSON");
  return json_reply(200, {{"id", id}, {"status", "ready"}, {"report", std::move(report)}});
}

// An uploaded record's id: "r" + FNV-1a of its start position and decisions, so the same game
// uploaded twice is analysed once.
std::string upload_id(const GameRecord& r) {
  const std::string text = to_text(r.start) + " " + format_moves(r.start, r.moves);
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  char buf[20];
  std::snprintf(buf, sizeof buf, "r%016llx", static_cast<unsigned long long>(h));
  return buf;
}

// The stored report of `id`, or why there is none yet: calls `missing` (on the store pool)
// when the store has none and none is being written.
void with_stored_report(Hub::Impl& impl, const std::string& id, Hub::Done done, std::function<void()> missing) {
  impl.on_store([&impl, id, done, missing] {
    std::optional<std::string> stored;
    try {
      stored = impl.store.load_report(id);
      impl.health.succeeded(StoreHealth::Op::Read);
    } catch (const StoreUnavailable& e) {
      impl.health.failed(StoreHealth::Op::Read, "reading the report of " + id, e.what());
      return done(http_error(503, "store_unavailable", StoreHealth::kClientMessage));
    }
    if (stored) return done(ready_reply(id, *stored));
    if (impl.analysis.pending(id)) return done(pending_reply(id, impl.analysis.queued()));
    missing();
  });
}

}  // namespace

HttpReply Hub::Impl::queue_report(const std::string& key, const Position& start, const std::vector<Move>& moves) {
  const auto submitted = analysis.submit(key, start, moves, [this](const std::string& k, const std::string& report) {
    on_store([this, k, report] {
      std::string why;
      if (store.save_report(k, report, &why)) health.succeeded(StoreHealth::Op::Write);
      else health.failed(StoreHealth::Op::Write, "storing the report of " + k, why);  // asked again, it is queued again
    });
  });
  switch (submitted) {
    case AnalysisPool::Submit::Queued:
    case AnalysisPool::Submit::AlreadyPending:
      return pending_reply(key, analysis.queued());
    case AnalysisPool::Submit::Full:
      return http_error(503, "analysis_busy", "too many game reports are waiting; ask again in a few minutes");
    case AnalysisPool::Submit::Stopped:
      break;
  }
  return http_error(503, "analysis_off", "this server writes no game reports");
}

bool Hub::Impl::take_upload_token() {
  std::lock_guard lock(upload_mutex);
  const auto now = std::chrono::steady_clock::now();
  const double seconds = std::chrono::duration<double>(now - upload_refill).count();
  upload_refill = now;
  upload_tokens = std::min(options.upload_burst, upload_tokens + seconds * options.upload_rate);
  if (upload_tokens < 1) return false;
  upload_tokens -= 1;
  return true;
}

void Hub::get_report(const std::string& id, Done done, const std::string& address) {
  Impl& impl = *impl_;
  with_stored_report(impl, id, done, [&impl, id, done, address] {
    with_fresh_room(impl, id, done, [&impl, id, address](Room& r) {
      if (r.game.status() != Status::Over)
        return http_error(409, "not_over", "the game is not over: a report is written when it ends");
      if (!impl.analysis.pending(id))
        if (const double wait_s = impl.report_queues.take(address); wait_s > 0)
          return http_limited("rate_limited", "too many new game reports asked from " + address, wait_s);
      return impl.queue_report(id, r.game.rules().start(), r.game.rules().moves());
    });
  });
}

void Hub::upload_report(std::string_view body, Done done) {
  if (body.size() > kMaxUploadBytes)
    return done(http_error(413, "too_large", "a record is at most " + std::to_string(kMaxUploadBytes) + " bytes"));
  std::string why;
  const auto record = read_record(body, &why);
  if (!record) return done(http_error(400, "bad_record", "the body is not a game record: " + why));
  if (record->moves.empty()) return done(http_error(400, "bad_record", "the record has no decisions"));
  if (!impl_->take_upload_token())
    return done(http_error(429, "rate_limited", "too many records uploaded for analysis; try again in a minute"));
  Impl& impl = *impl_;
  const std::string id = upload_id(*record);
  with_stored_report(impl, id, done, [&impl, id, done, start = record->start, moves = record->moves] {
    done(impl.queue_report(id, start, moves));
  });
}

void Hub::get_uploaded_report(const std::string& id, Done done) {
  if (id.size() != 17 || id[0] != 'r') return done(http_error(404, "report_not_found", "no report " + id.substr(0, 40)));
  with_stored_report(*impl_, id, done, [id, done] {
    done(http_error(404, "report_not_found", "no report " + id + ": upload its record again"));
  });
}

}  // namespace yinsh::server

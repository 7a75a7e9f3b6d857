// POST /api/test/clock {"advance_ms": N}: moves a ManualClock forward, for browser tests that
// must see a deadline pass without waiting days. Routed only when the server runs with
// `--test-clock` (docs/server.md): never on a real site. Answers {"now", "offset_ms"}.
#pragma once

#include "server/common/clock.h"
#include "server/common/http_api.h"

namespace yinsh::server {

class TestClockRoutes final : public HttpRoutes {
 public:
  explicit TestClockRoutes(ManualClock& clock) : clock_(clock) {}
  bool route(const ApiRequest& req, const HttpDone& done) override {
    if (req.path != "/api/test/clock") return false;
    if (req.method != "POST" && req.method != "GET") {
      done(http_error(405, "method_not_allowed", req.method + " is not allowed here"));
      return true;
    }
    if (req.method == "POST") {
      const auto j = nlohmann::json::parse(req.body, nullptr, false);
      const auto it = j.is_object() ? j.find("advance_ms") : j.end();
      if (!j.is_object() || it == j.end() || !it->is_number_integer() || it->get<int64_t>() < 0) {
        done(http_error(400, "bad_request", "the body must be {\"advance_ms\": N}, N >= 0"));
        return true;
      }
      clock_.advance(it->get<int64_t>());
    }
    done(HttpReply{200, {{"now", clock_.now()}, {"offset_ms", clock_.offset()}}, {}});
    return true;
  }

 private:
  ManualClock& clock_;
};

}  // namespace yinsh::server

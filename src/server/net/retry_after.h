// The Retry-After header of a refusal that passes (docs/api.md, "Errors"): a 429 and a 503
// say when to try again; a 503 that lasts (this server sends no e-mail, writes no reports)
// does not. The seconds are the body's `retry_after_s` when the refusal knows them, else the
// kind's default: 1 s for a rate limit, 5 s for a server that is busy, restarting or without
// its store (the figure the documented nginx gives while no server answers).
#pragma once

#include <optional>
#include <string>

#include "server/common/http_api.h"

namespace yinsh::server {

inline std::optional<std::string> retry_after(const HttpReply& r) {
  if (r.status != 429 && r.status != 503) return std::nullopt;
  const nlohmann::json* code = nullptr;
  if (r.body.is_object() && r.body.contains("error") && r.body["error"].is_object() && r.body["error"].contains("code"))
    code = &r.body["error"]["code"];
  if (r.status == 503 && code && (*code == "mail_disabled" || *code == "analysis_off")) return std::nullopt;
  if (r.body.is_object() && r.body.contains("retry_after_s") && r.body["retry_after_s"].is_number_integer() &&
      r.body["retry_after_s"].get<int64_t>() >= 1)
    return std::to_string(r.body["retry_after_s"].get<int64_t>());
  return r.status == 429 ? "1" : "5";
}

}  // namespace yinsh::server

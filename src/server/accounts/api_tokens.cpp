// ApiTokens (api_tokens.h): plain SQL through sql.h, one transaction per call.
#include "server/accounts/api_tokens.h"

#include <algorithm>

#include "accounts/password.h"
#include "server/store/store.h"

namespace yinsh::server {
namespace {

constexpr std::string_view kPrefix = "yinsh_";
constexpr const char* kColumns = "id, account_id, description, scopes, created_at, last_used, revoked_at";

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at < text.size()) {
    const size_t end = std::min(text.find(' ', at), text.size());
    if (end > at) out.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

std::string joined(const std::vector<std::string>& scopes) {
  std::string out;
  for (const auto& s : scopes) out += (out.empty() ? "" : " ") + s;
  return out;
}

ApiToken read_token(const SqlRow& r) {
  ApiToken t;
  t.id = sql_text(r.at(0));
  t.account = sql_text(r.at(1));
  t.description = sql_text(r.at(2));
  t.scopes = split(sql_text(r.at(3)));
  t.created_at = sql_int(r.at(4));
  t.last_used = sql_int(r.at(5));
  t.revoked_at = sql_int(r.at(6));
  return t;
}

}  // namespace

bool looks_like_api_token(std::string_view token) {
  if (token.size() != kPrefix.size() + 43 || token.substr(0, kPrefix.size()) != kPrefix) return false;
  return std::all_of(token.begin() + kPrefix.size(), token.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
}

std::optional<std::vector<std::string>> parse_scopes(const std::vector<std::string>& given, std::string* error) {
  std::vector<std::string> out;
  for (const auto& s : given) {
    if (std::find(std::begin(kTokenScopes), std::end(kTokenScopes), s) == std::end(kTokenScopes)) {
      if (error) *error = "unknown scope " + s.substr(0, 40) + " (known: bot:play, challenge:write, board:play)";
      return std::nullopt;
    }
    out.push_back(s);
  }
  if (out.empty()) {
    if (error) *error = "a token needs at least one scope";
    return std::nullopt;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool ApiToken::has(std::string_view scope) const {
  return std::find(scopes.begin(), scopes.end(), scope) != scopes.end();
}

ApiTokens::Made ApiTokens::create(const std::string& account, const std::string& description,
                                  const std::vector<std::string>& scopes, int64_t now, std::string* secret,
                                  ApiToken* made) {
  const std::string token = std::string(kPrefix) + accounts::new_session_token();
  ApiToken t;
  t.id = accounts::token_digest(accounts::new_session_token()).substr(0, 16);
  t.account = account;
  t.description = description;
  t.scopes = scopes;
  t.created_at = now;
  Made out = Made::Ok;
  store_.transact([&](Sql& q) {
    const auto live = q.run("SELECT COUNT(*) FROM api_tokens WHERE account_id=? AND revoked_at=0", {account});
    if (sql_int(live.at(0).at(0)) >= int64_t(kMaxTokensPerAccount)) return void(out = Made::TooMany);
    q.run("INSERT INTO api_tokens(digest, id, account_id, description, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?)",
          {accounts::token_digest(token), t.id, account, description, joined(scopes), now});
  });
  if (out == Made::Ok) {
    if (secret) *secret = token;
    if (made) *made = t;
  }
  return out;
}

std::vector<ApiToken> ApiTokens::list(const std::string& account) {
  std::vector<ApiToken> out;
  store_.transact([&](Sql& q) {
    for (const auto& r : q.run(std::string("SELECT ") + kColumns +
                                   " FROM api_tokens WHERE account_id=? ORDER BY created_at DESC, id",
                               {account}))
      out.push_back(read_token(r));
  });
  return out;
}

bool ApiTokens::revoke(const std::string& account, const std::string& id, int64_t now) {
  bool ok = false;
  store_.transact([&](Sql& q) {
    q.run("UPDATE api_tokens SET revoked_at=? WHERE account_id=? AND id=? AND revoked_at=0", {now, account, id});
    ok = q.changes() > 0;
  });
  return ok;
}

std::optional<ApiTokens::Found> ApiTokens::by_digest(const std::string& digest, int64_t now) {
  std::optional<ApiToken> t;
  store_.transact([&](Sql& q) {
    const auto rows = q.run(std::string("SELECT ") + kColumns + " FROM api_tokens WHERE digest=? AND revoked_at=0", {digest});
    if (rows.empty()) return;
    t = read_token(rows[0]);
    if (t->last_used == 0 || now - t->last_used > 60 * 1000) q.run("UPDATE api_tokens SET last_used=? WHERE digest=?", {now, digest});
  });
  if (!t) return std::nullopt;
  auto a = AccountStore(store_).by_id(t->account);
  if (!a || !a->active()) return std::nullopt;
  return Found{std::move(*t), std::move(*a)};
}

}  // namespace yinsh::server

// The e-mail endpoints of the account API (docs/api.md 2.1, "E-mail"): the account's address
// and its verification, the notification preferences, password reset by e-mail, and the
// one-click unsubscribe of the notifications (RFC 8058: the relay's POST carries the token in
// the query). Tokens and their lifetimes: server/mail/email_store.h.
#include "accounts/password.h"
#include "server/accounts/email_api.h"
#include "server/common/http_util.h"
#include "server/common/shapes.h"
#include "server/mail/message.h"
#include "server/store/store.h"

namespace yinsh::server {

namespace {

json email_json(const EmailSettings& s) {
  return {{"address", s.address ? json(*s.address) : json(nullptr)},
          {"verified", s.verified},
          {"prefs", {{"your_turn", s.your_turn}, {"time_low", s.time_low}, {"challenges", s.challenges}}}};
}

HttpReply ok(int status, json body) {
  HttpReply r;
  r.status = status;
  r.body = std::move(body);
  return r;
}

HttpReply bad_token() {
  return http_error(400, "link_expired", "this link is unknown, used already or expired; ask for a new one");
}

}  // namespace

bool is_email_endpoint(std::string_view what) {
  return what == "email" || what == "email/verify" || what == "notifications" || what == "password-reset" ||
         what == "password-reset/confirm" || what == "unsubscribe";
}

EmailApi::EmailApi(Store& store, AccountStore& accounts)
    : store_(store), accounts_(accounts), emails_([&store](const std::function<void(Sql&)>& w) { store.transact(w); }),
      set_rate_(5.0 / 3600, 3), reset_address_rate_(10.0 / 3600, 5), reset_account_rate_(3.0 / 3600, 2) {}

HttpReply EmailApi::serve(const ApiRequest& req, const std::string& what, const std::optional<Account>& me,
                          int64_t now, const std::function<void(const std::string&)>& sessions_ended) {
  if (what == "email" && req.method == "GET") {
    if (!me) return http_error(401, "not_logged_in", "log in first");
    return ok(200, {{"email", email_json(emails_.get(me->id))}});
  }
  if (req.method != "POST") return http_error(405, "method_not_allowed", req.method + " is not allowed here");
  if (what == "unsubscribe") {  // the token in the query (RFC 8058's POST) or in a JSON body
    std::string token = query_param(req.query, "token");
    if (token.empty()) {
      const json b = json::parse(req.body.empty() ? "{}" : req.body, nullptr, false);
      if (b.is_object() && b.contains("token") && b["token"].is_string()) token = b["token"].get<std::string>();
    }
    const auto kind = emails_.unsubscribe(token);
    if (!kind) return bad_token();
    return ok(200, {{"ok", true}, {"kind", mail_kind_name(*kind)}});
  }
  const json body = json::parse(req.body.empty() ? "{}" : req.body, nullptr, false);
  if (body.is_discarded() || !body.is_object()) return http_error(400, "bad_json", "the body must be a JSON object");
  const Fields f(body);
  const bool mail_on = mailer_ && mailer_->enabled();
  if (what == "email/verify") {
    std::optional<SpentToken> t;
    store_.transact([&](Sql& sql) {
      t = EmailStore::spend(sql, f.str("token", 100), EmailTokenKind::Verify, now);
      if (t) EmailStore::mark_verified(sql, t->account_id, now);
    });
    if (!t) return bad_token();
    const auto a = accounts_.by_id(t->account_id);
    return ok(200, {{"name", a ? a->name : ""}, {"email", email_json(emails_.get(t->account_id))}});
  }
  if (what == "password-reset/confirm") {
    const std::string token = f.str("token", 100);
    const std::string password = f.str("password", 1000);
    if (auto p = accounts::password_problem(password); !p.empty()) return http_error(400, "bad_password", p);
    const auto hash = accounts::hash_password(password);
    if (!hash) return http_error(503, "busy", "the server cannot hash a password now; try again");
    std::optional<SpentToken> t;
    store_.transact([&](Sql& sql) {
      t = EmailStore::spend(sql, token, EmailTokenKind::Reset, now);
      // A reset proves the address too.
      if (t) EmailStore::mark_verified(sql, t->account_id, now);
    });
    if (!t) return bad_token();
    const auto a = accounts_.by_id(t->account_id);
    if (!a || !a->active()) return bad_token();
    accounts_.set_password(a->id, *hash, "");  // every session ends
    sessions_ended(a->id);
    return ok(200, {{"ok", true}, {"name", a->name}});
  }
  if (what == "password-reset") {
    if (!mail_on) return http_error(503, "mail_disabled", "this server sends no e-mail");
    if (const double w = reset_address_rate_.take(req.address); w > 0)
      return http_limited("reset_limited", "too many password resets asked from your address", w);
    const std::string login = f.str("login", 254);
    std::optional<std::pair<std::string, std::string>> target;
    store_.transact([&](Sql& sql) { target = EmailStore::reset_target(sql, login); });
    // The same answer whether an account matched or not, and whether its mailbox was spared
    // (at most a few resets an hour per account, so that nobody can flood an owner's mail).
    if (target && reset_account_rate_.take(target->first) == 0) {
      const auto a = accounts_.by_id(target->first);
      store_.transact([&](Sql& sql) {
        const std::string t = EmailStore::new_token(sql, target->first, EmailTokenKind::Reset, target->second, now);
        mailer_->queue_reset(sql, a ? a->name : "", target->second, t, now);
      });
      mailer_->wake();
    }
    return ok(202, {{"ok", true}});
  }
  if (!me) return http_error(401, "not_logged_in", "log in first");
  if (what == "notifications") {
    emails_.set_preferences(me->id, f.boolean("your_turn"), f.boolean("time_low"), f.opt_bool("challenges"));
    return ok(200, {{"email", email_json(emails_.get(me->id))}});
  }
  // POST email {address}: "" removes it; a new address gets a verification mail.
  const std::string typed = f.str("address", 300);
  if (typed.empty()) {
    emails_.remove_address(me->id);
    return ok(202, {{"email", email_json(emails_.get(me->id))}});
  }
  if (!mail_on) return http_error(503, "mail_disabled", "this server sends no e-mail");
  const std::string address = normalise_address(typed);
  if (address.empty()) return http_error(400, "bad_email", "that is not an e-mail address this site can write to");
  if (const double w = set_rate_.take(me->id); w > 0)
    return http_limited("email_limited", "too many address changes for this account", w);
  store_.transact([&](Sql& sql) {
    const std::string t = EmailStore::set_address(sql, me->id, address, now);
    mailer_->queue_verify(sql, me->name, address, t, now);
  });
  mailer_->wake();
  return ok(202, {{"email", email_json(emails_.get(me->id))}});
}

}  // namespace yinsh::server

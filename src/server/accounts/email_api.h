// EmailApi: the e-mail endpoints of the account API (email_api.cpp; docs/api.md 2.1 "E-mail"),
// served by AccountsApi on its pool (password-reset/confirm on its password threads). Limits:
// 5 address changes an hour per account (burst 3), 10 reset requests an hour per client
// address (burst 5), and at most 3 reset mails an hour to one account (burst 2; beyond, the
// answer is the same and no mail goes).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "server/accounts/accounts_store.h"
#include "server/common/http_api.h"
#include "server/common/key_rate.h"
#include "server/mail/email_store.h"
#include "server/mail/mailer.h"

namespace yinsh::server {

class Store;

// email, email/verify, notifications, password-reset, password-reset/confirm, unsubscribe
bool is_email_endpoint(std::string_view what);

class EmailApi {
 public:
  EmailApi(Store& store, AccountStore& accounts);
  // Without a mailer (or one with no relay) addresses cannot be added nor resets asked (503
  // mail_disabled); the rest works. Set before serving; it must outlive the API.
  void set_mailer(Mailer* mailer) { mailer_ = mailer; }
  // `what`: the path after /api/account/; `me`: the session's account, if any;
  // `sessions_ended(account)`: a reset ended every session of the account.
  HttpReply serve(const ApiRequest& req, const std::string& what, const std::optional<Account>& me, int64_t now,
                  const std::function<void(const std::string&)>& sessions_ended);

 private:
  Store& store_;
  AccountStore& accounts_;
  EmailStore emails_;
  Mailer* mailer_ = nullptr;
  KeyRate set_rate_, reset_address_rate_, reset_account_rate_;
};

}  // namespace yinsh::server

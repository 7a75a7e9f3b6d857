// Revocation (hub.h, Hub::account_changed): an account's open connections follow its sessions
// and its state. The accounts API calls account_changed when it ends a session here; a timer
// calls it for every account every HubOptions::session_check_ms, for changes made elsewhere
// (the admin command on the database, another server). Each check asks the resolver (the
// accounts API, on its pool) for the identity behind each connection's session now, and then:
//   - the session ended, or the account is closed or deleted: the connection is marked revoked
//     (on_message refuses everything from then on) and closed with code 1008;
//   - the mute, the role or the bot mark changed: the connection's identity changes under its
//     mutex, and the next chat, chat removal or challenge acts on it.
#include <boost/asio/steady_timer.hpp>

#include "server/hub/room.h"

namespace yinsh::server {

void Hub::set_session_resolver(SessionResolver* resolver) { impl_->resolver = resolver; }

void Hub::account_changed(const std::string& account) {
  std::vector<std::shared_ptr<Client>> clients;
  {
    std::lock_guard lock(impl_->accounts_mutex);
    auto [first, last] = account.empty() ? std::pair(impl_->account_clients.begin(), impl_->account_clients.end())
                                         : impl_->account_clients.equal_range(account);
    for (auto it = first; it != last; ++it)
      if (auto c = it->second.lock(); c && !c->revoked) clients.push_back(std::move(c));
  }
  impl_->recheck(std::move(clients));
}

void Hub::Impl::recheck(std::vector<std::shared_ptr<Hub::Client>> clients) {
  if (clients.empty() || !resolver) return;
  std::vector<Identity> held;
  held.reserve(clients.size());
  for (const auto& c : clients) held.push_back(c->identity());
  resolver->recheck(held, [clients = std::move(clients), held](std::vector<Identity> now) {
    for (size_t i = 0; i < clients.size() && i < now.size(); ++i) {
      Hub::Client& c = *clients[i];
      if (now[i].account != held[i].account) {
        if (c.revoked.exchange(true)) continue;
        if (auto out = c.out.lock()) out->end("session ended");
        continue;
      }
      std::lock_guard lock(c.mutex);
      c.who.muted = now[i].muted;
      c.who.role = now[i].role;
      c.who.bot = now[i].bot;  // upgraded to a bot while connected
    }
  });
}

void Hub::Impl::check_sessions() {
  if (stopped || options.session_check_ms <= 0) return;
  std::vector<std::shared_ptr<Hub::Client>> clients;
  {
    std::lock_guard lock(accounts_mutex);
    for (auto it = account_clients.begin(); it != account_clients.end();) {
      if (auto c = it->second.lock()) {
        if (!c->revoked) clients.push_back(std::move(c));
        ++it;
      } else {
        it = account_clients.erase(it);
      }
    }
  }
  recheck(std::move(clients));
  session_timer.expires_after(std::chrono::milliseconds(options.session_check_ms));
  session_timer.async_wait([this](boost::system::error_code ec) {
    if (!ec) check_sessions();
  });
}

}  // namespace yinsh::server

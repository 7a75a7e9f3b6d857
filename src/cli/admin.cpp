// yinsh admin: moderation from the command line, on the server's database (also while a
// server runs on it: SQLite in WAL mode, or PostgreSQL). Every action is written to the
// database's moderation_log with the actor "cli", in the same transaction as the change.
//   yinsh admin grant NAME --db DB      make NAME an admin (revoke: take it back)
//   yinsh admin close NAME --db DB      close the account (its sessions end; reopen: undo)
//   yinsh admin mute NAME --db DB       forbid NAME to chat (unmute: undo)
//   yinsh admin log --db DB             the moderation log, newest first
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <iostream>

#include "accounts/username.h"
#include "commands.h"
#include "server/accounts/accounts_store.h"
#include "server/store/store.h"

namespace yinsh::cli {

namespace {

int64_t wall_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// Runs `action` on the account named `typed`; prints what happened; the exit code.
int on_account(const std::string& db, const std::string& typed, const std::string& done,
               const std::function<bool(server::AccountStore&, const std::string& key)>& action) {
  std::string error;
  const auto name = accounts::parse_username(typed, &error);
  if (!name) {
    std::cerr << "error: " << typed << ": " << error << "\n";
    return 2;
  }
  auto store = server::open_store(db, &error);
  if (!store) {
    std::cerr << "error: " << error << "\n";
    return 1;
  }
  server::AccountStore accounts(*store);
  try {
    if (!action(accounts, name->key)) {
      std::cerr << "error: no account " << name->display << "\n";
      return 1;
    }
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  std::cout << name->display << ": " << done << "\n";
  return 0;
}

}  // namespace

void add_admin_command(CLI::App& app) {
  auto* admin = app.add_subcommand("admin", "Moderation: admin role, closing accounts, muting (logged)");
  admin->require_subcommand(1);
  struct Args {
    std::string db, name;
  };
  auto args = std::make_shared<Args>();
  struct Verb {
    const char *name, *help, *done;
    std::function<bool(server::AccountStore&, const std::string&)> run;
  };
  const std::vector<Verb> verbs = {
      {"grant", "Make an account an admin", "is an admin",
       [](auto& a, const auto& k) { return a.set_role(k, "admin", "cli", wall_ms()); }},
      {"revoke", "Take the admin role back", "is no longer an admin",
       [](auto& a, const auto& k) { return a.set_role(k, "player", "cli", wall_ms()); }},
      {"close", "Close an account (it can no longer log in; its sessions end)", "closed",
       [](auto& a, const auto& k) { return a.set_closed(k, true, "cli", wall_ms()); }},
      {"reopen", "Reopen a closed account", "reopened",
       [](auto& a, const auto& k) { return a.set_closed(k, false, "cli", wall_ms()); }},
      {"mute", "Forbid an account to chat", "muted",
       [](auto& a, const auto& k) { return a.set_muted(k, true, "cli", wall_ms()); }},
      {"unmute", "Allow an account to chat again", "unmuted",
       [](auto& a, const auto& k) { return a.set_muted(k, false, "cli", wall_ms()); }},
  };
  for (const Verb& v : verbs) {
    auto* cmd = admin->add_subcommand(v.name, v.help);
    cmd->add_option("name", args->name, "The account's name")->required();
    cmd->add_option("--db", args->db, "The server's database (SQLite file or PostgreSQL connection string)")
        ->required();
    cmd->callback([args, v] { std::exit(on_account(args->db, args->name, v.done, v.run)); });
  }
  auto* log = admin->add_subcommand("log", "Print the moderation log, newest first");
  log->add_option("--db", args->db, "The server's database")->required();
  log->callback([args] {
    std::string error;
    auto store = server::open_store(args->db, &error);
    if (!store) {
      std::cerr << "error: " << error << "\n";
      std::exit(1);
    }
    for (const auto& l : server::AccountStore(*store).moderation_log(1000)) {
      const std::time_t t = std::time_t(l.at / 1000);
      char when[32];
      std::strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", std::gmtime(&t));
      std::cout << when << "Z " << l.actor << " " << l.action << " " << l.target
                << (l.detail.empty() ? "" : " " + l.detail) << "\n";
    }
    std::exit(0);
  });
}

}  // namespace yinsh::cli

// AccountStore (accounts_store.h): plain SQL through sql.h, one transaction per call.
#include "server/accounts/accounts_store.h"

#include "accounts/password.h"
#include "accounts/username.h"
#include "server/wire/events.h"
#include "server/store/store.h"

namespace yinsh::server {
namespace {

constexpr const char* kColumns = "id, name, name_key, role, muted, closed, deleted, password, created_at, bot";

Account read_account(const SqlRow& r) {
  Account a;
  a.id = sql_text(r.at(0));
  a.name = sql_text(r.at(1));
  a.key = sql_text(r.at(2));
  a.role = sql_text(r.at(3));
  a.muted = sql_int(r.at(4)) != 0;
  a.closed = sql_int(r.at(5)) != 0;
  a.deleted = sql_int(r.at(6)) != 0;
  a.password = sql_text(r.at(7));
  a.created_at = sql_int(r.at(8));
  a.bot = sql_int(r.at(9)) != 0;
  return a;
}

std::optional<Account> one(Sql& q, const std::string& where, const std::string& value) {
  const auto rows = q.run(std::string("SELECT ") + kColumns + " FROM accounts WHERE " + where + "=?", {value});
  if (rows.empty()) return std::nullopt;
  return read_account(rows[0]);
}

std::string new_id() { return accounts::token_digest(accounts::new_session_token()).substr(0, 20); }

// The seat (0 white, 1 black) of `token` among the game's Joined events, or -1.
int seat_of(Sql& q, const std::string& game, const std::string& token) {
  for (const auto& row : q.run("SELECT version, body FROM events WHERE game_id=? AND body LIKE '%\"joined\"%'", {game})) {
    try {
      const Event e = parse_event_body(sql_text(row.at(1)), sql_int(row.at(0)));
      const auto* j = std::get_if<ev::Joined>(&e.body);
      if (j && j->kind == SeatKind::Human && !j->token.empty() && j->token == token) return j->seat == WHITE ? 0 : 1;
    } catch (const std::exception&) {
    }
  }
  return -1;
}

// Whether an account has `skeleton` under today's look-alike rule (accounts/username.h). A
// row whose skeleton an earlier rule made (6 read as b until it made Player6 and Player8 one
// name) is brought up to date when met, so an old skeleton never refuses a name the rule now
// allows. Each rule since is finer than the one before, so the update never meets the UNIQUE
// constraint.
bool skeleton_taken(Sql& q, const std::string& skeleton) {
  bool taken = false;
  for (const auto& r : q.run("SELECT id, name FROM accounts WHERE skeleton=?", {skeleton})) {
    const std::string today = accounts::skeleton_of(sql_text(r.at(1)));
    if (today == skeleton) taken = true;
    else q.run("UPDATE accounts SET skeleton=? WHERE id=?", {today, sql_text(r.at(0))});
  }
  return taken;
}

}  // namespace

AccountStore::Created AccountStore::create(const accounts::Username& name, const std::string& password_hash,
                                           int64_t now, std::string* id) {
  const std::string fresh = new_id();
  Created out = Created::Ok;
  try {
    store_.transact([&](Sql& q) {
    // Checked first for the answer; the UNIQUE constraints below settle races.
    if (!q.run("SELECT 1 FROM accounts WHERE name_key=?", {name.key}).empty()) return void(out = Created::Taken);
    if (skeleton_taken(q, name.skeleton)) return void(out = Created::LookAlike);
    q.run("INSERT INTO accounts(id, name, name_key, skeleton, password, created_at) VALUES (?, ?, ?, ?, ?, ?)",
          {fresh, name.display, name.key, name.skeleton, password_hash, now});
    });
  } catch (const UniqueViolation&) {  // another registration of the name or a look-alike won the race
    return by_key(name.key) ? Created::Taken : Created::LookAlike;
  }
  if (out == Created::Ok && id) *id = fresh;
  return out;
}

std::optional<Account> AccountStore::by_key(const std::string& key) {
  std::optional<Account> a;
  store_.transact([&](Sql& q) { a = one(q, "name_key", key); });
  return a;
}

bool AccountStore::name_in_use(const std::string& typed) {
  const auto name = accounts::parse_username(typed, nullptr);
  if (!name) return false;
  bool used = false;
  store_.transact([&](Sql& q) {
    used = !q.run("SELECT 1 FROM accounts WHERE name_key=?", {name->key}).empty() || skeleton_taken(q, name->skeleton);
  });
  return used;
}

std::optional<Account> AccountStore::by_id(const std::string& id) {
  std::optional<Account> a;
  store_.transact([&](Sql& q) { a = one(q, "id", id); });
  return a;
}

void AccountStore::add_session(const std::string& digest, const std::string& account, int64_t now) {
  store_.transact([&](Sql& q) {
    q.run("INSERT INTO sessions(digest, account_id, created_at, last_seen) VALUES (?, ?, ?, ?)",
          {digest, account, now, now});
  });
}

std::optional<Account> AccountStore::by_session(const std::string& digest, int64_t now) {
  std::optional<Account> a;
  store_.transact([&](Sql& q) {
    const auto rows = q.run("SELECT account_id, last_seen FROM sessions WHERE digest=?", {digest});
    if (rows.empty()) return;
    const int64_t last = sql_int(rows[0].at(1));
    if (now - last > kSessionIdleMs) {
      q.run("DELETE FROM sessions WHERE digest=?", {digest});
      return;
    }
    a = one(q, "id", sql_text(rows[0].at(0)));
    if (a && !a->active()) a.reset();
    if (a && now - last > 3600 * 1000) q.run("UPDATE sessions SET last_seen=? WHERE digest=?", {now, digest});
  });
  return a;
}

void AccountStore::end_session(const std::string& digest) {
  store_.transact([&](Sql& q) { q.run("DELETE FROM sessions WHERE digest=?", {digest}); });
}

int AccountStore::end_sessions(const std::string& account, const std::string& keep) {
  int n = 0;
  store_.transact([&](Sql& q) {
    q.run("DELETE FROM sessions WHERE account_id=? AND digest<>?", {account, keep});
    n = int(q.changes());
  });
  return n;
}

void AccountStore::set_password(const std::string& account, const std::string& hash, const std::string& keep_session) {
  store_.transact([&](Sql& q) {
    q.run("UPDATE accounts SET password=? WHERE id=?", {hash, account});
    q.run("DELETE FROM sessions WHERE account_id=? AND digest<>?", {account, keep_session});
  });
}

bool AccountStore::remove(const std::string& account, int64_t now) {
  bool ok = false;
  store_.transact([&](Sql& q) {
    const auto a = one(q, "id", account);
    if (!a || a->deleted) return;
    q.run("DELETE FROM sessions WHERE account_id=?", {account});
    q.run("UPDATE api_tokens SET revoked_at=? WHERE account_id=? AND revoked_at=0", {now, account});
    q.run("DELETE FROM ratings WHERE account_id=?", {account});
    q.run("DELETE FROM puzzle_attempts WHERE account_id=?", {account});
    q.run("DELETE FROM puzzle_ratings WHERE account_id=?", {account});
    q.run("UPDATE accounts SET password='', deleted=1, muted=0, role='player' WHERE id=?", {account});
    for (const char* color : {"white", "black"}) {
      const std::string col = std::string(color) + "_account";
      // The name in the log: the Joined events of the account's seats.
      for (const auto& g : q.run("SELECT id FROM games WHERE " + col + "=?", {account})) {
        const std::string game = sql_text(g.at(0));
        for (const auto& row :
             q.run("SELECT version, body FROM events WHERE game_id=? AND body LIKE '%\"joined\"%'", {game})) {
          Event e = parse_event_body(sql_text(row.at(1)), sql_int(row.at(0)));
          auto* j = std::get_if<ev::Joined>(&e.body);
          if (!j || color_name(j->seat) != std::string_view(color)) continue;
          j->name = "deleted";
          q.run("UPDATE events SET body=? WHERE game_id=? AND version=?", {event_body(e), game, e.version});
        }
      }
      q.run("UPDATE games SET " + std::string(color) + "='deleted' WHERE " + col + "=?", {account});
    }
    q.run("INSERT INTO moderation_log(id, at, actor, action, target, detail) VALUES (?, ?, ?, 'delete', ?, '')",
          {new_id(), now, a->key, a->key});
    ok = true;
  });
  return ok;
}

int AccountStore::claim_seats(const std::string& account, const std::vector<SeatClaim>& seats) {
  int n = 0;
  store_.transact([&](Sql& q) {
    for (const auto& s : seats) {
      const int seat = seat_of(q, s.game, s.token);
      if (seat < 0) continue;
      const std::string col = seat == 0 ? "white_account" : "black_account";
      const std::string other = seat == 0 ? "black_account" : "white_account";
      // Not both seats of one game (a guest who played itself keeps one).
      q.run("UPDATE games SET " + col + "=? WHERE id=? AND " + col + " IS NULL AND (" + other + " IS NULL OR " + other +
                "<>?)",
            {account, s.game, account});
      n += int(q.changes());
    }
  });
  return n;
}

bool AccountStore::set_flag(const std::string& key, const std::string& column, const std::string& value,
                            const std::string& actor, const std::string& action, int64_t now) {
  bool ok = false;
  store_.transact([&](Sql& q) {
    q.run("UPDATE accounts SET " + column + "=? WHERE name_key=? AND deleted=0", {value, key});
    if (q.changes() == 0) return;
    q.run("INSERT INTO moderation_log(id, at, actor, action, target, detail) VALUES (?, ?, ?, ?, ?, ?)",
          {new_id(), now, actor, action, key, value});
    ok = true;
  });
  return ok;
}

bool AccountStore::set_role(const std::string& key, const std::string& role, const std::string& actor, int64_t now) {
  return set_flag(key, "role", role, actor, "role", now);
}
bool AccountStore::set_closed(const std::string& key, bool closed, const std::string& actor, int64_t now) {
  const bool ok = set_flag(key, "closed", closed ? "1" : "0", actor, closed ? "close" : "reopen", now);
  if (ok && closed)
    store_.transact([&](Sql& q) {
      q.run("DELETE FROM sessions WHERE account_id IN (SELECT id FROM accounts WHERE name_key=?)", {key});
    });
  return ok;
}
bool AccountStore::set_muted(const std::string& key, bool muted, const std::string& actor, int64_t now) {
  return set_flag(key, "muted", muted ? "1" : "0", actor, muted ? "mute" : "unmute", now);
}

void AccountStore::log(const std::string& actor, const std::string& action, const std::string& target,
                       const std::string& detail, int64_t now) {
  store_.transact([&](Sql& q) {
    q.run("INSERT INTO moderation_log(id, at, actor, action, target, detail) VALUES (?, ?, ?, ?, ?, ?)",
          {new_id(), now, actor, action, target, detail});
  });
}

std::vector<AccountStore::LogLine> AccountStore::moderation_log(int limit) {
  std::vector<LogLine> out;
  store_.transact([&](Sql& q) {
    for (const auto& r : q.run("SELECT at, actor, action, target, detail FROM moderation_log ORDER BY at DESC, id LIMIT ?",
                               {int64_t(limit)}))
      out.push_back({sql_int(r.at(0)), sql_text(r.at(1)), sql_text(r.at(2)), sql_text(r.at(3)), sql_text(r.at(4))});
  });
  return out;
}

std::optional<ApiError> guest_name_refusal(Store& store, const std::string& name) {
  if (passes_for_computer(name)) return ApiError{"name_reserved", "the name " + name + " is the computer's; choose another"};
  try {
    if (!AccountStore(store).name_in_use(name)) return std::nullopt;
  } catch (const StoreUnavailable&) {
    return std::nullopt;
  }
  return ApiError{"name_taken", "the name " + name + " belongs to an account: log in as it, or choose another"};
}

}  // namespace yinsh::server

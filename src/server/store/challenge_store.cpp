#include "server/store/challenge_store.h"

namespace yinsh::server {

namespace {

constexpr const char* kColumns =
    "id, from_account, to_account, from_name, variant, days, rated, body, created_at, expires_at";

StoredChallenge row_of(const SqlRow& r) {
  StoredChallenge c;
  c.id = sql_text(r[0]);
  c.from_account = sql_text(r[1]);
  c.to_account = sql_text(r[2]);
  c.from_name = sql_text(r[3]);
  c.variant = sql_text(r[4]);
  c.days = sql_int(r[5]);
  c.rated = sql_int(r[6]) != 0;
  c.body = sql_text(r[7]);
  c.created_at = sql_int(r[8]);
  c.expires_at = sql_int(r[9]);
  return c;
}

}  // namespace

StoreChallenge store_challenge(Store& store, const StoredChallenge& c, int64_t now) {
  StoreChallenge out = StoreChallenge::Stored;
  try {
    store.transact([&](Sql& q) {
      q.run("DELETE FROM stored_challenges WHERE expires_at <= ?", {now});
      const auto held = q.run("SELECT to_account FROM stored_challenges WHERE from_account = ?", {c.from_account});
      for (const auto& r : held)
        if (sql_text(r[0]) == c.to_account) return void(out = StoreChallenge::AlreadyWaiting);
      if (int(held.size()) >= kMaxStoredChallenges) return void(out = StoreChallenge::TooMany);
      q.run(std::string("INSERT INTO stored_challenges (") + kColumns + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            {c.id, c.from_account, c.to_account, c.from_name, c.variant, c.days, int64_t(c.rated), c.body,
             c.created_at, c.expires_at});
    });
  } catch (const UniqueViolation&) {  // the same pair stored at once by another server
    out = StoreChallenge::AlreadyWaiting;
  }
  return out;
}

std::vector<StoredChallenge> load_stored_challenges(Store& store, const std::vector<std::string>& accounts,
                                                    int64_t now) {
  std::vector<StoredChallenge> out;
  if (accounts.empty()) return out;
  std::string marks;
  std::vector<SqlValue> params{now};
  for (int side = 0; side < 2; ++side)
    for (const auto& a : accounts) {
      if (side == 0) marks += marks.empty() ? "?" : ", ?";
      params.emplace_back(a);
    }
  store.transact([&](Sql& q) {
    const auto rows = q.run(std::string("SELECT ") + kColumns + " FROM stored_challenges WHERE expires_at > ? AND (" +
                                "from_account IN (" + marks + ") OR to_account IN (" + marks + ")) AND NOT EXISTS "
                                "(SELECT 1 FROM accounts a WHERE a.id IN (from_account, to_account) AND "
                                "(a.closed = 1 OR a.deleted = 1)) ORDER BY created_at",
                            params);
    for (const auto& r : rows) out.push_back(row_of(r));
  });
  return out;
}

std::optional<StoredChallenge> take_stored_challenge(Store& store, const std::string& id, const std::string& account,
                                                     bool as_challenger, int64_t now) {
  std::optional<StoredChallenge> out;
  const std::string side = as_challenger ? "from_account" : "to_account";
  store.transact([&](Sql& q) {
    const auto rows = q.run(std::string("SELECT ") + kColumns + " FROM stored_challenges WHERE id = ? AND " + side +
                                " = ? AND expires_at > ?",
                            {id, account, now});
    if (rows.empty()) return;
    q.run("DELETE FROM stored_challenges WHERE id = ?", {id});
    if (q.changes() == 1) out = row_of(rows[0]);  // else another answer deleted it first
  });
  return out;
}

}  // namespace yinsh::server

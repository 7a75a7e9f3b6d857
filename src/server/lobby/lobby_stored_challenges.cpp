// Challenges stored for accounts that are offline (lobby.h; store/challenge_store.h). A
// correspondence challenge from an account to an account connected to no server of the site
// is not refused: it is stored, and the challenger is told it waits (`challenge_stored`). Every
// server keeps in memory (stored_) the stored challenges sent or received by the accounts
// connected to it: read when an account's first connection opens here, and read again every
// kStoredReadMs for all of them, which also drops those answered on another server or
// expired. The challenged account sees it in its lobby view and by a `challenged` message (the
// bell), wherever and whenever it connects; the mailer mails it (server/mail). Answering it
// first deletes its row (take_stored_challenge), so exactly one answer counts. The challenger
// may be connected nowhere when it is accepted: the game is made with its account's seat, and
// it is told by a notice (challenge_accepted, or challenge_declined) wherever it is connected.
// A game that cannot be made (the acceptor's error says why) puts the challenge back.
#include "core/notation.h"
#include "server/common/ids.h"
#include "server/lobby/lobby.h"
#include "server/store/challenge_store.h"

namespace yinsh::server {

namespace {

std::optional<Challenge> challenge_of(const StoredChallenge& s) {
  auto c = challenge_from_row(json::parse(s.body, nullptr, false), "");
  if (!c || c->id != s.id) return std::nullopt;  // a body this server cannot read: not shown
  c->stored = true;
  return c;
}

constexpr int64_t kStoredDays = kStoredChallengeMs / kDayMs;

StoredChallenge stored_row(const Challenge& c) {
  return {c.id,
          c.from.account(),
          c.to_key.substr(2),
          c.from.name,
          std::string(to_string(c.kind.variant)),
          challenge_row(c).dump(),
          c.kind.clock ? c.kind.clock->days() : 0,
          c.rated,
          c.created_at,
          c.created_at + kStoredChallengeMs};
}

}  // namespace

void Lobby::store_offline(Challenge made, const json& id, const std::shared_ptr<LobbyClient>& c) {
  made.id = "s" + new_token().substr(0, 16);
  made.stored = true;
  made.from.address.clear();  // what the store keeps of the challenger: its account, name and rating
  made.from.conn.clear();
  made.from.server.clear();
  const StoredChallenge row = stored_row(made);
  std::optional<StoreChallenge> r;
  try {
    r = store_challenge(hub_.game_store(), row, hub_.now());
  } catch (const std::exception&) {
  }
  std::lock_guard lock(mutex_);
  const json name = {{"name", made.to}};
  if (!r) return c->send(out::Error{0, "store_unavailable", "the challenge could not be stored: try again later", id});
  if (*r == StoreChallenge::TooMany)
    return c->send(out::Error{0, "too_many_open",
                              "you have " + std::to_string(kMaxStoredChallenges) +
                                  " challenges waiting for players who are away: cancel one or wait",
                              id, {{"max", kMaxStoredChallenges}}});
  if (*r == StoreChallenge::AlreadyWaiting)
    return c->send(out::Error{0, "challenge_waiting", "your challenge to " + made.to + " waits for an answer already", id,
                              name});
  stored_[made.id] = made;
  c->send(out::Info{0,
                    made.to + " is not online: the challenge waits for them (" + std::to_string(kStoredDays) + " days)",
                    "challenge_stored", {{"name", made.to}, {"days", kStoredDays}}});
  c->challenge_made(to_json(made, true), id);
  publish_from(c->key);
}

void Lobby::load_stored(const std::string& account) {
  const bool all = account.empty();
  std::vector<std::string> accounts;
  if (all) {
    for (const auto& [a, conns] : accounts_) accounts.push_back(a);
    answered_stored_.clear();  // this read begins after their rows were deleted
  } else
    accounts.push_back(account);
  if (accounts.empty()) {
    if (!stored_.empty()) stored_.clear(), publish();
    return;
  }
  hub_.post_store_work([this, accounts = std::move(accounts), account, all] {
    std::vector<StoredChallenge> rows;
    try {
      rows = load_stored_challenges(hub_.game_store(), accounts, hub_.now());
    } catch (const std::exception&) {
      return;  // read again at the next round
    }
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    std::map<std::string, Challenge> read;
    for (const auto& r : rows)
      if (auto ch = challenge_of(r); ch && !answered_stored_.count(ch->id)) read.emplace(ch->id, std::move(*ch));
    bool changed = false;
    if (all)  // gone from the store (answered elsewhere, expired), or no account of it is here now
      changed = std::erase_if(stored_, [&](const auto& kv) {
                  if (read.count(kv.first)) return false;
                  withdrawn(kv.second);
                  return true;
                }) > 0;
    for (auto& [cid, ch] : read) {
      // New here, or (a first connection's read) to the account that just came: told.
      const bool known = stored_.count(cid) > 0;
      if (!known || (!all && ch.to_key == "a:" + account)) notify(ch);
      if (known) continue;
      stored_.emplace(cid, std::move(ch));
      changed = true;
    }
    if (changed) publish();
  });
}

void Lobby::answer_stored(const std::shared_ptr<LobbyClient>& c, const Seeker& who, const std::string& target, Answer a,
                          const json& id) {
  hub_.post_store_work([this, c, who, target, a, id] {
    std::optional<StoredChallenge> row;
    bool failed = false;
    try {
      row = take_stored_challenge(hub_.game_store(), target, who.account(), a == Answer::Cancel, hub_.now());
    } catch (const std::exception&) {
      failed = true;
    }
    std::lock_guard lock(mutex_);
    if (failed) return c->send(out::Error{0, "store_unavailable", "the challenge could not be answered: try again later", id});
    stored_.erase(target);
    answered_stored_.insert(target);
    answer_taken(c, who, target, row ? challenge_of(*row) : std::nullopt, a, id);
  });
}

Lobby::Made Lobby::stored_made(const Challenge& taken) {
  return [this, taken](const std::string& game, Color seat) {
    if (!game.empty()) {
      hub_.send_notice(taken.from.account(), out::Notice{"challenge_accepted", game, seat, taken.to, "", "", hub_.now()});
      return;
    }
    try {  // on the store pool: back as it was (it expires when it would have)
      if (store_challenge(hub_.game_store(), stored_row(taken), hub_.now()) != StoreChallenge::Stored) return;
    } catch (const std::exception&) {
      return;
    }
    std::lock_guard lock(mutex_);
    answered_stored_.erase(taken.id);
    if (stopped_ || !stored_.emplace(taken.id, taken).second) return;
    notify(taken);
    publish();
  };
}

}  // namespace yinsh::server

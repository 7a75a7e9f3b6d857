// The notifications the mailer finds in the store (mailer.h): "your turn" and "time running
// out" in correspondence games, and challenges stored for an account that was offline, each
// batched into one mail per player per look.
#include <algorithm>
#include <map>

#include "server/common/ids.h"
#include "server/mail/mailer.h"

namespace yinsh::server {

namespace {

constexpr int64_t kDayMs = 24LL * 3600 * 1000;
constexpr int64_t kKeysKeptMs = 60 * kDayMs;

std::string time_left(int64_t ms) {
  if (ms <= 0) return "no time";
  const int64_t minutes = ms / 60000, hours = minutes / 60, days = hours / 24;
  if (days > 0) return std::to_string(days) + (days == 1 ? " day " : " days ") + std::to_string(hours % 24) + " h";
  if (hours > 0) return std::to_string(hours) + " h " + std::to_string(minutes % 60) + " min";
  return std::to_string(std::max<int64_t>(1, minutes)) + " min";
}

struct Waiting {
  std::string game, opponent, key;
  int64_t left = 0;
};

struct Recipient {
  std::string account, name, address, unsub_key;
  std::vector<Waiting> games;
};

// Exactly once across servers: the key's primary key lets one transaction write it. Whether this
// one did (and so queues the notification).
bool take_mail_key(Sql& sql, const std::string& key, int64_t now) {
  sql.run("INSERT INTO mail_keys(id, at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING", {key, now});
  return sql.changes() == 1;
}

// A notification's one-click unsubscribe: the List-Unsubscribe URL, and the body's last lines
// saying which mails (`what`) are on and the link that turns them off.
void add_unsubscribe(MailText& m, const std::string& site_url, const std::string& account, MailKind kind,
                     const std::string& unsub_key, const char* what) {
  const std::string token = EmailStore::unsubscribe_token(account, kind, unsub_key);
  m.unsubscribe_url = site_url + "/api/account/unsubscribe?token=" + token;
  m.body += std::string("\n-- \nYou get this mail because ") + what +
            " are on for your YINSH account. Turn them off with one click: " + site_url + "/account#unsubscribe=" +
            token + "\n";
}

}  // namespace

int Mailer::notify_now() {
  return queue_notifications(MailKind::YourTurn) + queue_notifications(MailKind::TimeLow) + queue_challenge_mails();
}

int Mailer::queue_challenge_mails() {
  const int64_t now = clock_.now();  // the challenges' expiry is on the games' clock
  int queued = 0;
  struct Challenged {
    std::string name, address, unsub_key, first_from;
    int64_t waits_days = 0;  // how long a challenge waits for an answer
    std::vector<std::string> lines;
  };
  tx_([&](Sql& sql) {
    const auto rows = sql.run(
        "SELECT c.id, c.from_name, c.days, c.rated, c.variant, e.account_id, e.address, e.unsub_key, a.name, "
        "c.expires_at - c.created_at "
        "FROM stored_challenges c JOIN account_email e ON e.account_id = c.to_account "
        "JOIN accounts a ON a.id = e.account_id LEFT JOIN mail_keys k ON k.id = 'challenge:' || c.id "
        "WHERE c.expires_at > ? AND e.verified_at IS NOT NULL AND e.challenges = 1 AND a.deleted = 0 "
        "AND a.closed = 0 AND k.id IS NULL ORDER BY c.created_at",
        {now});
    std::map<std::string, Challenged> to;
    for (const auto& r : rows) {
      const std::string key = "challenge:" + sql_text(r[0]);
      if (!take_mail_key(sql, key, now)) continue;  // another server queued it
      Challenged& who = to[sql_text(r[5])];
      who.address = sql_text(r[6]);
      who.unsub_key = sql_text(r[7]);
      who.name = sql_text(r[8]);
      const int64_t days = sql_int(r[2]);
      if (who.lines.empty()) who.first_from = sql_text(r[1]);
      who.waits_days = sql_int(r[9]) / kDayMs;
      who.lines.push_back("  from " + sql_text(r[1]) + ": " + std::to_string(days) + (days == 1 ? " day" : " days") +
                          " per move, " + (sql_int(r[3]) ? "rated" : "casual") +
                          (sql_text(r[4]) == "blitz" ? ", blitz (one row wins)" : "") + "\n");
    }
    const int64_t wall = now_ms();
    for (auto& [account, who] : to) {
      const size_t n = who.lines.size();
      MailText m;
      m.to = who.address;
      m.subject = n == 1 ? who.first_from + " challenges you to a game of YINSH"
                         : std::to_string(n) + " players challenge you to games of YINSH";
      m.body = "Hello " + who.name + ",\n\n" +
               (n == 1 ? std::string("a player challenges you to a correspondence game:")
                       : std::string("players challenge you to correspondence games:")) +
               "\n\n";
      for (const auto& line : who.lines) m.body += line;
      m.body += "\nAccept or decline in the lobby: " + options_.site_url + "/\nA challenge waits " +
                std::to_string(who.waits_days) + " days for an answer.\n";
      add_unsubscribe(m, options_.site_url, account, MailKind::Challenge, who.unsub_key, "challenge mails");
      Outbox::add(sql, who.address, MailKind::Challenge, wall, [&](const std::string& mid) { return compose(m, mid, wall); });
      ++queued;
    }
  });
  if (queued > 0) wake();
  return queued;
}

int Mailer::queue_notifications(MailKind kind) {
  const int64_t now = clock_.now();  // the games' time
  const bool turn = kind == MailKind::YourTurn;
  int queued = 0;
  tx_([&](Sql& sql) {
    // The seat to move's account, with a verified address and this kind on; games that have
    // no key of this kind at this ply yet.
    const std::string prefix = turn ? "turn:" : "low:";
    const auto rows = sql.run(
        std::string("SELECT g.id, g.ply, g.deadline, g.base_ms, g.to_move, g.white, g.black, e.account_id, "
                    "e.address, e.unsub_key, a.name FROM games g "
                    "JOIN account_email e ON e.account_id = CASE WHEN g.to_move='white' THEN g.white_account "
                    "ELSE g.black_account END JOIN accounts a ON a.id = e.account_id "
                    "LEFT JOIN mail_keys k ON k.id = ? || g.id || ':' || g.ply "
                    "WHERE g.status='active' AND g.deadline IS NOT NULL AND g.to_move IS NOT NULL "
                    "AND e.verified_at IS NOT NULL AND a.deleted=0 AND k.id IS NULL AND ") +
            (turn ? "e.your_turn=1 AND g.updated_at <= ?" : "e.time_low=1 AND g.deadline > ?"),
        {prefix, turn ? now - options_.turn_delay_ms : now});
    std::map<std::string, Recipient> to;
    for (const auto& r : rows) {
      const int64_t deadline = sql_int(r[2]), base = sql_int(r[3]);
      const int64_t left = deadline - now;
      if (!turn && left > std::min(kDayMs, base / 2)) continue;
      const std::string key = prefix + sql_text(r[0]) + ":" + sql_text(r[1]);
      if (!take_mail_key(sql, key, now)) continue;
      Recipient& who = to[sql_text(r[7])];
      who.account = sql_text(r[7]);
      who.address = sql_text(r[8]);
      who.unsub_key = sql_text(r[9]);
      who.name = sql_text(r[10]);
      who.games.push_back({sql_text(r[0]), sql_text(sql_text(r[4]) == "white" ? r[6] : r[5]), key, left});
    }
    const int64_t wall = now_ms();
    for (auto& [id, who] : to) {
      std::sort(who.games.begin(), who.games.end(), [](const Waiting& a, const Waiting& b) { return a.left < b.left; });
      const size_t n = who.games.size();
      MailText m;
      m.to = who.address;
      std::string list;
      for (const Waiting& w : who.games)
        list += "  against " + (w.opponent.empty() ? std::string("an anonymous player") : w.opponent) + ", " +
                time_left(w.left) + " left: " + options_.site_url + "/game/" + w.game + "\n";
      if (turn) {
        m.subject = n == 1 ? "Your turn against " + (who.games[0].opponent.empty() ? "your opponent" : who.games[0].opponent)
                           : "Your turn in " + std::to_string(n) + " games on YINSH";
        m.body = "Hello " + who.name + ",\n\nit is your turn in " + (n == 1 ? "this game" : "these games") + ":\n\n" +
                 list + "\nAll your games: " + options_.site_url + "/games\n";
      } else {
        m.subject = n == 1 ? "Less than " + time_left(who.games[0].left) + " left in a YINSH game"
                           : "Time is running out in " + std::to_string(n) + " YINSH games";
        m.body = "Hello " + who.name + ",\n\nyour time to move is running out in " +
                 (n == 1 ? "this game" : "these games") + ":\n\n" + list +
                 "\nA player who runs out of time loses the game.\n";
      }
      add_unsubscribe(m, options_.site_url, who.account, kind, who.unsub_key,
                      turn ? "your-turn mails" : "time-running-out mails");
      Outbox::add(sql, who.address, kind, wall, [&](const std::string& mid) { return compose(m, mid, wall); });
      ++queued;
    }
    sql.run("DELETE FROM mail_keys WHERE at < ?", {now - kKeysKeptMs});
  });
  if (queued > 0) wake();
  return queued;
}

}  // namespace yinsh::server

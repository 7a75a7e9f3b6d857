// OnlineGame: one game of the server as plain data, with no threads and no network.
//
// It is event-sourced: a command (join, decide, resign, ...) is checked against the state and,
// when allowed, returns an event (a JSON object); nothing changes until apply(event). The room
// stores the event first and applies it after, so the database log of events *is* the game:
// replaying the events of a game rebuilds it exactly, after a restart or in another process.
// The rules core is the only judge of legality; clocks are wall-clock milliseconds.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "server/wire/events.h"
#include "server/common/shapes.h"

namespace yinsh::server {

struct GameMeta {
  std::string id;
  Variant variant = Variant::Normal;
  std::optional<ClockSpec> clock;  // nullopt: untimed
  int64_t created_at = 0;
  bool rated = false;  // chosen at creation: both seats must be accounts (or one the AI)
  std::string tournament{};  // the arena it was paired in ("" for none): berserk is allowed there
};

struct DecisionRecord {
  Move move;
  Color by;
  int64_t at;
  int64_t white_ms, black_ms;  // clocks right after it (0 when untimed)
};

// One row of the games list.
struct GameSummary {
  std::string id;
  Variant variant = Variant::Normal;
  std::optional<ClockSpec> clock;
  std::string white, black;  // "" when the seat is open
  Status status = Status::Waiting;
  std::optional<GameResult> result;
  int ply = 0;
  int64_t created_at = 0, updated_at = 0, version = 0;
  bool rated = false;
  std::string white_account, black_account;  // account ids ("": a guest, the AI or open)
  // Stored with every append (migration 7): the seat to move (active games only) and, for a
  // correspondence game, the absolute time its player to move runs out (the sweep's key).
  std::optional<Color> to_move;
  std::optional<int64_t> deadline;
  int berserk = 0;  // bit 1: White berserked, bit 2: Black (arena games)
};
json to_json(const GameSummary& s);

// What a command gives: an event to store and apply (its version is set by whoever stores
// it), or why it is refused.
struct Outcome {
  std::optional<Event> event;  // nullopt when refused
  ApiError error;
  bool ok() const { return event.has_value(); }
  static Outcome fail(std::string code, std::string message, nlohmann::json params = nlohmann::json::object()) {
    return {std::nullopt, {std::move(code), std::move(message), std::move(params)}};
  }
  static Outcome of(int64_t at, EventBody body) { return {Event{0, at, std::move(body)}, {}}; }
};

class OnlineGame {
 public:
  explicit OnlineGame(GameMeta meta);

  const GameMeta& meta() const { return meta_; }
  const std::string& id() const { return meta_.id; }
  int64_t version() const { return version_; }
  Status status() const { return status_; }
  const Position& position() const { return game_.position(); }
  const Game& rules() const { return game_; }  // the start and every decision
  int ply() const { return int(decisions_.size()); }
  const std::vector<DecisionRecord>& decisions() const { return decisions_; }
  const Seat& seat(Color c) const { return seats_[c]; }
  const std::vector<ChatLine>& chat() const { return chat_; }  // the last 100 lines
  std::optional<Color> seat_of_token(std::string_view token) const;
  // The seat held by `account` (White when it holds both, as in an unrated game against itself).
  std::optional<Color> seat_of_account(std::string_view account) const;
  std::optional<Color> to_move() const;  // only while active
  bool ai_to_move() const { return to_move() && seats_[*to_move()].kind == SeatKind::Ai; }
  const std::optional<GameResult>& result() const { return result_; }
  bool rematch_agreed() const;  // both offered (or the other seat is the AI), none created yet
  bool ready_to_start() const;
  bool has_ring_move() const;

  // Clocks (timed games): remaining time of `c` at `now`; the absolute time the running clock
  // reaches zero.
  int64_t remaining(Color c, int64_t now) const;
  std::optional<int64_t> deadline() const;
  // Clocks do not run while no server holds the game: after loading, the running clock
  // restarts from `now` if the last event is older.
  void resume(int64_t now);
  // Nor while the store cannot take the game's events (the room holds the clock from its first
  // refused append until the store takes writes again): held, the running clock stops at `now`
  // (deadline() is none, the state's `running` null); released, or at the next event applied,
  // it runs again from then on. In memory only, as resume(): the next event's clocks keep what
  // was given back. Not for correspondence clocks (deadlines days away that run regardless),
  // nor for a clock already out at `now`.
  void hold_clock(int64_t now);
  void release_clock(int64_t now);
  bool clock_held() const { return held_at_ >= 0; }

  // --- commands (const: they return the event; apply() makes it happen)
  // `account`: the joiner's account id ("" for a guest); `bot`: that account is a bot's (its
  // seat is marked so in every view). A rated game takes accounts only, and never the same
  // account in both seats.
  Outcome join(std::string_view name, std::optional<Color> color, const std::string& token,
               int64_t now, const std::string& account = {}, bool bot = false) const;
  Outcome join_ai(Color c, int level, const std::string& token, int64_t now) const;
  Outcome ready(Color c, int64_t now) const;
  Outcome start(int64_t now) const;  // only when ready_to_start()
  Outcome decide(Color c, std::string_view text, std::optional<int64_t> ply, int64_t now) const;
  Outcome resign(Color c, int64_t now) const;
  Outcome abort(Color c, int64_t now) const;
  Outcome request_undo(Color c, int64_t now) const;
  Outcome answer_undo(Color c, bool accept, int64_t now) const;
  Outcome offer_rematch(Color c, int64_t now) const;
  Outcome rematch_created(const std::string& new_id, int64_t now) const;
  Outcome chat(std::string_view from, std::string_view seat, std::string_view text, int64_t now,
               const std::string& account = {}) const;
  // Removes chat line `line` (its id): `seat` (the connection's seat, if any) and `account`
  // ("" for a guest) say whose lines are its own; a moderator may remove any. `name`: who.
  Outcome delete_chat(int64_t line, std::optional<Color> seat, const std::string& account, bool moderator,
                      std::string_view name, int64_t now) const;
  Outcome timeout(int64_t now) const;  // refused unless the running clock is out
  // A correspondence player's vacation [from, until) (ev::Vacation), begun or ended early (the
  // same `from`, `until` moved to its end). A vacation new to the game pauses `c`'s clock from
  // `from` (or from when its turn began, if later), so one given late (a game begun
  // during it, a server stopped before its event) pauses as one given on time. Refused unless
  // the game is an active correspondence game, while another vacation of `c` is under way,
  // when the running clock ran out before the pause, and when nothing would change.
  Outcome vacation(Color c, int64_t from, int64_t until, int64_t now) const;
  // An arena player's berserk (ev::Berserk): halves `c`'s clock, no increment for it from then
  // on. Refused unless the game is an arena's, active, on a real-time clock, and `c` has not
  // decided yet nor berserked already.
  Outcome berserk(Color c, int64_t now) const;
  bool berserked(Color c) const { return berserk_[c]; }
  // When `c`'s last vacation in this game began and ends (0: none was taken here).
  int64_t vacation_from(Color c) const { return vacation_from_[c]; }
  int64_t vacation_until(Color c) const { return vacation_until_[c]; }

  // Applies an event made by a command (here or in another process). Throws
  // std::runtime_error when the event does not fit (a corrupt log).
  void apply(const Event& event);

  // --- views (API shapes of docs/api.md)
  // The state as JSON text (written directly: it goes out with every decision), and parsed.
  std::string state_text(int64_t now) const;
  json state_json(int64_t now) const;
  json game_json(int64_t now) const;
  json record_json() const;
  // `extra_tags`: header tags after the game's own (the rating changes of a rated game).
  std::string record_text(const std::vector<std::pair<std::string, std::string>>& extra_tags = {}) const;
  GameSummary summary() const;
  // The event as players and spectators see it (no tokens), with the game's id and the state
  // after it: the JSON text of one frame.
  std::string public_event(const Event& event, int64_t now) const;

 private:
  std::optional<ApiError> check_seated_active(Color c) const;
  int undo_target(Color c) const;  // plies kept when c's last turn is taken back; -1: none
  std::pair<int64_t, int64_t> clocks_after_undo(int target, int64_t now) const;
  std::optional<GameResult> rules_result() const;

  GameMeta meta_;
  int64_t version_ = 0;
  int64_t updated_at_ = 0;
  Status status_ = Status::Waiting;
  Game game_;
  std::vector<DecisionRecord> decisions_;
  Seat seats_[2];
  std::vector<ChatLine> chat_;
  std::optional<GameResult> result_;
  std::optional<Color> undo_request_;
  bool rematch_offered_[2] = {false, false};
  std::string rematch_game_;
  int64_t clock_ms_[2] = {0, 0};
  int64_t anchor_ = 0;  // when the running clock had clock_ms_ left
  int64_t held_at_ = -1;  // when the running clock was held (hold_clock); -1: it is not
  int64_t turn_at_ = 0;  // when the player to move began its turn (the start, a decision, an undo)
  int64_t vacation_from_[2] = {0, 0}, vacation_until_[2] = {0, 0};  // each seat's last vacation
  bool berserk_[2] = {false, false};
  int64_t inc_ms(Color c) const { return berserk_[c] ? 0 : meta_.clock->inc_ms; }
};

}  // namespace yinsh::server

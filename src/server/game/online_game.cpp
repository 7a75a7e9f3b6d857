#include "server/game/online_game.h"

#include <algorithm>
#include <stdexcept>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/record.h"

namespace yinsh::server {

OnlineGame::OnlineGame(GameMeta meta)
    : meta_(std::move(meta)), game_(Position::start(meta_.variant)) {
  updated_at_ = anchor_ = meta_.created_at;
  if (meta_.clock) clock_ms_[WHITE] = clock_ms_[BLACK] = meta_.clock->base_ms;
}

std::optional<Color> OnlineGame::seat_of_token(std::string_view token) const {
  if (token.empty()) return std::nullopt;
  for (Color c : {WHITE, BLACK})
    if (seats_[c].taken() && seats_[c].token == token) return c;
  return std::nullopt;
}

std::optional<Color> OnlineGame::seat_of_account(std::string_view account) const {
  if (account.empty()) return std::nullopt;
  for (Color c : {WHITE, BLACK})
    if (seats_[c].account == account) return c;
  return std::nullopt;
}

std::optional<Color> OnlineGame::to_move() const {
  if (status_ != Status::Active || position().is_over()) return std::nullopt;
  return position().side_to_move();
}

bool OnlineGame::rematch_agreed() const {
  if (!rematch_game_.empty() || (status_ != Status::Over && status_ != Status::Aborted))
    return false;
  for (Color c : {WHITE, BLACK})
    if (!rematch_offered_[c] && seats_[c].kind != SeatKind::Ai) return false;
  return rematch_offered_[WHITE] || rematch_offered_[BLACK];
}

bool OnlineGame::ready_to_start() const {
  return status_ == Status::Waiting && seats_[WHITE].taken() && seats_[BLACK].taken() &&
         seats_[WHITE].ready && seats_[BLACK].ready;
}

bool OnlineGame::has_ring_move() const {
  return std::any_of(decisions_.begin(), decisions_.end(),
                     [](const DecisionRecord& d) { return d.move.kind() == Move::Ring; });
}

int64_t OnlineGame::remaining(Color c, int64_t now) const {
  if (!meta_.clock) return 0;
  const auto running = to_move();
  if (running && *running == c) {
    const int64_t until = clock_held() ? std::min(now, held_at_) : now;
    return clock_ms_[c] - std::max<int64_t>(0, until - anchor_);
  }
  return clock_ms_[c];
}

std::optional<int64_t> OnlineGame::deadline() const {
  const auto running = to_move();
  if (!meta_.clock || !running || clock_held()) return std::nullopt;
  return anchor_ + clock_ms_[*running];
}

// A correspondence clock is a deadline that runs whether or not a server holds the game.
void OnlineGame::resume(int64_t now) {
  if (!is_correspondence(meta_.clock)) anchor_ = std::max(anchor_, now);
}

// A clock out already is not saved by a hold: the timeout is stored once the store is back.
void OnlineGame::hold_clock(int64_t now) {
  if (clock_held() || status_ != Status::Active || !meta_.clock || meta_.clock->correspondence()) return;
  if (const auto d = deadline(); d && *d > now) held_at_ = now;
}

void OnlineGame::release_clock(int64_t now) {
  if (!clock_held()) return;
  anchor_ += std::max<int64_t>(0, now - std::max(held_at_, anchor_));  // the time held is not charged
  held_at_ = -1;
}

std::optional<ApiError> OnlineGame::check_seated_active(Color) const {
  if (status_ == Status::Waiting) return ApiError{"not_started", "the game has not started"};
  if (status_ != Status::Active) return ApiError{"game_over", "the game is over"};
  return std::nullopt;
}

// ------------------------------------------------------------------------------ commands

Outcome OnlineGame::join(std::string_view name, std::optional<Color> color,
                         const std::string& token, int64_t now, const std::string& account, bool bot) const {
  if (status_ != Status::Waiting) return Outcome::fail("seat_taken", "the game has already started");
  if (meta_.rated && account.empty())
    return Outcome::fail("not_allowed", "rated games are for accounts: log in to join this one");
  if (meta_.rated && (seats_[WHITE].account == account || seats_[BLACK].account == account))
    return Outcome::fail("not_allowed", "you hold the other seat of this rated game");
  if (color && seats_[*color].taken())
    return Outcome::fail("seat_taken", std::string("the ") + std::string(color_name(*color)) +
                                           " seat is taken");
  if (!color) {
    if (!seats_[WHITE].taken()) color = WHITE;
    else if (!seats_[BLACK].taken()) color = BLACK;
    else return Outcome::fail("seat_taken", "both seats are taken");
  }
  std::string n = clean_text(name, 32);
  if (n.empty()) n = "Guest";
  return Outcome::of(now, ev::Joined{*color, n, SeatKind::Human, 0, token, account, bot && !account.empty()});
}

Outcome OnlineGame::join_ai(Color c, int level, const std::string& token, int64_t now) const {
  if (status_ != Status::Waiting || seats_[c].taken())
    return Outcome::fail("seat_taken", "the seat is taken");
  return Outcome::of(now, ev::Joined{c, "Computer (level " + std::to_string(level) + ")", SeatKind::Ai, level, token, "", false});
}

Outcome OnlineGame::ready(Color c, int64_t now) const {
  if (status_ != Status::Waiting) return Outcome::fail("not_allowed", "the game has already started");
  if (seats_[c].ready) return Outcome::fail("not_allowed", "you already agreed to start");
  return Outcome::of(now, ev::Ready{c});
}

Outcome OnlineGame::start(int64_t now) const {
  if (status_ != Status::Waiting || !seats_[WHITE].taken() || !seats_[BLACK].taken())
    return Outcome::fail("not_allowed", "both seats must be taken to start");
  return Outcome::of(now, ev::Started{});
}

Outcome OnlineGame::decide(Color c, std::string_view text, std::optional<int64_t> ply,
                           int64_t now) const {
  if (auto e = check_seated_active(c)) return Outcome::fail(e->code, e->message);
  if (ply && *ply != this->ply())
    return Outcome::fail("stale", "the game is at ply " + std::to_string(this->ply()) +
                                      ", not " + std::to_string(*ply));
  if (*to_move() != c) return Outcome::fail("not_your_turn", "it is not your turn");
  // A refusal's reason (docs/api.md, section 5) and the points it names, for a client to word.
  const std::string said = clean_text(text, 40);
  std::string why;
  const auto m = parse_move(text, &why);
  if (!m) return Outcome::fail("illegal_decision", said + ": " + why, {{"reason", "notation"}, {"decision", said}});
  if (const Illegal kind = illegal_kind(position(), *m); kind != Illegal::None)
    return Outcome::fail("illegal_decision", said + ": " + why_illegal(position(), *m),
                         {{"reason", to_string(kind)},
                          {"decision", said},
                          {"from", to_string(m->from())},
                          {"to", to_string(m->to())}});
  int64_t ms[2] = {clock_ms_[WHITE], clock_ms_[BLACK]};
  if (meta_.clock) {
    ms[c] = remaining(c, now);
    Position next = position();
    StateInfo st;
    next.do_move(*m, st);
    const bool turn_ends = next.is_over() || next.side_to_move() != c;
    if (turn_ends) ms[c] += inc_ms(c);
    // Correspondence: the opponent has the whole time per move from this decision on.
    if (turn_ends && meta_.clock->correspondence()) {
      ms[WHITE] = ms[BLACK] = meta_.clock->base_ms;
      // ... and what is left of its vacation: its clock does not run before the vacation ends.
      if (vacation_until_[~c] > now) ms[~c] += vacation_until_[~c] - now;
    }
  }
  return Outcome::of(now, ev::Decision{this->ply() + 1, c, to_string(*m), ms[WHITE], ms[BLACK]});
}

Outcome OnlineGame::resign(Color c, int64_t now) const {
  if (auto e = check_seated_active(c)) return Outcome::fail(e->code, e->message);
  GameResult r{c == WHITE ? "0-1" : "1-0", ~c, "resign"};
  return Outcome::of(now, ev::GameOver{r, remaining(WHITE, now), remaining(BLACK, now)});
}

Outcome OnlineGame::timeout(int64_t now) const {
  const auto d = deadline();
  if (!d || now < *d) return Outcome::fail("not_allowed", "no clock has run out");
  const Color loser = *to_move();
  // A correspondence game whose player to move never decided is aborted, as a game nobody
  // plays (docs/api.md 3.6): nobody loses a game they never took part in.
  if (meta_.clock->correspondence() &&
      std::none_of(decisions_.begin(), decisions_.end(), [loser](const DecisionRecord& d) { return d.by == loser; }))
    return Outcome::of(now, ev::Aborted{loser, "expired"});
  GameResult r{loser == WHITE ? "0-1" : "1-0", ~loser, "timeout"};
  return Outcome::of(now, ev::GameOver{r, loser == WHITE ? 0 : clock_ms_[WHITE], loser == BLACK ? 0 : clock_ms_[BLACK]});
}

Outcome OnlineGame::vacation(Color c, int64_t from, int64_t until, int64_t now) const {
  if (!is_correspondence(meta_.clock)) return Outcome::fail("not_correspondence", "vacations pause correspondence games");
  if (status_ != Status::Active) return Outcome::fail("not_active", "the game is not being played");
  if (until < from) return Outcome::fail("bad_request", "a vacation ends after it begins");
  const bool fresh = vacation_until_[c] == 0 || from != vacation_from_[c];  // not yet given to this game
  if (fresh && vacation_until_[c] > now) return Outcome::fail("on_vacation", "another vacation is under way");
  // A vacation new to the game pauses the clock from when it began, or from when the turn
  // began if that was later (the game begun during it, or the opponent's decision meanwhile);
  // one the game knows changes from now on. A clock out before that is not saved by it.
  const int64_t pause_from = fresh ? std::max(from, turn_at_) : now;
  if (const auto d = deadline(); d && *d <= std::min(now, pause_from))
    return Outcome::fail("not_allowed", "the clock ran out before the vacation began");
  // The seat to move: its clock gains the vacation's time from then on (what ran of it
  // meanwhile given back), or loses what it had gained for it (at the start, or at the
  // opponent's decision) when the vacation ends early.
  const int64_t gain = fresh ? std::max<int64_t>(0, until - pause_from)
                             : std::max(now, until) - std::max(now, vacation_until_[c]);
  // What decide() gives from now on: the days per move from the vacation's end.
  const bool ahead_changes = std::max(now, until) != std::max(now, vacation_until_[c]);
  if ((to_move() != c || gain == 0) && !ahead_changes) return Outcome::fail("not_allowed", "nothing changes");
  int64_t ms[2] = {remaining(WHITE, now), remaining(BLACK, now)};
  if (to_move() == c) ms[c] += gain;
  return Outcome::of(now, ev::Vacation{c, from, until, ms[WHITE], ms[BLACK]});
}

Outcome OnlineGame::berserk(Color c, int64_t now) const {
  if (meta_.tournament.empty()) return Outcome::fail("not_allowed", "berserk is for arena games");
  if (auto e = check_seated_active(c)) return Outcome::fail(e->code, e->message);
  if (!meta_.clock || meta_.clock->correspondence())
    return Outcome::fail("not_allowed", "berserk needs a real-time clock");
  if (berserk_[c]) return Outcome::fail("not_allowed", "you have berserked already");
  if (std::any_of(decisions_.begin(), decisions_.end(), [c](const DecisionRecord& d) { return d.by == c; }))
    return Outcome::fail("not_allowed", "berserk only before your first decision");
  int64_t ms[2] = {remaining(WHITE, now), remaining(BLACK, now)};
  ms[c] = std::min(ms[c], meta_.clock->base_ms / 2);
  return Outcome::of(now, ev::Berserk{c, ms[WHITE], ms[BLACK]});
}

Outcome OnlineGame::abort(Color c, int64_t now) const {
  if (status_ == Status::Over || status_ == Status::Aborted)
    return Outcome::fail("game_over", "the game is over");
  if (has_ring_move())
    return Outcome::fail("not_allowed", "a game can only be aborted before the first ring move");
  return Outcome::of(now, ev::Aborted{c, ""});
}

int OnlineGame::undo_target(Color c) const {
  int i = ply() - 1;
  while (i >= 0 && decisions_[i].by != c) --i;
  if (i < 0) return -1;
  while (i > 0 && decisions_[i - 1].by == c) --i;
  return i;
}

// Time spent stays spent: each clock keeps what it has now, less the increments earned by the
// turns taken back (so that undoing and replaying a turn gains nothing).
std::pair<int64_t, int64_t> OnlineGame::clocks_after_undo(int target, int64_t now) const {
  if (!meta_.clock) return {0, 0};
  if (meta_.clock->correspondence()) return {meta_.clock->base_ms, meta_.clock->base_ms};  // a fresh deadline
  int64_t ms[2] = {remaining(WHITE, now), remaining(BLACK, now)};
  const auto running = to_move();
  for (int i = target; i < ply(); ++i) {
    const Color by = decisions_[i].by;
    const bool ends_turn = i + 1 < ply() ? decisions_[i + 1].by != by : running != by;
    if (ends_turn) ms[by] -= inc_ms(by);
  }
  return {std::max<int64_t>(0, ms[WHITE]), std::max<int64_t>(0, ms[BLACK])};
}

Outcome OnlineGame::request_undo(Color c, int64_t now) const {
  if (auto e = check_seated_active(c)) return Outcome::fail(e->code, e->message);
  if (undo_request_ == ~c) return answer_undo(c, true, now);
  if (undo_request_ == c) return Outcome::fail("not_allowed", "you already asked to undo");
  const int target = undo_target(c);
  if (target < 0) return Outcome::fail("not_allowed", "you have no decision to take back");
  if (seats_[~c].kind == SeatKind::Ai) {
    const auto [w, b] = clocks_after_undo(target, now);
    return Outcome::of(now, ev::Undone{c, target, w, b});
  }
  return Outcome::of(now, ev::UndoRequested{c});
}

Outcome OnlineGame::answer_undo(Color c, bool accept, int64_t now) const {
  if (auto e = check_seated_active(c)) return Outcome::fail(e->code, e->message);
  if (undo_request_ != ~c) return Outcome::fail("not_allowed", "there is no undo request to answer");
  if (!accept) return Outcome::of(now, ev::UndoDeclined{c});
  const int target = undo_target(~c);
  const auto [w, b] = clocks_after_undo(target, now);
  return Outcome::of(now, ev::Undone{~c, target, w, b});
}

Outcome OnlineGame::offer_rematch(Color c, int64_t now) const {
  if (status_ != Status::Over && status_ != Status::Aborted)
    return Outcome::fail("not_allowed", "a rematch can be offered once the game is over");
  if (!rematch_game_.empty()) return Outcome::fail("not_allowed", "the rematch exists already");
  if (rematch_offered_[c]) return Outcome::fail("not_allowed", "you already offered a rematch");
  return Outcome::of(now, ev::RematchOffered{c});
}

Outcome OnlineGame::rematch_created(const std::string& new_id, int64_t now) const {
  return Outcome::of(now, ev::Rematch{new_id});
}

Outcome OnlineGame::chat(std::string_view from, std::string_view seat, std::string_view text, int64_t now,
                         const std::string& account) const {
  std::string t = clean_text(text, 500);
  if (t.empty()) return Outcome::fail("bad_request", "empty chat line");
  return Outcome::of(now, ev::Chat{{clean_text(from, 32), std::string(seat), t, now, account, 0, false, ""}});
}

Outcome OnlineGame::delete_chat(int64_t line, std::optional<Color> seat, const std::string& account, bool moderator,
                                std::string_view name, int64_t now) const {
  const auto it = std::find_if(chat_.begin(), chat_.end(), [&](const ChatLine& l) { return l.id == line; });
  if (it == chat_.end() || it->removed)
    return Outcome::fail("unknown_chat_line", "no chat line " + std::to_string(line) + " in this game" +
                                                  (it == chat_.end() ? "" : " (it was removed already)"));
  const bool own = (!account.empty() && it->account == account) || (seat && it->seat == color_name(*seat));
  if (!own && !moderator) return Outcome::fail("not_allowed", "you can remove only your own chat lines");
  return Outcome::of(now, ev::ChatDeleted{line, own ? "author" : "moderator", clean_text(name, 32)});
}

// ------------------------------------------------------------------------------ apply

std::optional<GameResult> OnlineGame::rules_result() const {
  const Position& pos = position();
  const Result r = pos.result();
  if (r == Result::None) return std::nullopt;
  GameResult g;
  g.score = std::string(to_string(r));
  if (r == Result::WhiteWins) g.winner = WHITE;
  if (r == Result::BlackWins) g.winner = BLACK;
  const int need = rings_to_win(pos.variant());
  if (pos.removed(WHITE) >= need || pos.removed(BLACK) >= need) g.reason = "rings";
  else if (pos.markers_in_pool() == 0) g.reason = "markers";
  else g.reason = "no_moves";
  return g;
}

void OnlineGame::apply(const Event& e) {
  if (e.version != version_ + 1)
    throw std::runtime_error("event version " + std::to_string(e.version) + " after " + std::to_string(version_));
  const int64_t at = e.at;
  release_clock(at);  // the store took an event: the clock runs again
  auto set_clocks = [&](int64_t w, int64_t b) {
    clock_ms_[WHITE] = w;
    clock_ms_[BLACK] = b;
  };
  std::visit(Overloaded{
                 [&](const ev::Joined& j) { seats_[j.seat] = {j.kind, j.name, j.level, j.token, false, j.account, j.bot}; },
                 [&](const ev::Ready& r) { seats_[r.seat].ready = true; },
                 [&](const ev::Started&) {
                   status_ = Status::Active;
                   seats_[WHITE].ready = seats_[BLACK].ready = true;
                   anchor_ = turn_at_ = at;
                 },
                 [&](const ev::Decision& d) {
                   const auto m = parse_legal_move(position(), d.decision);
                   if (!m || status_ != Status::Active || d.ply != ply() + 1)
                     throw std::runtime_error("decision " + d.decision + " does not fit");
                   const Color by = position().side_to_move();
                   game_.play(*m);
                   decisions_.push_back({*m, by, at, d.white_ms, d.black_ms});
                   set_clocks(d.white_ms, d.black_ms);
                   anchor_ = at;
                   if (position().side_to_move() != by) turn_at_ = at;
                   undo_request_.reset();
                   if (position().is_over()) {
                     status_ = Status::Over;
                     result_ = rules_result();
                   }
                 },
                 [&](const ev::UndoRequested& u) { undo_request_ = u.by; },
                 [&](const ev::UndoDeclined&) { undo_request_.reset(); },
                 [&](const ev::Undone& u) {
                   if (u.ply < 0 || u.ply > ply()) throw std::runtime_error("undone: bad ply");
                   decisions_.resize(u.ply);
                   game_.reset(Position::start(meta_.variant));
                   for (const auto& d : decisions_) game_.play(d.move);
                   set_clocks(u.white_ms, u.black_ms);
                   anchor_ = turn_at_ = at;
                   undo_request_.reset();
                 },
                 [&](const ev::Chat& c) {
                   chat_.push_back(c.line);
                   chat_.back().id = e.version;
                   if (chat_.size() > 100) chat_.erase(chat_.begin());
                 },
                 [&](const ev::ChatDeleted& d) {  // a line no longer kept (over 100 ago) stays gone
                   for (auto& l : chat_)
                     if (l.id == d.line) {
                       l.removed = true;
                       l.removed_by = d.by;
                       l.text.clear();
                     }
                 },
                 [&](const ev::GameOver& g) {
                   status_ = Status::Over;
                   result_ = g.result;
                   set_clocks(g.white_ms, g.black_ms);
                   undo_request_.reset();
                 },
                 [&](const ev::Aborted& a) {
                   status_ = Status::Aborted;
                   result_ = GameResult{"*", std::nullopt, a.reason.empty() ? "aborted" : a.reason};
                   undo_request_.reset();
                 },
                 [&](const ev::Vacation& v) {
                   if (status_ != Status::Active) throw std::runtime_error("vacation: the game is not active");
                   vacation_from_[v.seat] = v.from;
                   vacation_until_[v.seat] = v.until;
                   set_clocks(v.white_ms, v.black_ms);
                   anchor_ = at;
                 },
                 [&](const ev::Berserk& b) {
                   if (status_ != Status::Active) throw std::runtime_error("berserk: the game is not active");
                   berserk_[b.seat] = true;
                   set_clocks(b.white_ms, b.black_ms);
                   anchor_ = at;
                 },
                 [&](const ev::RematchOffered& r) { rematch_offered_[r.by] = true; },
                 [&](const ev::Rematch& r) { rematch_game_ = r.new_game; },
             },
             e.body);
  version_ = e.version;
  updated_at_ = at;
}

}  // namespace yinsh::server

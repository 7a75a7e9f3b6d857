// OnlineGame's views: the API shapes of docs/api.md section 4 (the state, the game, the
// record, the summary) and the frame of a broadcast event.
#include <algorithm>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/record.h"
#include "json/json_out.h"
#include "server/game/online_game.h"
#include "server/wire/server_messages.h"

namespace yinsh::server {

json to_json(const GameSummary& s) {
  auto name = [](const std::string& n) { return n.empty() ? json(nullptr) : json(n); };
  return {{"id", s.id},
          {"variant", to_string(s.variant)},
          {"clock", clock_json(s.clock)},
          {"white", name(s.white)},
          {"black", name(s.black)},
          // Whether a seat is an account's (its name links to /@/NAME); a named seat that is not
          // is a guest's, or the computer's.
          {"white_account", !s.white_account.empty()},
          {"black_account", !s.black_account.empty()},
          {"status", to_string(s.status)},
          {"result", s.result ? to_json(*s.result) : json(nullptr)},
          {"ply", s.ply},
          {"created_at", s.created_at},
          {"updated_at", s.updated_at},
          {"rated", s.rated}};
}

static void write_seat(JsonOut& o, const Seat& s) {
  o.begin_object().key("name");
  if (s.taken()) o.value(s.name);
  else o.null();
  o.key("kind").value(to_string(s.kind)).key("level");
  if (s.kind == SeatKind::Ai) o.value(s.level);
  else o.null();
  // An account's seat says so (its name links to the player's page, /@/NAME); a guest's name
  // is only a name.
  o.key("ready").value(s.ready).key("account").value(!s.account.empty()).key("bot").value(s.bot).end_object();
}

static void write_result(JsonOut& o, const std::optional<GameResult>& r) {
  if (!r) {
    o.null();
    return;
  }
  o.begin_object().key("score").value(r->score).key("winner");
  if (r->winner) o.value(color_name(*r->winner));
  else o.null();
  o.key("reason").value(r->reason).end_object();
}

std::string OnlineGame::state_text(int64_t now) const {
  const Position& pos = position();
  const auto tm = to_move();
  std::string s;
  s.reserve(1024);
  JsonOut o(s);
  o.begin_object();
  o.key("status").value(to_string(status_)).key("ply").value(ply());
  if (!meta_.tournament.empty()) o.key("tournament").value(meta_.tournament);  // an arena's game
  o.key("position").value(to_text(pos));
  o.key("to_move");
  if (tm) o.value(color_name(*tm));
  else o.null();
  o.key("step").value(to_string(pos.step()));
  o.key("legal").begin_array();
  if (tm) {
    MoveList list;  // sorted by their texts (core/notation.h: move_text_key)
    generate(pos, list);
    uint64_t keys[MAX_MOVES];
    size_t n = 0;
    for (Move m : list) keys[n++] = move_text_key(m);
    std::sort(keys, keys + n);
    for (size_t i = 0; i < n; ++i) {
      char text[MAX_MOVE_TEXT];
      o.value(std::string_view(text, key_text(keys[i], text)));
    }
  }
  o.end_array();
  o.key("removed").begin_object().key("white").value(pos.removed(WHITE)).key("black").value(pos.removed(BLACK)).end_object();
  o.key("clocks");
  if (meta_.clock) {
    o.begin_object()
        .key("white_ms").value(std::max<int64_t>(0, remaining(WHITE, now)))
        .key("black_ms").value(std::max<int64_t>(0, remaining(BLACK, now)))
        .key("running");
    if (tm && !clock_held()) o.value(color_name(*tm));
    else o.null();
    o.key("server_time_ms").value(now);
    if (berserk_[WHITE] || berserk_[BLACK])  // an arena's game: who plays on half a clock, no increment
      o.key("berserk").begin_object().key("white").value(berserk_[WHITE]).key("black").value(berserk_[BLACK]).end_object();
    if (vacation_until_[WHITE] > now || vacation_until_[BLACK] > now) {  // correspondence: a seat on vacation
      o.key("vacation").begin_object();
      for (Color c : {WHITE, BLACK}) {
        o.key(color_name(c));
        if (vacation_until_[c] > now) o.value(vacation_until_[c]);
        else o.null();
      }
      o.end_object();
    }
    o.end_object();
  } else {
    o.null();
  }
  o.key("seats").begin_object().key("white");
  write_seat(o, seats_[WHITE]);
  o.key("black");
  write_seat(o, seats_[BLACK]);
  o.end_object();
  o.key("undo_request");
  if (undo_request_) o.value(color_name(*undo_request_));
  else o.null();
  o.key("rematch").begin_object().key("offered").begin_array();
  for (Color c : {WHITE, BLACK})
    if (rematch_offered_[c]) o.value(color_name(c));
  o.end_array().key("new_game");
  if (rematch_game_.empty()) o.null();
  else o.value(rematch_game_);
  o.end_object();
  o.key("result");
  write_result(o, result_);
  o.end_object();
  return s;
}

json OnlineGame::state_json(int64_t now) const { return json::parse(state_text(now)); }

json OnlineGame::game_json(int64_t now) const {
  json decisions = json::array(), chat = json::array();
  for (const auto& d : decisions_) decisions.push_back(to_string(d.move));
  for (const auto& l : chat_) chat.push_back(to_json(l));
  return {{"id", meta_.id},
          {"variant", to_string(meta_.variant)},
          {"clock", clock_json(meta_.clock)},
          {"rated", meta_.rated},
          {"tournament", meta_.tournament.empty() ? json(nullptr) : json(meta_.tournament)},
          {"created_at", meta_.created_at},
          {"start", to_text(game_.start())},
          {"decisions", std::move(decisions)},
          {"chat", std::move(chat)},
          {"state", state_json(now)}};
}

json OnlineGame::record_json() const {
  json decisions = json::array(), chat = json::array();
  for (size_t i = 0; i < decisions_.size(); ++i) {
    const auto& d = decisions_[i];
    decisions.push_back({{"ply", i + 1},
                         {"by", color_name(d.by)},
                         {"decision", to_string(d.move)},
                         {"at", d.at},
                         {"white_ms", meta_.clock ? json(d.white_ms) : json(nullptr)},
                         {"black_ms", meta_.clock ? json(d.black_ms) : json(nullptr)}});
  }
  for (const auto& l : chat_) chat.push_back(to_json(l));
  auto name = [&](Color c) { return seats_[c].taken() ? json(seats_[c].name) : json(nullptr); };
  return {{"id", meta_.id},
          {"variant", to_string(meta_.variant)},
          {"clock", clock_json(meta_.clock)},
          {"rated", meta_.rated},
          {"white", name(WHITE)},
          {"black", name(BLACK)},
          {"white_account", !seats_[WHITE].account.empty()},
          {"black_account", !seats_[BLACK].account.empty()},
          {"start", to_text(game_.start())},
          {"status", to_string(status_)},
          {"result", result_ ? to_json(*result_) : json(nullptr)},
          {"decisions", std::move(decisions)},
          {"chat", std::move(chat)}};
}

std::string OnlineGame::record_text(const std::vector<std::pair<std::string, std::string>>& extra_tags) const {
  GameRecord r = make_record(game_);
  r.set_tag("Game", meta_.id);
  r.set_tag("White", seats_[WHITE].taken() ? seats_[WHITE].name : "?");
  r.set_tag("Black", seats_[BLACK].taken() ? seats_[BLACK].name : "?");
  r.set_tag("TimeControl", meta_.clock ? std::to_string(meta_.clock->base_ms / 1000) + "+" +
                                             std::to_string(meta_.clock->inc_ms / 1000)
                                       : "-");
  if (result_) {
    r.set_tag("Result", result_->score);
    r.set_tag("Termination", result_->reason);
  }
  if (meta_.rated) r.set_tag("Rated", "yes");
  // A guest's name is only a name: a record says so, so that no reader takes it for the account
  // of that name (docs/records.md).
  for (const Color c : {WHITE, BLACK})
    if (seats_[c].kind == SeatKind::Human && seats_[c].taken() && seats_[c].account.empty())
      r.set_tag(c == WHITE ? "WhiteGuest" : "BlackGuest", "yes");
  for (const auto& [k, v] : extra_tags) r.set_tag(k, v);
  return write_record(r);
}

GameSummary OnlineGame::summary() const {
  GameSummary s;
  s.id = meta_.id;
  s.variant = meta_.variant;
  s.clock = meta_.clock;
  if (seats_[WHITE].taken()) s.white = seats_[WHITE].name;
  if (seats_[BLACK].taken()) s.black = seats_[BLACK].name;
  s.status = status_;
  s.result = result_;
  s.ply = ply();
  s.created_at = meta_.created_at;
  s.updated_at = updated_at_;
  s.version = version_;
  s.rated = meta_.rated;
  s.white_account = seats_[WHITE].account;
  s.black_account = seats_[BLACK].account;
  s.to_move = to_move();
  s.berserk = (berserk_[WHITE] ? 1 : 0) | (berserk_[BLACK] ? 2 : 0);
  if (is_correspondence(meta_.clock)) s.deadline = deadline();
  return s;
}

std::string OnlineGame::public_event(const Event& event, int64_t now) const {
  return write_event_frame(event, meta_.id, state_text(now));
}

}  // namespace yinsh::server

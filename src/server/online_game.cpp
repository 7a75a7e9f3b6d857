#include "online_game.h"

#include <algorithm>
#include <stdexcept>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/record.h"
#include "json_out.h"

namespace yinsh::server {

std::string_view to_string(Status s) {
  switch (s) {
    case Status::Waiting: return "waiting";
    case Status::Active: return "active";
    case Status::Over: return "over";
    case Status::Aborted: return "aborted";
  }
  return "?";
}

std::optional<Status> parse_status(std::string_view s) {
  for (Status st : {Status::Waiting, Status::Active, Status::Over, Status::Aborted})
    if (to_string(st) == s) return st;
  return std::nullopt;
}

std::string_view color_name(Color c) { return c == WHITE ? "white" : "black"; }

std::optional<Color> parse_color(std::string_view s) {
  if (s == "white") return WHITE;
  if (s == "black") return BLACK;
  return std::nullopt;
}

json clock_json(const std::optional<ClockSpec>& c) {
  if (!c) return nullptr;
  return {{"base_ms", c->base_ms}, {"increment_ms", c->inc_ms}};
}

json to_json(const GameResult& r) {
  return {{"score", r.score},
          {"winner", r.winner ? json(color_name(*r.winner)) : json(nullptr)},
          {"reason", r.reason}};
}

static GameResult result_from_json(const json& j) {
  GameResult r;
  r.score = j.at("score").get<std::string>();
  if (j.at("winner").is_string()) r.winner = parse_color(j.at("winner").get<std::string>());
  r.reason = j.at("reason").get<std::string>();
  return r;
}

json to_json(const GameSummary& s) {
  auto name = [](const std::string& n) { return n.empty() ? json(nullptr) : json(n); };
  return {{"id", s.id},
          {"variant", to_string(s.variant)},
          {"clock", clock_json(s.clock)},
          {"white", name(s.white)},
          {"black", name(s.black)},
          {"status", to_string(s.status)},
          {"result", s.result ? to_json(*s.result) : json(nullptr)},
          {"ply", s.ply},
          {"created_at", s.created_at},
          {"updated_at", s.updated_at}};
}

std::string clean_text(std::string_view s, size_t max_chars) {
  std::string out;
  size_t chars = 0;
  for (unsigned char ch : s) {
    if (ch < 0x20 || ch == 0x7f) ch = ' ';
    if ((ch & 0xc0) != 0x80) {  // a new character starts
      if (chars == max_chars) break;
      ++chars;
    }
    out += char(ch);
  }
  const auto b = out.find_first_not_of(' ');
  if (b == std::string::npos) return "";
  return out.substr(b, out.find_last_not_of(' ') - b + 1);
}

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

std::optional<Color> OnlineGame::to_move() const {
  if (status_ != Status::Active || position().is_over()) return std::nullopt;
  return position().side_to_move();
}

bool OnlineGame::rematch_agreed() const {
  if (!rematch_game_.empty() || (status_ != Status::Over && status_ != Status::Aborted))
    return false;
  for (Color c : {WHITE, BLACK})
    if (!rematch_offered_[c] && seats_[c].kind != "ai") return false;
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
  if (running && *running == c) return clock_ms_[c] - std::max<int64_t>(0, now - anchor_);
  return clock_ms_[c];
}

std::optional<int64_t> OnlineGame::deadline() const {
  const auto running = to_move();
  if (!meta_.clock || !running) return std::nullopt;
  return anchor_ + clock_ms_[*running];
}

void OnlineGame::resume(int64_t now) { anchor_ = std::max(anchor_, now); }

Outcome OnlineGame::make(std::string type, int64_t now, json fields) const {
  fields["type"] = std::move(type);
  fields["at"] = now;
  return {std::move(fields), {}};
}

std::optional<ApiError> OnlineGame::check_seated_active(Color) const {
  if (status_ == Status::Waiting) return ApiError{"not_started", "the game has not started"};
  if (status_ != Status::Active) return ApiError{"game_over", "the game is over"};
  return std::nullopt;
}

// ------------------------------------------------------------------------------ commands

Outcome OnlineGame::join(std::string_view name, std::optional<Color> color,
                         const std::string& token, int64_t now) const {
  if (status_ != Status::Waiting) return Outcome::fail("seat_taken", "the game has already started");
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
  return make("joined", now,
              {{"seat", color_name(*color)}, {"name", n}, {"kind", "human"}, {"token", token}});
}

Outcome OnlineGame::join_ai(Color c, int level, const std::string& token, int64_t now) const {
  if (status_ != Status::Waiting || seats_[c].taken())
    return Outcome::fail("seat_taken", "the seat is taken");
  return make("joined", now,
              {{"seat", color_name(c)},
               {"name", "Computer (level " + std::to_string(level) + ")"},
               {"kind", "ai"},
               {"level", level},
               {"token", token}});
}

Outcome OnlineGame::ready(Color c, int64_t now) const {
  if (status_ != Status::Waiting) return Outcome::fail("not_allowed", "the game has already started");
  if (seats_[c].ready) return Outcome::fail("not_allowed", "you already agreed to start");
  return make("ready", now, {{"seat", color_name(c)}});
}

Outcome OnlineGame::start(int64_t now) const {
  if (status_ != Status::Waiting || !seats_[WHITE].taken() || !seats_[BLACK].taken())
    return Outcome::fail("not_allowed", "both seats must be taken to start");
  return make("started", now, json::object());
}

Outcome OnlineGame::decide(Color c, std::string_view text, std::optional<int64_t> ply,
                           int64_t now) const {
  if (auto e = check_seated_active(c)) return Outcome::fail(e->code, e->message);
  if (ply && *ply != this->ply())
    return Outcome::fail("stale", "the game is at ply " + std::to_string(this->ply()) +
                                      ", not " + std::to_string(*ply));
  if (*to_move() != c) return Outcome::fail("not_your_turn", "it is not your turn");
  std::string why;
  const auto m = parse_legal_move(position(), text, &why);
  if (!m) return Outcome::fail("illegal_decision", std::string(text.substr(0, 40)) + ": " + why);
  int64_t ms[2] = {clock_ms_[WHITE], clock_ms_[BLACK]};
  if (meta_.clock) {
    ms[c] = remaining(c, now);
    Position next = position();
    StateInfo st;
    next.do_move(*m, st);
    if (next.is_over() || next.side_to_move() != c) ms[c] += meta_.clock->inc_ms;
  }
  return make("decision", now,
              {{"ply", this->ply() + 1},
               {"by", color_name(c)},
               {"decision", to_string(*m)},
               {"white_ms", ms[WHITE]},
               {"black_ms", ms[BLACK]}});
}

Outcome OnlineGame::resign(Color c, int64_t now) const {
  if (auto e = check_seated_active(c)) return Outcome::fail(e->code, e->message);
  GameResult r{c == WHITE ? "0-1" : "1-0", ~c, "resign"};
  return make("game_over", now,
              {{"result", to_json(r)},
               {"white_ms", remaining(WHITE, now)},
               {"black_ms", remaining(BLACK, now)}});
}

Outcome OnlineGame::timeout(int64_t now) const {
  const auto d = deadline();
  if (!d || now < *d) return Outcome::fail("not_allowed", "no clock has run out");
  const Color loser = *to_move();
  GameResult r{loser == WHITE ? "0-1" : "1-0", ~loser, "timeout"};
  return make("game_over", now,
              {{"result", to_json(r)},
               {"white_ms", loser == WHITE ? 0 : clock_ms_[WHITE]},
               {"black_ms", loser == BLACK ? 0 : clock_ms_[BLACK]}});
}

Outcome OnlineGame::abort(Color c, int64_t now) const {
  if (status_ == Status::Over || status_ == Status::Aborted)
    return Outcome::fail("game_over", "the game is over");
  if (has_ring_move())
    return Outcome::fail("not_allowed", "a game can only be aborted before the first ring move");
  return make("aborted", now, {{"by", color_name(c)}});
}

int OnlineGame::undo_target(Color c) const {
  int i = ply() - 1;
  while (i >= 0 && decisions_[i].by != c) --i;
  if (i < 0) return -1;
  while (i > 0 && decisions_[i - 1].by == c) --i;
  return i;
}

std::pair<int64_t, int64_t> OnlineGame::clocks_after(int ply) const {
  if (!meta_.clock) return {0, 0};
  if (ply == 0) return {meta_.clock->base_ms, meta_.clock->base_ms};
  return {decisions_[ply - 1].white_ms, decisions_[ply - 1].black_ms};
}

Outcome OnlineGame::request_undo(Color c, int64_t now) const {
  if (auto e = check_seated_active(c)) return Outcome::fail(e->code, e->message);
  if (undo_request_ == ~c) return answer_undo(c, true, now);
  if (undo_request_ == c) return Outcome::fail("not_allowed", "you already asked to undo");
  const int target = undo_target(c);
  if (target < 0) return Outcome::fail("not_allowed", "you have no decision to take back");
  if (seats_[~c].kind == "ai") {
    const auto [w, b] = clocks_after(target);
    return make("undone", now, {{"by", color_name(c)}, {"ply", target}, {"white_ms", w}, {"black_ms", b}});
  }
  return make("undo_requested", now, {{"by", color_name(c)}});
}

Outcome OnlineGame::answer_undo(Color c, bool accept, int64_t now) const {
  if (auto e = check_seated_active(c)) return Outcome::fail(e->code, e->message);
  if (undo_request_ != ~c) return Outcome::fail("not_allowed", "there is no undo request to answer");
  if (!accept) return make("undo_declined", now, {{"by", color_name(c)}});
  const int target = undo_target(~c);
  const auto [w, b] = clocks_after(target);
  return make("undone", now, {{"by", color_name(~c)}, {"ply", target}, {"white_ms", w}, {"black_ms", b}});
}

Outcome OnlineGame::offer_rematch(Color c, int64_t now) const {
  if (status_ != Status::Over && status_ != Status::Aborted)
    return Outcome::fail("not_allowed", "a rematch can be offered once the game is over");
  if (!rematch_game_.empty()) return Outcome::fail("not_allowed", "the rematch exists already");
  if (rematch_offered_[c]) return Outcome::fail("not_allowed", "you already offered a rematch");
  return make("rematch_offered", now, {{"by", color_name(c)}});
}

Outcome OnlineGame::rematch_created(const std::string& new_id, int64_t now) const {
  return make("rematch", now, {{"new_game", new_id}});
}

Outcome OnlineGame::chat(std::string_view from, std::string_view seat, std::string_view text,
                         int64_t now) const {
  std::string t = clean_text(text, 500);
  if (t.empty()) return Outcome::fail("bad_request", "empty chat line");
  return make("chat", now, {{"line", {{"from", clean_text(from, 32)}, {"seat", seat}, {"text", t}, {"at", now}}}});
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

void OnlineGame::apply(const json& ev) {
  const int64_t v = ev.at("version").get<int64_t>();
  if (v != version_ + 1)
    throw std::runtime_error("event version " + std::to_string(v) + " after " + std::to_string(version_));
  const std::string type = ev.at("type").get<std::string>();
  const int64_t at = ev.at("at").get<int64_t>();
  auto color_field = [&](const char* k) {
    const auto c = parse_color(ev.at(k).get<std::string>());
    if (!c) throw std::runtime_error(type + ": bad colour");
    return *c;
  };
  if (type == "joined") {
    Seat& s = seats_[color_field("seat")];
    s.kind = ev.at("kind").get<std::string>();
    s.name = ev.at("name").get<std::string>();
    s.level = ev.value("level", 0);
    s.token = ev.at("token").get<std::string>();
  } else if (type == "ready") {
    seats_[color_field("seat")].ready = true;
  } else if (type == "started") {
    status_ = Status::Active;
    seats_[WHITE].ready = seats_[BLACK].ready = true;
    anchor_ = at;
  } else if (type == "decision") {
    const std::string text = ev.at("decision").get<std::string>();
    const auto m = parse_legal_move(position(), text);
    if (!m || status_ != Status::Active) throw std::runtime_error("decision " + text + " does not fit");
    const Color by = position().side_to_move();
    game_.play(*m);
    decisions_.push_back({*m, by, at, ev.at("white_ms").get<int64_t>(), ev.at("black_ms").get<int64_t>()});
    clock_ms_[WHITE] = decisions_.back().white_ms;
    clock_ms_[BLACK] = decisions_.back().black_ms;
    anchor_ = at;
    undo_request_.reset();
    if (position().is_over()) {
      status_ = Status::Over;
      result_ = rules_result();
    }
  } else if (type == "undo_requested") {
    undo_request_ = color_field("by");
  } else if (type == "undo_declined") {
    undo_request_.reset();
  } else if (type == "undone") {
    const int keep = ev.at("ply").get<int>();
    if (keep < 0 || keep > ply()) throw std::runtime_error("undone: bad ply");
    decisions_.resize(keep);
    game_.reset(Position::start(meta_.variant));
    for (const auto& d : decisions_) game_.play(d.move);
    clock_ms_[WHITE] = ev.at("white_ms").get<int64_t>();
    clock_ms_[BLACK] = ev.at("black_ms").get<int64_t>();
    anchor_ = at;
    undo_request_.reset();
  } else if (type == "game_over") {
    status_ = Status::Over;
    result_ = result_from_json(ev.at("result"));
    clock_ms_[WHITE] = ev.at("white_ms").get<int64_t>();
    clock_ms_[BLACK] = ev.at("black_ms").get<int64_t>();
    undo_request_.reset();
  } else if (type == "aborted") {
    status_ = Status::Aborted;
    result_ = GameResult{"*", std::nullopt, "aborted"};
    undo_request_.reset();
  } else if (type == "rematch_offered") {
    rematch_offered_[color_field("by")] = true;
  } else if (type == "rematch") {
    rematch_game_ = ev.at("new_game").get<std::string>();
  } else if (type == "chat") {
    const json& l = ev.at("line");
    chat_.push_back({l.at("from").get<std::string>(), l.at("seat").get<std::string>(),
                     l.at("text").get<std::string>(), l.at("at").get<int64_t>()});
    if (chat_.size() > 100) chat_.erase(chat_.begin());
  } else {
    throw std::runtime_error("unknown event type " + type);
  }
  version_ = v;
  updated_at_ = at;
}

// ------------------------------------------------------------------------------ views

static void write_seat(JsonOut& o, const Seat& s) {
  o.begin_object().key("name");
  if (s.taken()) o.value(s.name);
  else o.null();
  o.key("kind").value(s.kind).key("level");
  if (s.kind == "ai") o.value(s.level);
  else o.null();
  o.key("ready").value(s.ready).end_object();
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
  o.key("position").value(to_text(pos));
  o.key("to_move");
  if (tm) o.value(color_name(*tm));
  else o.null();
  o.key("step").value(to_string(pos.step()));
  o.key("legal").begin_array();
  if (tm) {
    // Sorted by their text. A text has at most 8 characters: zero-padded and read big-endian,
    // it is an integer that sorts as the text does (a shorter text before its extensions).
    static_assert(MAX_MOVE_TEXT == sizeof(uint64_t));
    MoveList list;
    generate(pos, list);
    uint64_t keys[MAX_MOVES];
    size_t n = 0;
    for (Move m : list) {
      char text[MAX_MOVE_TEXT] = {};
      write_move(m, text);
      uint64_t k = 0;
      for (char c : text) k = k << 8 | static_cast<unsigned char>(c);
      keys[n++] = k;
    }
    std::sort(keys, keys + n);
    for (size_t i = 0; i < n; ++i) {
      char text[MAX_MOVE_TEXT];
      size_t len = 0;
      for (int shift = 56; shift >= 0 && (keys[i] >> shift & 0xff); shift -= 8) text[len++] = char(keys[i] >> shift);
      o.value(std::string_view(text, len));
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
    if (tm) o.value(color_name(*tm));
    else o.null();
    o.key("server_time_ms").value(now).end_object();
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

static json chat_json(const ChatLine& l) {
  return {{"from", l.from}, {"seat", l.seat}, {"text", l.text}, {"at", l.at}};
}

json OnlineGame::game_json(int64_t now) const {
  json decisions = json::array(), chat = json::array();
  for (const auto& d : decisions_) decisions.push_back(to_string(d.move));
  for (const auto& l : chat_) chat.push_back(chat_json(l));
  return {{"id", meta_.id},
          {"variant", to_string(meta_.variant)},
          {"clock", clock_json(meta_.clock)},
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
  for (const auto& l : chat_) chat.push_back(chat_json(l));
  auto name = [&](Color c) { return seats_[c].taken() ? json(seats_[c].name) : json(nullptr); };
  return {{"id", meta_.id},
          {"variant", to_string(meta_.variant)},
          {"clock", clock_json(meta_.clock)},
          {"white", name(WHITE)},
          {"black", name(BLACK)},
          {"start", to_text(game_.start())},
          {"status", to_string(status_)},
          {"result", result_ ? to_json(*result_) : json(nullptr)},
          {"decisions", std::move(decisions)},
          {"chat", std::move(chat)}};
}

std::string OnlineGame::record_text() const {
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
  return s;
}

std::string OnlineGame::public_event(const json& event, int64_t now) const {
  json e = event;
  e.erase("token");
  e.erase("game");
  e.erase("state");
  std::string s = e.dump(-1, ' ', false, json::error_handler_t::replace);
  s.pop_back();  // the closing brace: two more members follow
  JsonOut o(s);
  if (s.size() > 1) s += ',';
  o.key("game").value(meta_.id).key("state").raw(state_text(now));
  s += '}';
  return s;
}

}  // namespace yinsh::server

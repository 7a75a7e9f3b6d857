#include "record.h"

#include <cctype>

#include "movegen.h"
#include "notation.h"

namespace yinsh {

namespace {

bool fail(std::string* error, std::string msg) {
  if (error) *error = std::move(msg);
  return false;
}

bool is_result_token(std::string_view t) {
  return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

std::string escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out;
}

// The short form: a ring removal where a row is due stands for the only legal row, which is
// played here first. Anything else is left to the caller.
bool play_short_row(Game& game, std::string_view d, std::string* why) {
  const Step step = game.position().step();
  if (step != Step::RemoveRow && step != Step::EarlyRemoveRow) return true;
  const auto m = parse_move(d);
  if (!m || m->kind() != Move::RemoveRing) return true;
  MoveList list;
  generate(game.position(), list);
  if (list.size() == 1) return game.play(list[0]);
  std::string rows;
  for (Move r : list) rows += (rows.empty() ? "" : ", ") + to_string(r);
  *why = "'" + std::string(d) + "' leaves out the row, but " + std::to_string(list.size()) +
         " rows can be removed (" + rows + "): write the row first, e.g. " + to_string(list[0]) +
         std::string(d);
  return false;
}

// A comment `{...}` starting at text[i]: moves i past it.
bool skip_comment(std::string_view text, size_t& i, std::string* error) {
  const size_t close = text.find('}', i);
  if (close == std::string_view::npos) return fail(error, "unterminated comment (a '{' without its '}')");
  i = close + 1;
  return true;
}

}  // namespace

Illegal illegal_kind(const Position& pos, Move m) {
  if (is_legal(pos, m)) return Illegal::None;
  if (pos.is_over()) return Illegal::GameOver;
  const Color us = pos.side_to_move();
  const Step step = pos.step();
  const Move::Kind kind = m.kind();
  switch (step) {
    case Step::Place:
      if (kind != Move::Place) return Illegal::MustPlace;
      return Illegal::Occupied;
    case Step::Move:
      if (kind != Move::Ring && kind != Move::Pass) return Illegal::MustMove;
      break;
    case Step::RemoveRow:
    case Step::EarlyRemoveRow:
      if (kind != Move::Row) return Illegal::MustRemoveRow;
      return Illegal::NotARow;
    case Step::RemoveRing:
    case Step::EarlyRemoveRing:
      if (kind != Move::RemoveRing) return Illegal::MustRemoveRing;
      return Illegal::NoRing;
    case Step::Over:
      return Illegal::GameOver;
  }
  if (kind == Move::Pass) return Illegal::CannotPass;
  const Point a = m.from(), b = m.to();
  if (!pos.rings(us).contains(a)) return Illegal::NoRing;
  if (pos.occupied().contains(b)) return Illegal::Occupied;
  if (direction_between(a, b) < 0) return Illegal::NotOnALine;
  if (between(a, b) & pos.rings()) return Illegal::RingInTheWay;
  return Illegal::PastTheMarkers;
}

std::string_view to_string(Illegal kind) {
  switch (kind) {
    case Illegal::None: return "none";
    case Illegal::GameOver: return "game_over";
    case Illegal::MustPlace: return "must_place";
    case Illegal::MustMove: return "must_move";
    case Illegal::MustRemoveRow: return "must_remove_row";
    case Illegal::MustRemoveRing: return "must_remove_ring";
    case Illegal::Occupied: return "occupied";
    case Illegal::NoRing: return "no_ring";
    case Illegal::NotOnALine: return "not_on_a_line";
    case Illegal::RingInTheWay: return "ring_in_the_way";
    case Illegal::PastTheMarkers: return "past_the_markers";
    case Illegal::NotARow: return "not_a_row";
    case Illegal::CannotPass: return "cannot_pass";
  }
  return "none";
}

std::string why_illegal(const Position& pos, Move m) {
  const Illegal why = illegal_kind(pos, m);
  const std::string side = pos.side_to_move() == WHITE ? "white" : "black";
  const std::string Side = pos.side_to_move() == WHITE ? "White" : "Black";
  const std::string step = "(step " + std::string(to_string(pos.step())) + ")";
  const Point a = m.from(), b = m.to();
  switch (why) {
    case Illegal::None: return "";
    case Illegal::GameOver: return "the game is over";
    case Illegal::MustPlace: return Side + " must place a ring now " + step;
    case Illegal::MustMove: return Side + " must move a ring now " + step;
    case Illegal::MustRemoveRow:
      return Side + " must " +
             (pos.step() == Step::EarlyRemoveRow ? "remove a row the opponent made for it, before it moves"
                                                 : "remove a row of its own that its move made") +
             " now " + step;
    case Illegal::MustRemoveRing: return Side + " must remove one of its rings after removing a row now " + step;
    case Illegal::Occupied: return to_string(m.kind() == Move::Place ? a : b) + " is occupied";
    case Illegal::NoRing: return "there is no " + side + " ring on " + to_string(a);
    case Illegal::NotOnALine: return to_string(a) + " and " + to_string(b) + " are not on one line";
    case Illegal::RingInTheWay: return "a ring stands between " + to_string(a) + " and " + to_string(b);
    case Illegal::PastTheMarkers:
      return "the ring on " + to_string(a) + " cannot stop on " + to_string(b) +
             ": after jumping markers a ring stops on the first empty point";
    case Illegal::NotARow: return to_string(m) + " is not five " + side + " markers in a row";
    case Illegal::CannotPass: return Side + " cannot pass: it has a ring that can move";
  }
  return "not a decision";
}

std::optional<Result> parse_result(std::string_view t) {
  if (t == "1-0") return Result::WhiteWins;
  if (t == "0-1") return Result::BlackWins;
  if (t == "1/2-1/2") return Result::Draw;
  if (t == "*") return Result::None;
  return std::nullopt;
}

std::string GameRecord::tag(std::string_view name) const {
  for (const auto& [k, v] : tags)
    if (k == name) return v;
  return "";
}

void GameRecord::set_tag(std::string_view name, std::string value) {
  for (auto& [k, v] : tags)
    if (k == name) {
      v = std::move(value);
      return;
    }
  tags.emplace_back(std::string(name), std::move(value));
}

Game GameRecord::replay() const {
  Game game(start);
  for (Move m : moves) game.play(m);
  return game;
}

std::string format_moves(const Position& start, const std::vector<Move>& moves, RecordForm form,
                         const std::vector<std::string>& comments) {
  Game game(start);
  std::string pending;  // the comments of the turn being written, after it
  auto comment_of = [&](size_t i) -> std::string {
    if (i >= comments.size() || comments[i].empty()) return "";
    std::string c;
    for (char ch : comments[i]) c += ch == '}' ? ')' : ch == '{' ? '(' : (ch == '\n' || ch == '\r') ? ' ' : ch;
    return c;
  };
  std::string out;
  int turn = start.side_to_move() == WHITE ? 1 : 2;
  bool turn_empty = true;     // nothing written yet in this turn
  bool row_written = false;   // the last thing written is a row removal
  for (size_t i = 0; i < moves.size(); ++i) {
    const Color mover = game.position().side_to_move();
    if (i == 0) {
      out += std::to_string(turn) + ".";
    } else if (mover != game.mover(i - 1)) {
      if (!pending.empty()) out += " {" + pending + "}";
      pending.clear();
      out += " " + std::to_string(++turn) + ".";
      turn_empty = true;
      row_written = false;
    }
    const Move m = moves[i];
    bool omit = false;
    if (form == RecordForm::Short && m.kind() == Move::Row && i + 1 < moves.size()) {
      MoveList list;
      generate(game.position(), list);
      omit = list.size() == 1;  // the only row: the ring removal that follows says it
    }
    if (!omit) {
      if (!turn_empty && !(m.kind() == Move::RemoveRing && row_written)) out += ";";
      out += to_string(m);
      turn_empty = false;
    }
    row_written = !omit && m.kind() == Move::Row;
    if (const std::string c = comment_of(i); !c.empty()) pending += (pending.empty() ? "" : " ") + c;
    game.play(m);
  }
  if (!pending.empty()) out += " {" + pending + "}";
  return out;
}

std::vector<int> turn_numbers(const Position& start, const std::vector<Move>& moves) {
  Game game(start);
  std::vector<int> turns;
  int turn = start.side_to_move() == WHITE ? 1 : 2;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (i > 0 && game.position().side_to_move() != game.mover(i - 1)) ++turn;
    turns.push_back(turn);
    if (!game.play(moves[i])) break;
  }
  turns.resize(moves.size(), turn);
  return turns;
}

std::optional<std::vector<Move>> parse_moves(const Position& start, std::string_view text,
                                             std::string* error, std::string* result_token) {
  if (result_token) result_token->clear();
  Game game(start);
  int expected_turn = start.side_to_move() == WHITE ? 1 : 2;
  bool first_turn = true;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i >= text.size()) break;
    if (text[i] == '{') {  // a comment: skipped
      if (!skip_comment(text, i, error)) return std::nullopt;
      continue;
    }
    size_t j = i;
    while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j])) && text[j] != '{') ++j;
    std::string_view token = text.substr(i, j - i);
    i = j;
    if (is_result_token(token)) {
      while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
      while (i < text.size() && text[i] == '{') {  // comments may follow the result
        if (!skip_comment(text, i, error)) return std::nullopt;
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
      }
      if (i < text.size()) {
        fail(error, "text after the result '" + std::string(token) + "'");
        return std::nullopt;
      }
      if (result_token) *result_token = std::string(token);
      break;
    }
    // Optional turn number "N."
    std::string label = "decision '" + std::string(token) + "'";
    const size_t dot = token.find('.');
    const bool numbered = dot != std::string_view::npos;
    if (numbered) {
      const std::string_view num = token.substr(0, dot);
      int n = 0;
      for (char c : num) {
        if (!std::isdigit(static_cast<unsigned char>(c)) || n > 100000) {
          fail(error, "bad turn number in '" + std::string(token) + "'");
          return std::nullopt;
        }
        n = n * 10 + (c - '0');
      }
      if (num.empty()) {
        fail(error, "bad turn number in '" + std::string(token) + "'");
        return std::nullopt;
      }
      if (!first_turn) ++expected_turn;
      if (n != expected_turn) {
        fail(error, "turn " + std::string(num) + ": expected turn " + std::to_string(expected_turn));
        return std::nullopt;
      }
      label = "turn " + std::string(num);
      token = token.substr(dot + 1);
      if (!first_turn && !game.moves().empty() &&
          game.position().side_to_move() == game.mover(game.moves().size() - 1)) {
        fail(error, label + ": the previous turn is not finished (its player still has to decide)");
        return std::nullopt;
      }
    } else if (!first_turn && !game.moves().empty() &&
               game.position().side_to_move() != game.mover(game.moves().size() - 1)) {
      ++expected_turn;
    }
    first_turn = false;
    const Color turn_player = game.position().side_to_move();
    // Decisions of the turn: split on ';' and at an 'x' that follows a row removal.
    size_t k = 0;
    while (k <= token.size()) {
      size_t end = token.find(';', k);
      if (end == std::string_view::npos) end = token.size();
      std::string_view part = token.substr(k, end - k);
      k = end + 1;
      if (part.empty()) {
        fail(error, label + ": empty decision");
        return std::nullopt;
      }
      const size_t second_x = part.size() > 1 ? part.find_first_of("xX", 1) : std::string_view::npos;
      for (std::string_view d : {part.substr(0, second_x),
                                 second_x == std::string_view::npos ? std::string_view() : part.substr(second_x)}) {
        if (d.empty()) continue;
        if (numbered && game.position().side_to_move() != turn_player) {
          fail(error, label + ": '" + std::string(d) + "' belongs to the next turn (the other player decides)");
          return std::nullopt;
        }
        std::string why;
        if (!play_short_row(game, d, &why)) {
          fail(error, label + ": " + why);
          return std::nullopt;
        }
        if (!game.play(d, &why)) {
          if (const auto m = parse_move(d); m && !is_legal(game.position(), *m))
            why = "illegal decision '" + std::string(d) + "': " + why_illegal(game.position(), *m);
          fail(error, label + ": " + why);
          return std::nullopt;
        }
      }
    }
  }
  return game.moves();
}

std::string write_record(const GameRecord& record, RecordForm form) {
  GameRecord r = record;
  r.set_tag("Variant", std::string(to_string(r.start.variant())));
  if (!(r.start == Position::start(r.start.variant()))) r.set_tag("Position", to_text(r.start));
  const Game game = r.replay();
  const Result result = game.position().result();
  if (result != Result::None) r.set_tag("Result", std::string(to_string(result)));
  std::string out;
  for (const auto& [k, v] : r.tags) out += "[" + k + " \"" + escape(v) + "\"]\n";
  if (!r.tags.empty()) out += "\n";
  out += format_moves(r.start, r.moves, form, r.comments);
  const std::string res = r.tag("Result");
  if (!res.empty()) out += (r.moves.empty() ? "" : " ") + res;
  out += "\n";
  return out;
}

namespace {

// The Result tag and the result token agree, and match the rules when the game is over.
bool check_result(GameRecord& r, const std::string& token, std::string* error) {
  const std::string tag = r.tag("Result");
  if (!tag.empty() && !parse_result(tag))
    return fail(error, "header: Result must be 1-0, 0-1, 1/2-1/2 or *, not \"" + tag + "\"");
  if (!tag.empty() && !token.empty() && tag != token)
    return fail(error, "result: the header says " + tag + " but the moves end with " + token);
  if (tag.empty() && !token.empty()) r.set_tag("Result", token);
  const std::string declared = tag.empty() ? token : tag;
  if (declared.empty()) return true;
  const Position end = r.replay().position();
  if (!end.is_over()) return true;  // stopped early: resignation, time, agreement
  const std::string rules(to_string(end.result()));
  if (declared != rules)
    return fail(error, "result: the record says " + declared + " but the game ran to its end and the rules give " +
                           rules + " (rings removed: white " + std::to_string(end.removed(WHITE)) +
                           ", black " + std::to_string(end.removed(BLACK)) + ")");
  return true;
}

}  // namespace

std::optional<GameRecord> read_record(std::string_view text, std::string* error) {
  GameRecord r;
  size_t i = 0;
  int line = 1;
  // Header: lines [Name "value"]
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
      line += text[i++] == '\n';
    if (i >= text.size() || text[i] != '[') break;
    const std::string where = "line " + std::to_string(line) + ": ";
    size_t j = i + 1;
    std::string name, value;
    while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_'))
      name += text[j++];
    while (j < text.size() && text[j] == ' ') ++j;
    if (name.empty() || j >= text.size() || text[j] != '"') {
      fail(error, where + "a header tag is [Name \"value\"]");
      return std::nullopt;
    }
    for (++j; j < text.size() && text[j] != '"' && text[j] != '\n'; ++j) {
      if (text[j] == '\\' && j + 1 < text.size()) ++j;
      value += text[j];
    }
    if (j + 1 >= text.size() || text[j] != '"' || text[j + 1] != ']') {
      fail(error, where + "unterminated header tag [" + name + " ...]");
      return std::nullopt;
    }
    r.tags.emplace_back(name, value);
    i = j + 2;
  }
  const std::string variant = r.tag("Variant");
  if (!variant.empty() && !parse_variant(variant)) {
    fail(error, "header: Variant must be \"normal\" or \"blitz\", not \"" + variant + "\"");
    return std::nullopt;
  }
  r.start = Position::start(variant == "blitz" ? Variant::Blitz : Variant::Normal);
  if (const std::string text_pos = r.tag("Position"); !text_pos.empty()) {
    std::string why;
    auto p = parse_position(text_pos, &why);
    if (!p) {
      fail(error, "header: Position: " + why);
      return std::nullopt;
    }
    r.start = *p;
  }
  std::string why, token;
  auto moves = parse_moves(r.start, text.substr(i), &why, &token);
  if (!moves) {
    fail(error, "moves: " + why);
    return std::nullopt;
  }
  r.moves = std::move(*moves);
  if (!check_result(r, token, error)) return std::nullopt;
  return r;
}

GameRecord make_record(const Game& game) {
  GameRecord r;
  r.start = game.start();
  r.moves = game.moves();
  return r;
}

}  // namespace yinsh

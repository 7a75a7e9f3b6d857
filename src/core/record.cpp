#include "record.h"

#include <cctype>

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

}  // namespace

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

std::string format_moves(const Position& start, const std::vector<Move>& moves) {
  Game game(start);
  std::string out;
  int turn = start.side_to_move() == WHITE ? 1 : 2;
  for (size_t i = 0; i < moves.size(); ++i) {
    const Color mover = game.position().side_to_move();
    if (i == 0) {
      out += std::to_string(turn) + ".";
    } else if (mover != game.mover(i - 1)) {
      out += " " + std::to_string(++turn) + ".";
    } else if (!(moves[i].kind() == Move::RemoveRing && moves[i - 1].kind() == Move::Row)) {
      out += ";";
    }
    out += to_string(moves[i]);
    game.play(moves[i]);
  }
  return out;
}

std::optional<std::vector<Move>> parse_moves(const Position& start, std::string_view text,
                                             std::string* error) {
  Game game(start);
  int expected_turn = start.side_to_move() == WHITE ? 1 : 2;
  bool first_turn = true;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i >= text.size()) break;
    size_t j = i;
    while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
    std::string_view token = text.substr(i, j - i);
    i = j;
    if (is_result_token(token)) {
      while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
      if (i < text.size()) {
        fail(error, "text after the result '" + std::string(token) + "'");
        return std::nullopt;
      }
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
        if (!game.play(d, &why)) {
          fail(error, label + ": " + why);
          return std::nullopt;
        }
      }
    }
  }
  return game.moves();
}

std::string write_record(const GameRecord& record) {
  GameRecord r = record;
  r.set_tag("Variant", std::string(to_string(r.start.variant())));
  if (!(r.start == Position::start(r.start.variant()))) r.set_tag("Position", to_text(r.start));
  const Game game = r.replay();
  const Result result = game.position().result();
  if (result != Result::None) r.set_tag("Result", std::string(to_string(result)));
  std::string out;
  for (const auto& [k, v] : r.tags) out += "[" + k + " \"" + escape(v) + "\"]\n";
  if (!r.tags.empty()) out += "\n";
  out += format_moves(r.start, r.moves);
  const std::string res = r.tag("Result");
  if (!res.empty()) out += (r.moves.empty() ? "" : " ") + res;
  out += "\n";
  return out;
}

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
  std::string why;
  auto moves = parse_moves(r.start, text.substr(i), &why);
  if (!moves) {
    fail(error, "moves: " + why);
    return std::nullopt;
  }
  r.moves = std::move(*moves);
  return r;
}

GameRecord make_record(const Game& game) {
  GameRecord r;
  r.start = game.start();
  r.moves = game.moves();
  return r;
}

}  // namespace yinsh

#include "game.h"

#include "movegen.h"
#include "notation.h"

namespace yinsh {

Game::Game(const Position& start) : start_(start), pos_(start) {}

void Game::reset(const Position& start) { *this = Game(start); }

bool Game::play(Move m) {
  if (!is_legal(pos_, m)) return false;
  movers_.push_back(pos_.side_to_move());
  moves_.push_back(m);
  states_.emplace_back();
  pos_.do_move(m, states_.back());
  return true;
}

bool Game::play(std::string_view text, std::string* error) {
  const auto m = parse_legal_move(pos_, text, error);
  return m && play(*m);
}

bool Game::undo() {
  if (moves_.empty()) return false;
  pos_.undo_move(moves_.back(), states_.back());
  moves_.pop_back();
  movers_.pop_back();
  states_.pop_back();
  return true;
}

std::optional<Position> start_position(std::string_view text, bool blitz,
                                       const std::vector<std::string>& moves, std::string* error) {
  Position start = Position::start(blitz ? Variant::Blitz : Variant::Normal);
  if (!text.empty()) {
    auto parsed = parse_position(text, error);
    if (!parsed) return std::nullopt;
    start = *parsed;
  }
  Game game(start);
  for (size_t i = 0; i < moves.size(); ++i) {
    std::string why;
    if (!game.play(moves[i], &why)) {
      if (error) *error = "decision " + std::to_string(i + 1) + ": " + why;
      return std::nullopt;
    }
  }
  return game.position();
}

}  // namespace yinsh

// Random-game properties (RapidCheck): every decision of random games from the start, in
// both variants, keeps the position consistent, hashes incrementally to the fresh key,
// undoes exactly, and round-trips through the notation, the position text and the records.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "core/game.h"
#include "core/random.h"
#include "core/record.h"
#include "test_util.h"

using namespace yinsh;
using namespace yinsh::test;

namespace {

// Checks of one position that need no history.
void check_position(const Position& p) {
  std::string why;
  RC_ASSERT(p.is_ok(&why));
  RC_ASSERT(p.key() == p.compute_key());
  RC_ASSERT(p.markers_on_board() + p.markers_in_pool() == 51);
  RC_ASSERT(p.markers_on_board() <= 51);
  if (p.step() != Step::Place)
    for (Color c : {WHITE, BLACK}) RC_ASSERT(p.rings(c).count() + p.removed(c) == 5);
  else
    RC_ASSERT(p.markers_on_board() == 0);
  RC_ASSERT((p.result() == Result::None) == !p.is_over());

  // Position text round trip.
  const std::string t = to_text(p);
  const auto back = parse_position(t, &why);
  RC_ASSERT(back.has_value());
  RC_ASSERT(*back == p);
  RC_ASSERT(back->key() == p.key());
  RC_ASSERT(to_text(*back) == t);

  // Legal decisions: the count agrees, no duplicates, notation round trip, do/undo exact.
  MoveList list;
  generate(p, list);
  RC_ASSERT(count_moves(p) == list.size());
  RC_ASSERT(p.is_over() == list.empty());
  std::set<std::string> names;
  std::set<uint64_t> keys;  // legal lists' sort keys: the text back, in the texts' order
  for (Move m : list) {
    const std::string s = to_string(m);
    RC_ASSERT(names.insert(s).second);
    char text[MAX_MOVE_TEXT];
    RC_ASSERT(std::string_view(text, key_text(move_text_key(m), text)) == s);
    keys.insert(move_text_key(m));
    const auto parsed = parse_move(s);
    RC_ASSERT(parsed.has_value());
    RC_ASSERT(*parsed == m);
    RC_ASSERT(parse_legal_move(p, s).has_value());
    Position q = p;
    StateInfo st;
    q.do_move(m, st);
    RC_ASSERT(q.key() == q.compute_key());
    q.undo_move(m, st);
    RC_ASSERT(q == p);
    RC_ASSERT(q.key() == p.key());
  }
  RC_ASSERT(keys.size() == names.size());
  auto name = names.begin();
  for (uint64_t k : keys) {
    char text[MAX_MOVE_TEXT];
    RC_ASSERT(std::string_view(text, key_text(k, text)) == *name++);
  }
}

// What one decision may change, checked against the rules independently of do_move.
void check_transition(const Position& before, Move m, const Position& after) {
  const Color us = before.side_to_move();
  auto pieces = [](const Position& p, char ch) {
    int n = 0;
    for (const auto& name : spec_points()) n += p.piece_char(*parse_point(name)) == ch;
    return n;
  };
  const char ring = us == WHITE ? 'W' : 'B', mark = us == WHITE ? 'w' : 'b';
  switch (m.kind()) {
    case Move::Place:
      RC_ASSERT(after.piece_char(m.from()) == ring);
      RC_ASSERT(after.rings().count() == before.rings().count() + 1);
      break;
    case Move::Ring: {
      RC_ASSERT(after.markers_on_board() == before.markers_on_board() + 1);
      RC_ASSERT(after.piece_char(m.from()) == mark);
      RC_ASSERT(after.piece_char(m.to()) == ring);
      // Points off the segment from..to are untouched; on it, markers are flipped.
      const Bitboard seg = between(m.from(), m.to());
      for (const auto& name : spec_points()) {
        const Point q = *parse_point(name);
        if (q == m.from() || q == m.to()) continue;
        const char a = before.piece_char(q), b = after.piece_char(q);
        if (!seg.contains(q)) {
          RC_ASSERT(a == b);
        } else if (a == '.') {
          RC_ASSERT(b == '.');  // empty points passed over stay empty
        } else {
          RC_ASSERT(a == 'w' || a == 'b');  // never over a ring
          RC_ASSERT(b == (a == 'w' ? 'b' : 'w'));
        }
      }
      break;
    }
    case Move::Row:
      RC_ASSERT(pieces(after, mark) == pieces(before, mark) - 5);
      RC_ASSERT(after.markers_on_board() == before.markers_on_board() - 5);
      RC_ASSERT(after.removed(us) == before.removed(us));
      break;
    case Move::RemoveRing:
      RC_ASSERT(pieces(after, ring) == pieces(before, ring) - 1);
      RC_ASSERT(after.removed(us) == before.removed(us) + 1);
      RC_ASSERT(after.markers() == before.markers());
      break;
    case Move::Pass:
      RC_ASSERT(!before.can_move_ring(us));
      RC_ASSERT(after.rings() == before.rings() && after.markers() == before.markers());
      break;
    case Move::None:
      RC_FAIL("generated a none move");
  }
  // Game over: the side is the player who made the last decision.
  if (after.is_over()) RC_ASSERT(after.side_to_move() == us);
}

void random_game(uint64_t seed, Variant variant) {
  Rng rng(seed);
  Position p = Position::start(variant);
  std::vector<Position> history;
  std::vector<Move> moves;
  std::vector<StateInfo> states(1000);
  check_position(p);
  while (!p.is_over() && moves.size() < states.size()) {
    MoveList list;
    generate(p, list);
    RC_ASSERT(!list.empty());
    const Move m = list[int(rng.below(uint32_t(list.size())))];
    history.push_back(p);
    moves.push_back(m);
    p.do_move(m, states[moves.size() - 1]);
    check_transition(history.back(), m, p);
    check_position(p);
  }
  // How the games went (printed by RapidCheck), to see that the rare paths are covered.
  bool pass = false, early = false;
  for (size_t i = 0; i < moves.size(); ++i) {
    pass |= moves[i].kind() == Move::Pass;
    early |= history[i].step() == Step::EarlyRemoveRow;
  }
  const int need = rings_to_win(variant);
  RC_TAG(!p.is_over()                                                   ? "cut"
         : p.removed(WHITE) >= need || p.removed(BLACK) >= need         ? "won"
         : p.markers_in_pool() == 0                                     ? "pool exhausted"
                                                                        : "nobody can move");
  RC_CLASSIFY(pass, "a pass");
  RC_CLASSIFY(early, "an early removal");

  // Records: write/read and format/parse round trips, replay reaches the same position.
  Game game(Position::start(variant));
  for (Move m : moves) RC_ASSERT(game.play(m));
  RC_ASSERT(game.position() == p);
  const std::string rec = write_record(make_record(game));
  std::string why;
  const auto read = read_record(rec, &why);
  RC_ASSERT(read.has_value());
  RC_ASSERT(read->moves == moves);
  RC_ASSERT(read->start == Position::start(variant));
  RC_ASSERT(read->replay().position() == p);
  RC_ASSERT(write_record(*read) == rec);
  const auto parsed = parse_moves(Position::start(variant), format_moves(Position::start(variant), moves), &why);
  RC_ASSERT(parsed.has_value());
  RC_ASSERT(*parsed == moves);

  // Undo everything, in reverse: each step restores the earlier position and key exactly.
  for (size_t i = moves.size(); i-- > 0;) {
    p.undo_move(moves[i], states[i]);
    RC_ASSERT(p == history[i]);
    RC_ASSERT(p.key() == history[i].key());
  }
  RC_ASSERT(p == Position::start(variant));
  // And Game::undo agrees.
  while (game.undo()) {
  }
  RC_ASSERT(game.position() == Position::start(variant));
}

}  // namespace

RC_GTEST_PROP(Property, RandomNormalGames, ()) {
  random_game(*rc::gen::arbitrary<uint64_t>(), Variant::Normal);
}

RC_GTEST_PROP(Property, RandomBlitzGames, ()) {
  random_game(*rc::gen::arbitrary<uint64_t>(), Variant::Blitz);
}

// Distinct positions hash differently along a game (a weak check of the Zobrist keys).
TEST(Property, KeysDifferAlongAGame) {
  Rng rng(7);
  Position p = Position::start();
  std::set<uint64_t> keys;
  std::set<std::string> texts;
  StateInfo st;
  while (!p.is_over()) {
    if (texts.insert(to_text(p)).second) {
      EXPECT_TRUE(keys.insert(p.key()).second) << to_text(p);
    }
    MoveList list;
    generate(p, list);
    p.do_move(list[int(rng.below(uint32_t(list.size())))], st);
  }
  EXPECT_GT(keys.size(), 50u);
}

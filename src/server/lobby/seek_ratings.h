// The lobby's copy of the ratings of the accounts connected to this process, as plain data (no
// threads, no store): filled from the store when an account's connection opens (Lobby::
// connected), and moved on when a rated game's result is stored here (Lobby::rated). A seek,
// a pairing request or a challenge carries its maker's rating in the category of the game
// asked for. An account with no rated game in a category is 1500 provisional there (Glicko-2's
// start, docs/accounts.md), as are guests for ranges and pairing.
//
// With several servers on one PostgreSQL database, a rating moved by a game on another
// server is seen here the next time the account opens a connection to this one.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "rating/category.h"
#include "server/ratings/ratings_store.h"
#include "server/lobby/seek_book.h"

namespace yinsh::server {

// The rating category of a game of this kind (rating/category.h).
rating::Category category_of(const GameKind& k);

struct ShownRating {
  int rating = Seeker::kGuestRating;
  bool provisional = true;
};

class LobbyRatings {
 public:
  // Replaces what is known of `account` by its stored rows.
  void set(const std::string& account, const std::vector<CurrentRating>& rows);
  // The ratings after a rated game (its changes filled: RatedGame::change).
  void update(const RatedGame& g);
  // The account's rating in the category of `kind` (1500 provisional when it has none).
  ShownRating of(const std::string& account, const GameKind& kind) const;
  void forget(const std::string& account);
  size_t accounts() const { return ratings_.size(); }

 private:
  std::map<std::string, std::map<rating::Category, ShownRating>> ratings_;
};

}  // namespace yinsh::server

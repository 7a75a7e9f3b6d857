// Usernames of accounts: what may be registered, the form names are compared in, and the
// look-alike "skeleton" that keeps one player from imitating another. The rule (also in
// docs/ratings.md, "Usernames"):
//   1. The name as typed is normalised with Unicode NFKC (so full-width "ｙｉｎｓｈ" is
//      "yinsh", ligatures and compatibility forms become plain letters).
//   2. The result must be 3-20 characters from A-Z a-z 0-9 _ -, begin and end with a letter
//      or digit, and have no two of _ and - in a row.
//   3. Names are the same account when equal ignoring case (the key is the lower-case form).
//   4. Two names are look-alikes when their skeletons are equal: lower case, the digits that
//      pass for letters read as them (0 o, 1 l, 2 z, 3 e, 4 a, 5 s, 7 t, 8 b, 9 g), i -> l,
//      "rn" -> "m", "vv" -> "w", "cl" -> "d", and _ and - dropped. A name whose skeleton is
//      taken by another account is refused.
//   5. A few names are reserved (deleted, guest, admin, ...): their skeletons are taken.
// Uses ICU (an edge dependency: the rules core and search never see it).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace yinsh::accounts {

struct Username {
  std::string display;   // as it will be shown: NFKC form of what was typed
  std::string key;       // lower case: the account's identity
  std::string skeleton;  // the look-alike class
};

constexpr int kMinNameLength = 3;
constexpr int kMaxNameLength = 20;

// The normalised name, or nullopt with `error` saying what is wrong (in words for the user).
std::optional<Username> parse_username(std::string_view typed, std::string* error);

// The look-alike class of an already valid name.
std::string skeleton_of(std::string_view name);

// True for names no one may register (compared by skeleton).
bool is_reserved(std::string_view skeleton);

}  // namespace yinsh::accounts

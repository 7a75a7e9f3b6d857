#include "accounts/username.h"

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>
#include <unicode/ustring.h>

#include <array>
#include <cctype>

namespace yinsh::accounts {
namespace {

bool alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool joiner(char c) { return c == '_' || c == '-'; }

std::optional<std::string> nfkc(std::string_view typed) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n = icu::Normalizer2::getNFKCInstance(status);
  if (U_FAILURE(status)) return std::nullopt;
  // u_strFromUTF8 refuses ill-formed UTF-8 (UnicodeString::fromUTF8 would substitute).
  UChar buffer[300];
  int32_t length = 0;
  u_strFromUTF8(buffer, 300, &length, typed.data(), int32_t(typed.size()), &status);
  if (U_FAILURE(status)) return std::nullopt;
  const icu::UnicodeString in(buffer, length);
  const icu::UnicodeString out = n->normalize(in, status);
  if (U_FAILURE(status)) return std::nullopt;
  std::string utf8;
  out.toUTF8String(utf8);
  return utf8;
}

}  // namespace

std::string skeleton_of(std::string_view name) {
  std::string s;
  for (char c : name) {
    if (joiner(c)) continue;
    c = char(std::tolower(static_cast<unsigned char>(c)));
    // Digits that pass for letters: 0 o, 1 l, 2 z, 3 e, 4 a, 5 s, 7 t, 8 b, 9 g. 6 stays a 6:
    // read as b it would make Player6 and Player8, which nobody confuses, one name.
    static constexpr char kDigitAs[] = "olzeas6tbg";
    if (c >= '0' && c <= '9') c = kDigitAs[c - '0'];
    if (c == 'i') c = 'l';
    s += c;
  }
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (i + 1 < s.size() && s[i] == 'r' && s[i + 1] == 'n') {
      out += 'm';
      ++i;
    } else if (i + 1 < s.size() && s[i] == 'v' && s[i + 1] == 'v') {
      out += 'w';
      ++i;
    } else if (i + 1 < s.size() && s[i] == 'c' && s[i + 1] == 'l') {
      out += 'd';
      ++i;
    } else {
      out += s[i];
    }
  }
  return out;
}

bool is_reserved(std::string_view skeleton) {
  static const std::array<std::string, 9> reserved = {
      skeleton_of("deleted"), skeleton_of("guest"),     skeleton_of("admin"),
      skeleton_of("administrator"), skeleton_of("moderator"), skeleton_of("system"),
      skeleton_of("anonymous"), skeleton_of("computer"),  skeleton_of("yinsh")};
  for (const std::string& r : reserved)
    if (r == skeleton) return true;
  return false;
}

std::optional<Username> parse_username(std::string_view typed, std::string* error) {
  auto fail = [&](const char* why) -> std::optional<Username> {
    if (error) *error = why;
    return std::nullopt;
  };
  if (typed.size() > 256) return fail("the name is too long: at most 20 characters");
  const auto normal = nfkc(typed);
  if (!normal) return fail("the name is not valid UTF-8");
  const std::string& n = *normal;
  for (char c : n)
    if (!alnum(c) && !joiner(c)) return fail("a name may use only letters A-Z, digits, _ and -");
  if (n.size() < size_t(kMinNameLength)) return fail("the name is too short: at least 3 characters");
  if (n.size() > size_t(kMaxNameLength)) return fail("the name is too long: at most 20 characters");
  if (!alnum(n.front()) || !alnum(n.back())) return fail("a name begins and ends with a letter or digit");
  for (size_t i = 0; i + 1 < n.size(); ++i)
    if (joiner(n[i]) && joiner(n[i + 1])) return fail("a name may not have _ or - twice in a row");
  Username u{n, n, skeleton_of(n)};
  for (char& c : u.key) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (is_reserved(u.skeleton)) return fail("that name is reserved");
  return u;
}

}  // namespace yinsh::accounts

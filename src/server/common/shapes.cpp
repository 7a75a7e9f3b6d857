#include "server/common/shapes.h"

#include <cctype>

#include "core/notation.h"

namespace yinsh::server {

bool valid_correspondence_days(int64_t days) {
  for (int d : {1, 2, 3, 5, 7, 14})
    if (days == d) return true;
  return false;
}

json clock_json(const std::optional<ClockSpec>& c) {
  if (!c) return nullptr;
  if (c->correspondence()) return {{"days", c->days()}};
  return {{"base_ms", c->base_ms}, {"increment_ms", c->inc_ms}};
}

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

std::string_view to_string(SeatKind k) {
  switch (k) {
    case SeatKind::Open: return "open";
    case SeatKind::Human: return "human";
    case SeatKind::Ai: return "ai";
  }
  return "?";
}

std::optional<SeatKind> parse_seat_kind(std::string_view s) {
  for (SeatKind k : {SeatKind::Open, SeatKind::Human, SeatKind::Ai})
    if (to_string(k) == s) return k;
  return std::nullopt;
}

json to_json(const GameResult& r) {
  return {{"score", r.score},
          {"winner", r.winner ? json(color_name(*r.winner)) : json(nullptr)},
          {"reason", r.reason}};
}

json to_json(const ChatLine& l) {
  json j = {{"from", l.from}, {"seat", l.seat}, {"text", l.text}, {"at", l.at}};
  if (!l.account.empty()) j["account"] = l.account;
  if (l.id > 0) j["id"] = l.id;
  if (l.removed) {
    j["removed"] = true;
    j["removed_by"] = l.removed_by;
  }
  return j;
}

GameResult read_result(const json& j) {
  Fields f(j, "result.");
  GameResult r{f.str("score", 8), f.opt_color("winner"), f.str("reason", 16)};
  return r;
}

ChatLine read_chat_line(const json& j) {
  Fields f(j, "line.");
  ChatLine l;
  l.from = f.str("from", 64);
  l.seat = f.str("seat", 16);
  l.text = f.str("text", 2000);
  l.at = f.integer("at", 0, INT64_MAX);
  l.account = f.opt_str("account", 40).value_or("");
  l.id = f.opt_integer("id", 1, INT64_MAX).value_or(0);
  l.removed = f.opt_bool("removed").value_or(false);
  if (l.removed) l.removed_by = f.str("removed_by", 16);
  return l;
}

// ---------------------------------------------------------------------------------- text

size_t char_count(std::string_view s) {
  size_t n = 0;
  for (unsigned char ch : s) n += (ch & 0xc0) != 0x80;
  return n;
}

// The code point of the UTF-8 sequence at s[i] (of `len` bytes), or -1 when malformed.
static int32_t decode(std::string_view s, size_t i, size_t* len) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char c = b(0);
  size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
  if (n == 0 || i + n > s.size()) {
    *len = 1;
    return -1;
  }
  int32_t cp = n == 1 ? c : c & (0x7f >> n);
  for (size_t k = 1; k < n; ++k) {
    if ((b(k) & 0xc0) != 0x80) {
      *len = k;
      return -1;
    }
    cp = cp << 6 | (b(k) & 0x3f);
  }
  *len = n;
  // Overlong forms, surrogates and code points past U+10FFFF are malformed too.
  constexpr int32_t kLeast[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kLeast[n] || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return -1;
  return cp;
}

static bool invisible_control(int32_t cp) {
  return (cp >= 0x80 && cp <= 0x9f) || cp == 0x61c || cp == 0x200e || cp == 0x200f ||
         (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

bool passes_for_computer(std::string_view name) {
  std::string letters;
  for (char c : name)
    if (std::isalnum(static_cast<unsigned char>(c))) letters += char(std::tolower(static_cast<unsigned char>(c)));
  return letters.rfind("computer", 0) == 0 || letters.rfind("c0mputer", 0) == 0;
}

std::string clean_text(std::string_view s, size_t max_chars) {
  std::string out;
  size_t chars = 0;
  for (size_t i = 0, len = 0; i < s.size() && chars < max_chars; i += len) {
    const int32_t cp = decode(s, i, &len);
    if (cp < 0 || invisible_control(cp)) continue;  // malformed bytes too (JSON input has none)
    if (cp < 0x20 || cp == 0x7f) out += ' ';
    else out.append(s.substr(i, len));
    ++chars;
  }
  const auto b = out.find_first_not_of(' ');
  if (b == std::string::npos) return "";
  return out.substr(b, out.find_last_not_of(' ') - b + 1);
}

// ---------------------------------------------------------------------------------- Fields

Fields::Fields(const json& j, std::string prefix) : j_(j), prefix_(std::move(prefix)) {
  if (!j.is_object()) throw SchemaError(prefix_.empty() ? "a message must be a JSON object" : prefix_ + " must be an object");
}

void Fields::fail(const char* key, const std::string& what) const {
  throw SchemaError("field \"" + prefix_ + key + "\" " + what);
}

const json* Fields::find(const char* key) const {
  auto it = j_.find(key);
  return it == j_.end() || it->is_null() ? nullptr : &*it;
}

const json& Fields::any(const char* key) const {
  if (const json* v = find(key)) return *v;
  throw SchemaError("missing field \"" + prefix_ + key + "\"");
}

std::optional<std::string> Fields::opt_str(const char* key, size_t max_chars) const {
  const json* v = find(key);
  if (!v) return std::nullopt;
  if (!v->is_string()) fail(key, "must be a string");
  const auto& s = v->get_ref<const std::string&>();
  if (char_count(s) > max_chars) fail(key, "is longer than " + std::to_string(max_chars) + " characters");
  return s;
}

std::string Fields::str(const char* key, size_t max_chars) const {
  any(key);
  return *opt_str(key, max_chars);
}

std::optional<int64_t> Fields::opt_integer(const char* key, int64_t lo, int64_t hi) const {
  const json* v = find(key);
  if (!v) return std::nullopt;
  if (!v->is_number_integer()) fail(key, "must be an integer");
  if (v->is_number_unsigned() && v->get<uint64_t>() > uint64_t(INT64_MAX)) fail(key, "is out of range");
  const int64_t n = v->get<int64_t>();
  if (n < lo || n > hi) fail(key, "must be in " + std::to_string(lo) + ".." + std::to_string(hi));
  return n;
}

int64_t Fields::integer(const char* key, int64_t lo, int64_t hi) const {
  any(key);
  return *opt_integer(key, lo, hi);
}

bool Fields::boolean(const char* key) const {
  const json& v = any(key);
  if (!v.is_boolean()) fail(key, "must be true or false");
  return v.get<bool>();
}

std::optional<bool> Fields::opt_bool(const char* key) const {
  if (!find(key)) return std::nullopt;
  return boolean(key);
}

std::optional<Color> Fields::opt_color(const char* key) const {
  const auto s = opt_str(key, 8);
  if (!s) return std::nullopt;
  const auto c = parse_color(*s);
  if (!c) fail(key, "must be \"white\" or \"black\"");
  return c;
}

Color Fields::color(const char* key) const {
  any(key);
  return *opt_color(key);
}

const json* Fields::opt_object(const char* key) const {
  const json* v = find(key);
  if (v && !v->is_object()) fail(key, "must be an object");
  return v;
}

const json& Fields::object(const char* key) const {
  any(key);
  return *opt_object(key);
}

GameKind read_game_kind(const Fields& f) {
  GameKind k;
  if (auto v = f.opt_str("variant", 10)) {
    auto parsed = parse_variant(*v);
    if (!parsed) f.fail("variant", "must be \"normal\" or \"blitz\"");
    k.variant = *parsed;
  }
  if (const json* c = f.opt_object("clock")) {
    const Fields cf(*c, "clock.");
    if (c->contains("days")) {
      const int64_t days = cf.integer("days", 1, 14);
      if (!valid_correspondence_days(days)) cf.fail("days", "must be 1, 2, 3, 5, 7 or 14");
      k.clock = ClockSpec::days_per_move(int(days));
      return k;
    }
    k.clock = ClockSpec{cf.integer("base_ms", 1000, 10800000), cf.opt_integer("increment_ms", 0, 600000).value_or(0)};
  }
  return k;
}

}  // namespace yinsh::server

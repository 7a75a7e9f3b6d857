// Shapes shared by the server's messages (docs/api.md section 4): colours, statuses, seats,
// results, chat lines, errors, and the one JSON field reader every message reader uses.
// No threads, no network.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/types.h"

namespace yinsh::server {

using json = nlohmann::json;

// A real-time clock (base + Fischer increment, base at most 3 hours) or a correspondence one:
// N whole days per move (base_ms = N days, no increment), written {"days": N}. The two never
// overlap, so the stored base alone says which a game has.
constexpr int64_t kDayMs = 24LL * 3600 * 1000;
struct ClockSpec {
  int64_t base_ms = 0, inc_ms = 0;
  bool operator==(const ClockSpec&) const = default;
  static ClockSpec days_per_move(int days) { return {days * kDayMs, 0}; }
  bool correspondence() const { return base_ms >= kDayMs; }
  int days() const { return int(base_ms / kDayMs); }
};
// The days per move a correspondence game may have.
bool valid_correspondence_days(int64_t days);
inline bool is_correspondence(const std::optional<ClockSpec>& c) { return c && c->correspondence(); }
json clock_json(const std::optional<ClockSpec>& c);

enum class Status { Waiting, Active, Over, Aborted };
std::string_view to_string(Status s);
std::optional<Status> parse_status(std::string_view s);
std::string_view color_name(Color c);  // "white" / "black"
std::optional<Color> parse_color(std::string_view s);

enum class SeatKind { Open, Human, Ai };
std::string_view to_string(SeatKind k);
std::optional<SeatKind> parse_seat_kind(std::string_view s);

struct Seat {
  SeatKind kind = SeatKind::Open;
  std::string name;
  int level = 0;  // ai only
  std::string token;
  bool ready = false;
  std::string account;  // the holder's account id ("" for a guest or the AI)
  bool bot = false;     // the holder's account is a bot's (as it was when it took the seat)
  bool taken() const { return kind != SeatKind::Open; }
};

struct GameResult {
  std::string score;  // "1-0", "0-1", "1/2-1/2", "*"
  std::optional<Color> winner;
  std::string reason;  // rings, markers, no_moves, timeout, resign, aborted
  bool operator==(const GameResult&) const = default;
};
json to_json(const GameResult& r);

struct ChatLine {
  std::string from, seat, text;  // seat: white, black, spectator or system
  int64_t at = 0;
  std::string account;  // the writer's account id; "" for a guest (stored and shown like a joined seat's)
  // In views of the game only (not in the chat event): the line's id, which is the version of
  // its chat event, and whether a chat_deleted event removed it (its text is then "").
  int64_t id = 0;
  bool removed = false;
  std::string removed_by;  // "author" or "moderator"
  bool operator==(const ChatLine&) const = default;
};
json to_json(const ChatLine& l);

// `params`: the values a client words the refusal with in its own language (docs/api.md,
// section 5): e.g. {"reason": "own_seek"} or {"name": "bob"}; empty when the code says it all.
struct ApiError {
  std::string code, message;
  nlohmann::json params = nlohmann::json::object();
};

// A message that does not have the shape of its type; what() says which field and why.
struct SchemaError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Number of characters (code points) of UTF-8 text.
size_t char_count(std::string_view s);

// Cleans user text (names, chat): C0 controls and DEL become spaces; C1 controls and the
// bidirectional controls (U+061C, U+200E/F, U+202A-U+202E, U+2066-U+2069) are removed;
// spaces are trimmed; at most `max_chars` characters are kept.
std::string clean_text(std::string_view s, size_t max_chars);

// Whether a guest's name passes for the computer's seat ("Computer (level 8)", "computer",
// "COMPUTER-8"): its letters and digits, in lower case, begin with "computer". Such a name
// is not a guest's to take.
bool passes_for_computer(std::string_view name);

// Reads the fields of one JSON object. Every getter throws SchemaError naming the field when
// it is missing (required ones; null counts as missing), has the wrong type, or is out of
// range. Lengths are in characters.
class Fields {
 public:
  explicit Fields(const json& j, std::string prefix = "");  // throws unless j is an object
  std::string str(const char* key, size_t max_chars) const;
  std::optional<std::string> opt_str(const char* key, size_t max_chars) const;
  int64_t integer(const char* key, int64_t lo, int64_t hi) const;
  std::optional<int64_t> opt_integer(const char* key, int64_t lo, int64_t hi) const;
  bool boolean(const char* key) const;
  std::optional<bool> opt_bool(const char* key) const;
  Color color(const char* key) const;
  std::optional<Color> opt_color(const char* key) const;
  const json& object(const char* key) const;        // an object
  const json* opt_object(const char* key) const;    // an object, or nullptr when absent/null
  const json& any(const char* key) const;           // any value but null
  [[noreturn]] void fail(const char* key, const std::string& what) const;

 private:
  const json* find(const char* key) const;  // nullptr when missing or null
  const json& j_;
  std::string prefix_;
};

GameResult read_result(const json& j);
ChatLine read_chat_line(const json& j);

// What game a seek, a quick pairing or a challenge asks for.
struct GameKind {
  Variant variant = Variant::Normal;
  std::optional<ClockSpec> clock;  // nullopt: untimed
  bool operator==(const GameKind&) const = default;
};
// Reads "variant" (normal, blitz; default normal) and "clock" ({base_ms, increment_ms}, or
// {days} for correspondence; absent: untimed) of a message or request body; throws SchemaError.
GameKind read_game_kind(const Fields& f);

// A rating range a seek asks its taker to be in (the lobby, seek_book.h).
struct RatingRange {
  int min = 0, max = 4000;
};

}  // namespace yinsh::server

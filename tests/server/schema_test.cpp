// The message schema (commands, events, server messages): every type has a fixture in
// tests/data/messages/<family>/<type>.json that its reader accepts and its writer gives back
// unchanged; no fixture without a type; docs/api.md names every type; readers refuse what
// does not fit, naming the field.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "server/wire/commands.h"
#include "server/wire/events.h"
#include "server/wire/server_messages.h"

using namespace yinsh;
using namespace yinsh::server;
namespace fs = std::filesystem;

namespace {

const fs::path kDir = fs::path(YINSH_SOURCE_DIR) / "tests" / "data" / "messages";

std::string read_file(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The fixtures of one family, by type name.
std::map<std::string, json> fixtures(const std::string& family) {
  std::map<std::string, json> out;
  for (const auto& e : fs::directory_iterator(kDir / family))
    if (e.path().extension() == ".json") out[e.path().stem().string()] = json::parse(read_file(e.path()));
  return out;
}

template <class Names>
std::set<std::string> name_set(const Names& names) {
  return std::set<std::string>(names.begin(), names.end());
}

std::set<std::string> keys(const std::map<std::string, json>& m) {
  std::set<std::string> s;
  for (const auto& [k, v] : m) s.insert(k);
  return s;
}

}  // namespace

TEST(Schema, EveryCommandHasAFixtureThatRoundTrips) {
  const auto fx = fixtures("commands");
  EXPECT_EQ(keys(fx), name_set(CommandTable::names));
  for (const auto& [type, j] : fx) {
    ClientRead r = read_client_message(j.dump());
    ASSERT_TRUE(r.message) << type << ": " << r.error.message;
    EXPECT_EQ(CommandTable::name_of(r.message->command), type);
    EXPECT_EQ(write_client_message(*r.message), j) << type;
  }
}

TEST(Schema, EveryEventHasAFixtureThatRoundTrips) {
  const auto fx = fixtures("events");
  EXPECT_EQ(keys(fx), name_set(EventTable::names));
  for (const auto& [type, j] : fx) {
    const Event e = read_event(j, 5);
    EXPECT_EQ(e.type(), type);
    EXPECT_EQ(write_event(e), j) << type;
    EXPECT_EQ(parse_event_body(event_body(e), 5).type(), type);
    EXPECT_FALSE(write_event(e, false).contains("token"));
  }
}

TEST(Schema, EveryServerMessageHasAFixtureThatRoundTrips) {
  const auto fx = fixtures("server");
  EXPECT_EQ(keys(fx), name_set(server_message_types()));
  for (const auto& [type, j] : fx) {
    const ServerMessage m = read_server_message(j);
    std::string text;
    if (const auto* p = std::get_if<PrivateMessage>(&m)) {
      EXPECT_EQ(PrivateTable::name_of(*p), type);
      text = write_server_message(*p);
    } else {
      const auto& f = std::get<EventFrame>(m);
      EXPECT_EQ(f.event.type(), type);
      text = write_event_frame(f.event, f.game, f.state.dump());
    }
    EXPECT_EQ(json::parse(text), j) << type;
  }
}

TEST(Schema, TheApiDocsNameEveryType) {
  const std::string doc = read_file(fs::path(YINSH_SOURCE_DIR) / "docs" / "api.md");
  std::set<std::string> all = name_set(CommandTable::names);
  for (auto n : server_message_types()) all.insert(std::string(n));
  for (const auto& n : all) EXPECT_NE(doc.find("`" + n + "`"), std::string::npos) << n << " is not in docs/api.md";
}

TEST(Schema, ReadersRefuseWhatDoesNotFitAndSayWhy) {
  auto err = [](const std::string& text) { return read_client_message(text); };
  EXPECT_EQ(err("[1]").error.code, "bad_json");
  EXPECT_EQ(err("{").error.code, "bad_json");
  EXPECT_EQ(err(R"({"type":"dance"})").error.code, "unknown_type");
  auto r = err(R"({"type":"move","id":5})");
  EXPECT_EQ(r.error.code, "bad_request");
  EXPECT_NE(r.error.message.find("\"decision\""), std::string::npos) << r.error.message;
  EXPECT_EQ(r.id, 5);
  EXPECT_EQ(err(R"({"type":"move","decision":"e4","ply":"x"})").error.code, "bad_request");
  EXPECT_EQ(err(R"({"type":"join","color":"green"})").error.code, "bad_request");
  EXPECT_EQ(err(R"({"type":"chat","text":""})").error.code, "bad_request");
  // Missing stored fields are a corrupt log, not a default.
  EXPECT_THROW(read_event(json::parse(R"({"type":"decision","at":1,"ply":1,"by":"white"})"), 1), SchemaError);
  EXPECT_THROW(read_event(json::parse(R"({"type":"joined","at":1,"seat":"white","name":"a","kind":"open"})"), 1),
               SchemaError);
  EXPECT_THROW(parse_event_body("not json", 1), SchemaError);
  // A broadcast joined event never carries the token.
  json joined = json::parse(read_file(kDir / "server" / "joined.json"));
  joined["token"] = "secret";
  EXPECT_THROW(read_server_message(joined), SchemaError);
}

// D7: ids are echoed only when they are strings (of at most 64 characters) or numbers.
TEST(Schema, OnlyStringAndNumberIdsAreEchoed) {
  EXPECT_EQ(read_client_message(R"({"type":"ping","id":"abc"})").message->id, "abc");
  EXPECT_EQ(read_client_message(R"({"type":"ping","id":2.5})").message->id, 2.5);
  EXPECT_TRUE(read_client_message(R"({"type":"ping","id":{"a":1}})").message->id.is_null());
  EXPECT_TRUE(read_client_message(R"({"type":"ping","id":[1,2]})").message->id.is_null());
  EXPECT_TRUE(read_client_message(R"({"type":"dance","id":{"a":1}})").id.is_null());
  const std::string long_id(65, 'x');
  EXPECT_TRUE(read_client_message(R"({"type":"ping","id":")" + long_id + "\"}").message->id.is_null());
}

// D7: limits count characters, not bytes.
TEST(Schema, LengthLimitsCountCharacters) {
  std::string e500, a501(501, 'a'), n32, n33;
  for (int i = 0; i < 500; ++i) e500 += "\xf0\x9f\x98\x80";  // U+1F600, 4 bytes each
  for (int i = 0; i < 32; ++i) n32 += "\xc3\xa9";
  n33 = n32 + "e";
  auto chat = [](const std::string& t) { return read_client_message(json({{"type", "chat"}, {"text", t}}).dump()); };
  EXPECT_TRUE(chat(e500).message) << chat(e500).error.message;
  EXPECT_EQ(chat(a501).error.code, "bad_request");
  auto join = [](const std::string& n) { return read_client_message(json({{"type", "join"}, {"name", n}}).dump()); };
  EXPECT_TRUE(join(n32).message);
  EXPECT_EQ(join(n33).error.code, "bad_request");
  EXPECT_NE(join(n33).error.message.find("32 characters"), std::string::npos);
}

// D7: C0/C1 controls and bidirectional overrides never reach a name or a chat line.
TEST(Schema, CleanTextDropsControlsAndBidiOverrides) {
  EXPECT_EQ(clean_text("a\xc2\x85" "b", 100), "ab");                      // U+0085 (C1, NEL)
  EXPECT_EQ(clean_text("evil\xe2\x80\xae" "txt.exe", 100), "eviltxt.exe");  // U+202E
  EXPECT_EQ(clean_text("x\xe2\x81\xa6y\xe2\x81\xa9", 100), "xy");          // U+2066, U+2069
  EXPECT_EQ(clean_text("a\x01" "b\x7f" "c", 100), "a b c");
  EXPECT_EQ(clean_text("\xc3\xa9\xc3\xa9\xc3\xa9", 2), "\xc3\xa9\xc3\xa9");
}

// Malformed UTF-8 is dropped, never copied into a name or a chat line (whose JSON would then be
// invalid): overlong forms (found by fuzz_online_game: 0xc1 0xab, an overlong 'k', kept as a
// player's name made the game's state text invalid JSON), surrogates, code points past U+10FFFF,
// stray continuation bytes and truncated sequences.
TEST(Schema, CleanTextDropsMalformedUtf8) {
  EXPECT_EQ(clean_text("a\xc1\xab" "b", 100), "ab");          // overlong 'k'
  EXPECT_EQ(clean_text("a\xc0\x80" "b", 100), "ab");          // overlong NUL
  EXPECT_EQ(clean_text("a\xe0\x80\xaf" "b", 100), "ab");      // overlong '/'
  EXPECT_EQ(clean_text("a\xf0\x80\x80\xaf" "b", 100), "ab");  // overlong '/'
  EXPECT_EQ(clean_text("a\xed\xa0\x80" "b", 100), "ab");      // U+D800, a surrogate
  EXPECT_EQ(clean_text("a\xf4\x90\x80\x80" "b", 100), "ab");  // U+110000
  EXPECT_EQ(clean_text("a\x80" "b\xe2\x82", 100), "ab");       // stray continuation, truncated
  EXPECT_EQ(clean_text("\xf0\x9f\x98\x80\xe2\x82\xac", 100), "\xf0\x9f\x98\x80\xe2\x82\xac");  // U+1F600, U+20AC kept
  EXPECT_TRUE(json::accept(json(clean_text("\xc1\xab\xed\xa0\x80x", 100)).dump()));
}

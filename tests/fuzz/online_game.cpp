// libFuzzer target: arbitrary command sequences on one server game (OnlineGame, no network, no
// store). Each input byte picks a command (seats, start, decisions legal or not, undo, resign,
// abort, rematch, chat, time passing); every accepted command's event is stored as text, as
// the server does. Invariants: nothing crashes; a refused command says why; every stored
// event reads back to the same text; the waiting clock never goes below zero; the state is
// valid JSON; and replaying the stored log in a fresh game rebuilds exactly the same game.
#include <cstdint>
#include <string>
#include <vector>

#include "check.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "server/online_game.h"

using namespace yinsh;
using namespace yinsh::server;

namespace {

struct Input {
  const uint8_t* p;
  size_t n;
  bool empty() const { return n == 0; }
  uint8_t byte() {
    if (n == 0) return 0;
    --n;
    return *p++;
  }
  std::string text(size_t max) {  // raw bytes: names and chat may be anything
    std::string s;
    for (size_t len = byte() % (max + 1); len > 0 && n > 0; --len) s += char(byte());
    return s;
  }
};

struct Log {
  OnlineGame game;
  std::vector<std::pair<int64_t, std::string>> stored;  // version, body
  void commit(Outcome o, int64_t now) {
    if (!o.ok()) {  // commands are const: a refusal changes nothing by construction
      CHECK(!o.error.code.empty() && !o.error.message.empty());
      return;
    }
    o.event->version = game.version() + 1;
    const std::string body = event_body(*o.event);
    CHECK(event_body(parse_event_body(body, o.event->version)) == body);
    game.apply(parse_event_body(body, o.event->version));  // what a reload would apply
    stored.emplace_back(o.event->version, body);
  }
};

std::string some_decision(const OnlineGame& g, Input& in) {
  const uint8_t b = in.byte();
  if (b < 16 || !g.to_move()) return in.text(12);  // anything, mostly illegal
  MoveList list;
  generate(g.position(), list);
  if (list.size() == 0) return "pass";
  return to_string(list[b % list.size()]);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Input in{data, size};
  const uint8_t setup = in.byte();
  std::optional<ClockSpec> clock;
  if (setup & 1) clock = ClockSpec{1000 + 1000 * (setup >> 4), 100 * ((setup >> 1) & 7)};
  Log log{OnlineGame(GameMeta{"fuzzgame0001", setup & 2 ? Variant::Blitz : Variant::Normal, clock, 0}), {}};
  OnlineGame& g = log.game;
  int64_t now = 0;
  for (int steps = 0; !in.empty() && steps < 2000; ++steps) {
    const uint8_t op = in.byte();
    const Color c = Color(op >> 7);
    now += in.byte() * 37;
    // As the server's room does: a clock that ran out ends the game before anything is judged.
    if (auto d = g.deadline(); d && now >= *d) log.commit(g.timeout(now), now);
    switch (op % 13) {
      case 0: log.commit(g.join(in.text(40), op & 64 ? std::optional<Color>(c) : std::nullopt, "tok" + std::to_string(steps), now), now); break;
      case 1: log.commit(g.join_ai(c, 1 + in.byte() % 8, "ai" + std::to_string(steps), now), now); break;
      case 2: log.commit(g.ready(c, now), now); break;
      case 3: log.commit(g.start(now), now); break;
      case 4: case 5: case 6: {
        const std::string d = some_decision(g, in);
        const uint8_t p = in.byte();
        log.commit(g.decide(c, d, p < 32 ? std::optional<int64_t>(p) : std::nullopt, now), now);
        break;
      }
      case 7: log.commit(g.resign(c, now), now); break;
      case 8: log.commit(g.abort(c, now), now); break;
      case 9: log.commit(op & 64 ? g.request_undo(c, now) : g.answer_undo(c, op & 32, now), now); break;
      case 10: log.commit(op & 64 ? g.offer_rematch(c, now) : g.rematch_created("fuzzgame0002", now), now); break;
      case 11: log.commit(g.chat(in.text(20), "white", in.text(60), now), now); break;
      case 12: log.commit(g.timeout(now), now); break;
    }
    CHECK(g.position().is_ok());
    if (g.meta().clock && g.to_move()) CHECK(g.remaining(~*g.to_move(), now) >= 0);
  }
  CHECK(json::accept(g.state_text(now)));
  // The stored log is the game.
  OnlineGame replay(g.meta());
  for (const auto& [version, body] : log.stored) replay.apply(parse_event_body(body, version));
  CHECK(replay.game_json(now) == g.game_json(now));
  CHECK(replay.record_text() == g.record_text());
  return 0;
}

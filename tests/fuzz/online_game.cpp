// libFuzzer target: arbitrary command sequences on one server game (OnlineGame, no network, no
// store). Each input byte picks a command (seats, start, decisions legal or not, undo, resign,
// abort, rematch, chat and its removal, time passing); every accepted command's event is applied to the live
// game as the server's room applies it (the event itself) and stored as text, as the server
// stores it. Invariants: nothing crashes; a refused command says why; every stored event reads
// back to the same text; the waiting clock never goes below zero; the state is valid JSON; and
// a fresh game that applies the stored log (as a reload does) is the live game: the same
// version, position and clocks after every command, and the same state and record (decisions
// with their times and clocks, chat, seats, result) at the end.
// (The live game once applied the stored text too: then both sides of the comparison came
// from the same parsed events and a field lost between the event and its text went unseen.)
#include <cstdint>
#include <string>
#include <vector>

#include "check.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "server/game/online_game.h"

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
  OnlineGame game;    // live: applies each command's event
  OnlineGame replay;  // applies the stored text of each event, as a reload does
  void commit(Outcome o, int64_t now) {
    if (!o.ok()) {  // commands are const: a refusal changes nothing by construction
      CHECK(!o.error.code.empty() && !o.error.message.empty());
      return;
    }
    o.event->version = game.version() + 1;
    const std::string body = event_body(*o.event);
    const Event stored = parse_event_body(body, o.event->version);
    CHECK(event_body(stored) == body);
    game.apply(*o.event);
    replay.apply(stored);
    CHECK(replay.version() == game.version() && replay.position() == game.position());
    CHECK(replay.status() == game.status() && replay.ply() == game.ply());
    if (game.meta().clock)
      for (Color c : {WHITE, BLACK}) CHECK(replay.remaining(c, now) == game.remaining(c, now));
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
  const GameMeta meta{"fuzzgame0001", setup & 2 ? Variant::Blitz : Variant::Normal, clock, 0};
  Log log{OnlineGame(meta), OnlineGame(meta)};
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
      case 11:
        if (op & 64) log.commit(g.chat(in.text(20), color_name(c), in.text(60), now, op & 32 ? "acc1" : ""), now);
        else log.commit(g.delete_chat(in.byte() % (g.version() + 2), op & 32 ? std::optional<Color>(c) : std::nullopt,
                                      op & 16 ? "acc1" : "", op & 8, in.text(20), now), now);
        break;
      case 12: log.commit(g.timeout(now), now); break;
    }
    CHECK(g.position().is_ok());
    if (g.meta().clock && g.to_move()) CHECK(g.remaining(~*g.to_move(), now) >= 0);
  }
  // The stored log is the game: the same state (what every frame carries; game_json is it
  // parsed back, plus the decisions and chat that the record holds), the same record.
  const std::string state = g.state_text(now);
  CHECK(json::accept(state));
  CHECK(log.replay.state_text(now) == state);
  CHECK(log.replay.record_json() == g.record_json());
  CHECK(log.replay.record_text() == g.record_text());
  return 0;
}

// libFuzzer target: the engine protocol. Each input is a series of lines fed to a Protocol over
// a string stream. Nothing may crash, hang, or leave the game in an inconsistent position.
// A refused command must answer exactly one "error ..." line and leave the game unchanged.
// (perft deeper than 2 is skipped: it is slow by design, not a bug; searches are stopped at once.)
// Speed: one Engine serves every input (building one allocates and clears its 64 MiB hash:
// that made 4 executions a second); each input starts with every option at its default but
// Hash 1 MiB (the inputs' own Hash/Threads settings are skipped) and Level 0 (a random legal
// decision: searching is not what this target tests, the protocol is; an input may still
// set another level). The hash is not cleared
// between inputs (clearing it, instrumented, cost 60% of the time): a search may differ with
// what earlier inputs left there, which none of the properties checked here depends on. For
// the same reason a "newgame" line starts a fresh Protocol instead of clearing the engine,
// and only an input's first "go" searches (each costs a thread hand-off and a search).
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <utility>
#include <sstream>
#include <string>
#include <string_view>

#include "check.h"
#include "core/position.h"
#include "engine/engine.h"
#include "engine/options.h"
#include "protocol/protocol.h"

using namespace yinsh;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  std::ostringstream out;
  static Engine engine;
  for (const auto& spec : Options::specs())
    engine.set_option(spec.name, spec.name == "Hash" ? "1" : spec.name == "Level" ? "0" : spec.default_value);
  std::optional<Protocol> protocol(std::in_place, engine, out);
  std::istringstream in(input);
  bool searched = false;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string cmd, arg;
    words >> cmd >> arg;
    if (cmd == "perft" && !(arg == "0" || arg == "1" || arg == "2")) continue;
    if (cmd == "setoption" && (line.find("Hash") != std::string::npos || line.find("Threads") != std::string::npos))
      continue;
    if (cmd == "go" && std::exchange(searched, true)) continue;  // one search per input
    if (cmd == "newgame") {  // a fresh game; the engine keeps its hash (see above)
      protocol.emplace(engine, out);
      continue;
    }
    const Position before = protocol->game().position();
    out.str("");
    const bool go_on = protocol->handle(line);
    if (cmd == "go") engine.stop();  // any search ends now (a real one may be long or infinite)
    engine.wait();  // the search answers from its thread: let it finish before reading `out`
    const Position& now = protocol->game().position();
    CHECK(now.is_ok());
    // A refused command answers one line "error ..." and changes nothing.
    const std::string answer = out.str();
    if (answer.rfind("error ", 0) == 0) {
      CHECK(now == before);
      CHECK(answer.find('\n') == answer.size() - 1);
    }
    if (!go_on) break;
  }
  engine.stop();
  engine.wait();
  return 0;
}

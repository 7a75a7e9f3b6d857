// libFuzzer target: the engine protocol. Each input is a series of lines fed to a Protocol over
// a string stream. Nothing may crash, hang, or leave the game in an inconsistent position.
// A refused command must answer exactly one "error ..." line and leave the game unchanged.
// (perft deeper than 2 is skipped: it is slow by design, not a bug; searches are stopped at once.)
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

#include "core/position.h"
#include "engine/engine.h"
#include "protocol/protocol.h"

using namespace yinsh;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  std::ostringstream out;
  Engine engine;
  Protocol protocol(engine, out);
  std::istringstream in(input);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string cmd, arg;
    words >> cmd >> arg;
    if (cmd == "perft" && !(arg == "0" || arg == "1" || arg == "2")) continue;
    const Position before = protocol.game().position();
    const size_t mark = out.str().size();
    const bool go_on = protocol.handle(line);
    if (cmd == "go") engine.stop();  // any search ends now (a real one may be long or infinite)
    engine.wait();  // the search answers from its thread: let it finish before reading `out`
    const Position& now = protocol.game().position();
    if (!now.is_ok()) std::abort();
    // A refused command answers one line "error ..." and changes nothing.
    const std::string answer = out.str().substr(mark);
    if (answer.rfind("error ", 0) == 0) {
      if (!(now == before)) std::abort();
      if (answer.find('\n') != answer.size() - 1) std::abort();
    }
    if (!go_on) break;
  }
  engine.stop();
  engine.wait();
  return 0;
}

// libFuzzer target: the engine protocol. Each input is a series of lines fed to a Protocol over
// a string stream. Nothing may crash, hang, or leave the game in an inconsistent position.
// (perft deeper than 2 is skipped: it is slow by design, not a bug.)
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
    if (!protocol.handle(line)) break;
    if (!protocol.game().position().is_ok()) std::abort();
  }
  engine.stop();
  engine.wait();
  // Every answer is one of the protocol's line kinds (show prints the board over many lines).
  return 0;
}

// libFuzzer target: the engine protocol. Each input is a series of lines fed to a Protocol over
// a string stream. Nothing may crash, hang, or leave the game in an inconsistent position.
// A refused command must answer exactly one "error ..." line and leave the game unchanged.
// (perft deeper than 2 is skipped: it is slow by design, not a bug; searches are stopped at once.)
// Speed (docs/benchmarks.md, "Fuzzing"): one Engine and one output stream serve every input
// (building an Engine allocates and clears its 64 MiB hash: that made 4 executions a second).
// Each input starts with every option at its default but Hash 1 MiB (the inputs' own Hash and
// Threads settings are skipped) and Level 0 (a random legal decision: searching is not what
// this target tests, the protocol is; an input may still set another level); the options are
// set again only after an input that sent a setoption (setting all nine reconfigured the
// searcher nine times: 12% of the time). Lines and their first two words are cut as string
// views (a stream per line cost as much as the commands it fed). The hash is not cleared
// between inputs (clearing it, instrumented, cost 60% of the time): a search may differ with
// what earlier inputs left there, which none of the properties checked here depends on. For
// the same reason a "newgame" line starts a fresh Protocol instead of clearing the engine,
// and only an input's first "go" searches (each costs a thread hand-off and a search).
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>

#include "check.h"
#include "core/position.h"
#include "engine/engine.h"
#include "engine/options.h"
#include "protocol/protocol.h"

using namespace yinsh;

namespace {

bool space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

// The next whitespace-separated word of `s` from `at` (empty at the end).
std::string_view word(std::string_view s, size_t& at) {
  while (at < s.size() && space(s[at])) ++at;
  const size_t from = at;
  while (at < s.size() && !space(s[at])) ++at;
  return s.substr(from, at - from);
}

// Whether `line` names the option, in any case (option names are case-insensitive).
bool mentions(std::string_view line, std::string_view lower_name) {
  for (size_t i = 0; i + lower_name.size() <= line.size(); ++i) {
    size_t k = 0;
    while (k < lower_name.size() && std::tolower(static_cast<unsigned char>(line[i + k])) == lower_name[k]) ++k;
    if (k == lower_name.size()) return true;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  static std::ostringstream out;
  static Engine engine;
  static bool options_changed = true;  // the engine's options are not this target's defaults
  if (std::exchange(options_changed, false))
    for (const auto& spec : Options::specs())
      CHECK(engine.set_option(spec.name, spec.name == "Hash" ? "1" : spec.name == "Level" ? "0" : spec.default_value));
  std::optional<Protocol> protocol(std::in_place, engine, out);
  bool searched = false;
  for (size_t start = 0; start < input.size();) {
    size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    const std::string_view line = input.substr(start, end - start);
    start = end + 1;
    size_t at = 0;
    const std::string_view cmd = word(line, at), arg = word(line, at);
    if (cmd == "perft" && !(arg == "0" || arg == "1" || arg == "2")) continue;
    if (line.find("setoption") != std::string_view::npos) {
      if (mentions(line, "hash") || mentions(line, "threads")) continue;
      options_changed = true;
    }
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

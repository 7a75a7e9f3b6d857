#include <iostream>

#include "commands.h"
#include "options_flags.h"
#include "protocol/protocol.h"

namespace yinsh::cli {

void add_engine_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("engine", "Speak the engine protocol (SPEC section 6) on stdin/stdout");
  auto flags = add_option_flags(*cmd);
  cmd->callback([flags] {
    Engine engine;
    apply_option_flags(*flags, engine);
    Protocol protocol(engine, std::cout);
    protocol.run(std::cin);
  });
}

}  // namespace yinsh::cli

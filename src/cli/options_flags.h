// The engine options of engine/options.h as command-line flags (--threads 2 ...), declared
// from the one table, so flags and `setoption` never drift apart.
#pragma once

#include <CLI/CLI.hpp>
#include <iostream>
#include <map>
#include <memory>
#include <string>

#include "engine/engine.h"

namespace yinsh::cli {

using OptionFlags = std::map<std::string, std::string>;  // option name -> value given

inline std::shared_ptr<OptionFlags> add_option_flags(CLI::App& cmd, const std::string& group = "Engine options") {
  auto values = std::make_shared<OptionFlags>();
  for (const auto& spec : Options::specs()) {
    auto* opt = cmd.add_option_function<std::string>(
        spec.flag(), [values, name = spec.name](const std::string& v) { (*values)[name] = v; },
        spec.help + " (default " + spec.default_value + ")");
    opt->group(group);
  }
  return values;
}

// Exits with status 2 and a clear message if a value is out of range.
inline void apply_option_flags(const OptionFlags& flags, Engine& engine) {
  for (const auto& [name, value] : flags) {
    std::string error;
    if (!engine.set_option(name, value, &error)) {
      std::cerr << "error: " << error << "\n";
      std::exit(2);
    }
  }
}

}  // namespace yinsh::cli

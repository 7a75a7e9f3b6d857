// A subcommand's options from a TOML file, and its effective configuration written back as
// TOML. CLI11 reads config files for the main app only; `yinsh serve --config FILE` needs it
// for a subcommand, with the file's keys being the flags' names (port = 8080).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace yinsh::cli {

// Sets every option of `cmd` named in `file` that was given neither as a flag nor in the
// environment (so a flag beats the environment, which beats the file). False, with a message
// naming the key, on an unknown key, a section, or a value the option refuses.
bool apply_config_file(CLI::App& cmd, const std::string& file, std::string* error);

// Every option of `cmd` (but help, --config and the flags in `skip`) as `name = value`, in
// the file's format: the output is a config file that gives the same configuration.
std::string effective_config(const CLI::App& cmd, const std::vector<std::string>& skip);

}  // namespace yinsh::cli

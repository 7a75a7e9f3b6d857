// One function per subcommand of the `yinsh` binary; each adds its subcommand (flags, help,
// callback) to the CLI11 app. main.cpp calls them all, in the order `yinsh --help` lists.
#pragma once

#include <CLI/CLI.hpp>

namespace yinsh::cli {

void add_engine_command(CLI::App& app);
void add_perft_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_play_command(CLI::App& app);
void add_replay_command(CLI::App& app);
void add_validate_command(CLI::App& app);
void add_diagram_command(CLI::App& app);
void add_convert_command(CLI::App& app);
void add_match_command(CLI::App& app);
void add_tune_command(CLI::App& app);
void add_selfplay_command(CLI::App& app);
void add_puzzles_command(CLI::App& app);
void add_analyze_command(CLI::App& app);
void add_serve_command(CLI::App& app);     // server builds only (YINSH_SERVER)
void add_loadtest_command(CLI::App& app);  // server builds only (YINSH_SERVER)
void add_archive_commands(CLI::App& app);  // backup, export, import; server builds only
void add_admin_command(CLI::App& app);     // moderation; server builds only
void add_bot_command(CLI::App& app);       // an engine as a bot on a site; server builds only

}  // namespace yinsh::cli

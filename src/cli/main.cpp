// yinsh: one binary, one subcommand per job.
#include <CLI/CLI.hpp>

#include "commands.h"

int main(int argc, char** argv) {
  CLI::App app{"yinsh: YINSH rules engine, AI, records and game server"};
  app.set_version_flag("--version", "yinsh " YINSH_VERSION);
  app.require_subcommand(1);
  yinsh::cli::add_engine_command(app);
  yinsh::cli::add_perft_command(app);
  yinsh::cli::add_bench_command(app);
  yinsh::cli::add_play_command(app);
  yinsh::cli::add_replay_command(app);
  yinsh::cli::add_analyze_command(app);
  yinsh::cli::add_validate_command(app);
  yinsh::cli::add_diagram_command(app);
  yinsh::cli::add_convert_command(app);
  yinsh::cli::add_match_command(app);
  yinsh::cli::add_tune_command(app);
  yinsh::cli::add_selfplay_command(app);
  yinsh::cli::add_puzzles_command(app);
#ifdef YINSH_SERVER
  yinsh::cli::add_serve_command(app);
  yinsh::cli::add_loadtest_command(app);
  yinsh::cli::add_archive_commands(app);
  yinsh::cli::add_admin_command(app);
  yinsh::cli::add_bot_command(app);
#endif
  CLI11_PARSE(app, argc, argv);
  return 0;
}

// yinsh analyze FILE [--json] [--nodes N] [--annotate OUT]: the game report of a record
// (Boardspace SGF or notation): White's win probability before every decision, each decision
// judged (inaccuracy / mistake / blunder) with the engine's better one, the accuracy of each
// player (docs/analysis.md). The same record and --nodes give the same report everywhere.
#include <fstream>
#include <iostream>

#include "analysis/report_format.h"
#include "commands.h"
#include "records/archive.h"

namespace yinsh::cli {

namespace {

[[noreturn]] void fail(const std::string& message) {
  std::cerr << "error: " << message << "\n";
  std::exit(2);
}

}  // namespace

void add_analyze_command(CLI::App& app) {
  struct Args {
    std::string file, annotate;
    bool json = false, quiet = false;
    uint64_t nodes = analysis::DEFAULT_NODES;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("analyze", "Game report of a record: win probability, mistakes, accuracy");
  cmd->add_option("file", args->file, "The record file (Boardspace SGF or notation)")->required();
  cmd->add_flag("--json", args->json, "Print the report as JSON (the server's format, docs/analysis.md)");
  cmd->add_option("--nodes", args->nodes, "Nodes searched per position (the report's budget)")
      ->check(CLI::Range(analysis::MIN_NODES, analysis::MAX_NODES))
      ->capture_default_str();
  cmd->add_option("--annotate", args->annotate, "Also write the record with a comment on each judged decision to this file");
  cmd->add_flag("--quiet", args->quiet, "No progress on standard error");
  cmd->callback([args] {
    std::string error;
    const auto record = load_record_file(args->file, &error);
    if (!record) fail(error);
    analysis::AnalysisConfig config;
    config.nodes = args->nodes;
    analysis::Report report;
    const std::atomic<bool> stop{false};
    const bool show_progress = !args->quiet;
    analysis::analyze(record->start, record->moves, config, report, stop, [&](int done, int total) {
      if (show_progress) std::cerr << "\ranalysing: " << done << "/" << total << std::flush;
    });
    if (show_progress) std::cerr << "\n";
    if (!args->annotate.empty()) {
      std::ofstream out(args->annotate, std::ios::binary | std::ios::trunc);
      out << write_record(analysis::annotate(*record, report));
      out.close();
      if (!out) fail("cannot write " + args->annotate);
    }
    const std::string white = record->tag("White"), black = record->tag("Black");
    std::cout << (args->json ? analysis::format_json(report)
                             : analysis::format_text(report, white.empty() ? "White" : white,
                                                     black.empty() ? "Black" : black));
  });
}

}  // namespace yinsh::cli

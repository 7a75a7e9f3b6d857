// yinsh validate FILES...: check a whole archive of records (Boardspace SGF or the notation,
// directories searched recursively), with a progress bar, and print a summary.
#include <unistd.h>

#include <iostream>

#include "commands.h"
#include "records/archive.h"

namespace yinsh::cli {

void add_validate_command(CLI::App& app) {
  struct Args {
    std::vector<std::string> paths;
    bool quiet = false, progress = false, no_progress = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("validate", "Check game records (SGF or notation files, or directories): every decision and result");
  cmd->add_option("files", args->paths, "Record files or directories")->required();
  cmd->add_flag("--progress", args->progress, "Show the progress bar even when stderr is not a terminal");
  cmd->add_flag("--no-progress", args->no_progress, "Never show the progress bar");
  cmd->add_flag("-q,--quiet", args->quiet, "Print only the summary, not each rejected file");
  cmd->callback([args] {
    std::vector<std::string> missing;
    const auto files = expand_record_paths(args->paths, &missing);
    for (const auto& m : missing) std::cerr << "error: " << m << ": no such file or directory\n";
    const bool bar = !args->no_progress && (args->progress || isatty(STDERR_FILENO));
    ArchiveSummary summary;
    const size_t n = files.size();
    for (size_t i = 0; i < n; ++i) {
      std::string error;
      const auto record = load_record_file(files[i], &error);
      summary.add(files[i], record, error);
      if (!record && !args->quiet) {
        if (bar) std::cerr << "\r\x1b[K";
        std::cerr << "rejected: " << error << "\n";
      }
      if (bar) {
        const int width = 40, done = int(width * (i + 1) / n);
        std::cerr << "\r[" << std::string(done, '#') << std::string(width - done, '.') << "] " << (i + 1) << "/"
                  << n << " games" << std::flush;
      }
    }
    if (bar && n) std::cerr << "\n";
    std::cout << summary.format();
    if (summary.rejected || !missing.empty() || files.empty()) std::exit(1);
  });
}

}  // namespace yinsh::cli

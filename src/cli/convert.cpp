// yinsh convert IN [-o OUT]: between Boardspace SGF and the official notation, or between the
// complete and the short form of the notation. Every decision is checked on the way.
#include <fstream>
#include <iostream>

#include "commands.h"
#include "records/archive.h"
#include "records/boardspace.h"

namespace yinsh::cli {

void add_convert_command(CLI::App& app) {
  struct Args {
    std::string input, output, to;
    bool short_form = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("convert", "Convert a game record between Boardspace SGF and the official notation");
  cmd->add_option("file", args->input, "The record file (SGF or notation)")->required();
  cmd->add_option("-o,--output", args->output, "Output file (default: stdout)");
  cmd->add_option("--to", args->to, "notation or sgf (default: from the output's extension, else notation)")
      ->check(CLI::IsMember({"notation", "sgf"}));
  cmd->add_flag("--short", args->short_form, "The short form of the notation (rows left out where forced)");
  cmd->callback([args] {
    std::string error;
    const auto r = load_record_file(args->input, &error);
    if (!r) {
      std::cerr << "error: " << error << "\n";
      std::exit(2);
    }
    std::string to = args->to;
    if (to.empty()) {
      const auto& o = args->output;
      to = o.size() >= 4 && o.compare(o.size() - 4, 4, ".sgf") == 0 ? "sgf" : "notation";
    }
    std::string text;
    if (to == "sgf") {
      const auto sgf = write_boardspace(*r, &error);
      if (!sgf) {
        std::cerr << "error: " << error << "\n";
        std::exit(2);
      }
      text = *sgf;
    } else {
      text = write_record(*r, args->short_form ? RecordForm::Short : RecordForm::Complete);
    }
    if (args->output.empty()) {
      std::cout << text;
      return;
    }
    std::ofstream out(args->output, std::ios::binary);
    out << text;
    if (!out) {
      std::cerr << "error: cannot write " << args->output << "\n";
      std::exit(2);
    }
  });
}

}  // namespace yinsh::cli

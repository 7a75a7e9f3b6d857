// yinsh diagram: a position as an SVG or PNG picture (PNG through librsvg, in-process), from a
// record at a given turn or decision, or from a position text, with highlighted points and
// arrows, for docs and teaching.
#include <cstdio>
#include <fstream>
#include <iostream>

#include "commands.h"
#include "core/game.h"
#include "core/notation.h"
#include "records/archive.h"
#include "records/png.h"
#include "records/svg.h"

namespace yinsh::cli {

namespace {

[[noreturn]] void die(const std::string& msg, int code = 2) {
  std::cerr << "error: " << msg << "\n";
  std::exit(code);
}

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return bool(out);
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

void add_diagram_command(CLI::App& app) {
  struct Args {
    std::string file, position, output, caption, highlight;
    std::vector<std::string> moves, arrows;
    int ply = -1, turn = -1, size = 40;
    bool blitz = false, no_caption = false, no_coordinates = false, last = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("diagram", "Draw a position as SVG or PNG");
  cmd->add_option("file", args->file, "A record file (SGF or notation); without it, --position or the start");
  cmd->add_option("--position", args->position, "A position text (SPEC section 5)");
  cmd->add_option("--moves", args->moves, "Decisions to play from --position (or the start) first");
  cmd->add_flag("--blitz", args->blitz, "Start from the blitz start position");
  cmd->add_option("--ply", args->ply, "With a record: the position after this many decisions")->check(CLI::NonNegativeNumber);
  cmd->add_option("--turn", args->turn, "With a record: the position after this turn")->check(CLI::NonNegativeNumber);
  cmd->add_option("--highlight", args->highlight, "Points to mark, comma separated: e4,f5");
  cmd->add_option("--arrow", args->arrows, "An arrow from a point to a point: e4-e10 (repeatable)");
  cmd->add_flag("--last", args->last, "Draw the last decision of the record as an arrow or highlight");
  cmd->add_option("-o,--output", args->output, "Output file: .svg or .png; default: SVG on stdout");
  cmd->add_option("--size", args->size, "Pixels between neighbouring points")->check(CLI::Range(8, 400));
  cmd->add_option("--caption", args->caption, "Text under the board (default: side to move and step)");
  cmd->add_flag("--no-caption", args->no_caption, "No text under the board");
  cmd->add_flag("--no-coordinates", args->no_coordinates, "No letters and numbers around the board");
  cmd->callback([args] {
    Position pos = Position::start();
    SvgOptions opt;
    opt.spacing = args->size;
    opt.coordinates = !args->no_coordinates;
    std::string default_caption;
    if (!args->file.empty()) {
      if (!args->position.empty() || !args->moves.empty()) die("give a record file or --position/--moves, not both");
      std::string error;
      const auto r = load_record_file(args->file, &error);
      if (!r) die(error);
      const auto turns = turn_numbers(r->start, r->moves);
      size_t ply = r->moves.size();
      if (args->ply >= 0) ply = size_t(args->ply);
      if (args->turn >= 0) {
        ply = 0;
        while (ply < turns.size() && turns[ply] <= args->turn) ++ply;
      }
      if (ply > r->moves.size())
        die("the record has " + std::to_string(r->moves.size()) + " decisions, not " + std::to_string(ply));
      Game game(r->start);
      for (size_t i = 0; i < ply; ++i) game.play(r->moves[i]);
      pos = game.position();
      if (ply > 0) {
        default_caption = "after " + std::to_string(turns[ply - 1]) + "." + to_string(r->moves[ply - 1]) + ": ";
        const Move m = r->moves[ply - 1];
        if (args->last && m.kind() == Move::Ring) opt.arrows.emplace_back(m.from(), m.to());
        else if (args->last && m.kind() != Move::Pass) opt.highlight |= Bitboard::of(m.from()) | Bitboard::of(m.to());
      }
    } else {
      if (args->ply >= 0 || args->turn >= 0) die("--ply and --turn need a record file");
      std::string error;
      const auto p = start_position(args->position, args->blitz, args->moves, &error);
      if (!p) die(error);
      pos = *p;
    }
    // Highlights and arrows
    std::string h = args->highlight;
    for (size_t i = 0; i < h.size();) {
      size_t j = h.find(',', i);
      if (j == std::string::npos) j = h.size();
      const std::string name = h.substr(i, j - i);
      const auto p = parse_point(name);
      if (!p) die("--highlight: '" + name + "' is not a point of the board");
      opt.highlight |= Bitboard::of(*p);
      i = j + 1;
    }
    for (const auto& a : args->arrows) {
      const size_t dash = a.find('-');
      const auto p = parse_point(a.substr(0, dash));
      const auto q = dash == std::string::npos ? std::nullopt : parse_point(a.substr(dash + 1));
      if (!p || !q || *p == *q) die("--arrow: '" + a + "' is not two different points like e4-e10");
      opt.arrows.emplace_back(*p, *q);
    }
    if (!args->no_caption) {
      if (!args->caption.empty()) {
        opt.caption = args->caption;
      } else {
        const std::string state = pos.is_over() ? "game over " + std::string(to_string(pos.result()))
                                                : std::string(pos.side_to_move() == WHITE ? "White" : "Black") +
                                                      " to " + std::string(to_string(pos.step()));
        opt.caption = default_caption + state + " (removed " + std::to_string(pos.removed(WHITE)) + "-" +
                      std::to_string(pos.removed(BLACK)) + ")";
      }
    }
    const std::string svg = to_svg(pos, opt);
    if (args->output.empty()) {
      std::cout << svg;
      return;
    }
    if (ends_with(args->output, ".png")) {
      std::string error;
      const auto png = svg_to_png(svg, 1.0, &error);
      if (!png) die(error, 3);
      if (!write_file(args->output, *png)) die("cannot write " + args->output);
      return;
    }
    if (!write_file(args->output, svg)) die("cannot write " + args->output);
  });
}

}  // namespace yinsh::cli

// yinsh play: a game in the terminal, human against human or against the engine.
// Every line typed is checked before anything changes; a typo never costs a game.
#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>

#include "commands.h"
#include "connect.h"
#include "core/diagram.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/record.h"
#include "options_flags.h"

namespace yinsh::cli {

namespace {

struct PlayArgs {
  std::string white = "human", black = "engine";
  bool blitz = false, no_color = false;
  std::string load, save;
  std::string connect, name = "Guest", token, api_token;  // online: yinsh play --connect URL
  int64_t movetime = 1000;
  std::shared_ptr<OptionFlags> engine_flags;
};

const char* HELP =
    "Type a decision in the notation: e4 (place a ring), e4-e10 (move a ring),\n"
    "xe5-e9 (remove the row e5..e9), xe10 (remove the ring on e10), pass.\n"
    "Commands: legal (list legal decisions), e4? (where can the ring on e4 go),\n"
    "undo, hint, save FILE, board, help, quit.\n";

std::string side_name(Color c) { return c == WHITE ? "White" : "Black"; }

std::string step_prompt(const Position& pos) {
  switch (pos.step()) {
    case Step::Place: return "place a ring";
    case Step::Move: return "move a ring";
    case Step::RemoveRow:
    case Step::EarlyRemoveRow: return "remove a row (xA-B)";
    case Step::RemoveRing:
    case Step::EarlyRemoveRing: return "remove a ring (xA)";
    case Step::Over: return "game over";
  }
  return "";
}

// Colours when stdout is a terminal that has them (not "dumb", no NO_COLOR).
bool use_color() {
  const char* term = std::getenv("TERM");
  return isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR") && term && std::string(term) != "dumb";
}

class PlaySession {
 public:
  explicit PlaySession(const PlayArgs& a) : args_(a), color_(!a.no_color && use_color()) {
    apply_option_flags(*a.engine_flags, engine_);
    is_engine_[WHITE] = a.white == "engine";
    is_engine_[BLACK] = a.black == "engine";
    game_.reset(Position::start(a.blitz ? Variant::Blitz : Variant::Normal));
  }

  bool load(const std::string& file) {
    std::ifstream in(file);
    if (!in) return fail("cannot open '" + file + "'");
    std::stringstream ss;
    ss << in.rdbuf();
    std::string why;
    auto rec = read_record(ss.str(), &why);
    if (!rec) return fail(file + ": " + why);
    game_ = rec->replay();
    tags_ = rec->tags;
    return true;
  }

  void run() {
    draw();
    std::string line;
    while (true) {
      const Position& pos = game_.position();
      if (!pos.is_over() && is_engine_[pos.side_to_move()]) {
        engine_move();
        continue;
      }
      std::cout << (pos.is_over() ? std::string("game over") : side_name(pos.side_to_move()) + ", " + step_prompt(pos))
                << "> " << std::flush;
      if (!std::getline(std::cin, line)) break;
      if (!command(line)) break;
    }
    autosave();
    std::cout << "\n";
  }

 private:
  static bool fail(const std::string& msg) {
    std::cerr << "error: " << msg << "\n";
    return false;
  }

  void draw(Bitboard highlight = Bitboard()) {
    const Position& pos = game_.position();
    DiagramStyle style;
    style.color = color_;
    style.highlight = highlight;
    if (!game_.moves().empty()) {
      const Move m = game_.moves().back();
      if (m.kind() != Move::Pass) style.last = m.from() | m.to();
    }
    std::cout << "\n" << diagram(pos, style) << "\n";
    std::cout << "rings removed: White " << pos.removed(WHITE) << ", Black " << pos.removed(BLACK)
              << "   markers in pool: " << pos.markers_in_pool();
    if (!game_.moves().empty()) std::cout << "   last: " << to_string(game_.moves().back());
    std::cout << "\n";
    if (pos.is_over()) std::cout << "Game over: " << result_text(pos.result()) << "\n";
  }

  static std::string result_text(Result r) {
    switch (r) {
      case Result::WhiteWins: return "White wins (1-0)";
      case Result::BlackWins: return "Black wins (0-1)";
      case Result::Draw: return "draw (1/2-1/2)";
      case Result::None: break;
    }
    return "*";
  }

  void engine_move() {
    Limits limits;
    limits.movetime = args_.movetime;
    std::cout << side_name(game_.position().side_to_move()) << " (engine) thinks...\n";
    const SearchResult r = engine_.search(game_.position(), limits);
    if (r.best.is_none() || !game_.play(r.best)) {
      fail("the engine returned no legal decision; switching this side to human");
      is_engine_[game_.position().side_to_move()] = false;
      return;
    }
    std::cout << "engine plays " << to_string(r.best) << "\n";
    after_move();
  }

  void after_move() {
    draw();
    autosave();
  }

  void autosave() {
    if (!args_.save.empty()) save(args_.save, /*quiet=*/true);
  }

  bool save(const std::string& file, bool quiet = false) {
    GameRecord rec = make_record(game_);
    rec.tags = tags_;
    rec.set_tag("White", is_engine_[WHITE] ? "yinsh engine" : "human");
    rec.set_tag("Black", is_engine_[BLACK] ? "yinsh engine" : "human");
    const std::string tmp = file + ".tmp";
    {
      std::ofstream out(tmp);
      out << write_record(rec);
      if (!out) return fail("cannot write '" + tmp + "'");
    }
    if (std::rename(tmp.c_str(), file.c_str()) != 0) return fail("cannot replace '" + file + "'");
    if (!quiet) std::cout << "saved to " << file << "\n";
    return true;
  }

  // Returns false to quit.
  bool command(std::string line) {
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    line.erase(0, std::min(line.find_first_not_of(" \t"), line.size()));
    if (line.empty()) return true;
    const Position& pos = game_.position();
    if (line == "quit" || line == "exit") return false;
    if (line == "help" || line == "?") {
      std::cout << HELP;
    } else if (line == "board") {
      draw();
    } else if (line == "legal") {
      MoveList list;
      generate(pos, list);
      std::vector<std::string> names;
      for (Move m : list) names.push_back(to_string(m));
      std::sort(names.begin(), names.end());
      for (const auto& n : names) std::cout << n << " ";
      std::cout << "(" << names.size() << ")\n";
    } else if (line == "undo") {
      undo();
    } else if (line == "hint") {
      if (pos.is_over()) return fail("the game is over"), true;
      Limits limits;
      limits.movetime = args_.movetime;
      std::cout << "hint: " << to_string(engine_.search(pos, limits).best) << "\n";
    } else if (line.rfind("save", 0) == 0) {
      const std::string file = line.size() > 5 ? line.substr(5) : args_.save;
      if (file.empty()) fail("save FILE");
      else save(file);
    } else if (line.back() == '?') {
      const auto p = parse_point(line.substr(0, line.size() - 1));
      if (!p || !pos.rings(pos.side_to_move()).contains(*p) || pos.step() != Step::Move)
        return fail("'" + line + "': name one of your rings while you move a ring"), true;
      draw(ring_destinations(*p, pos.rings(), pos.markers()));
    } else {
      std::string why;
      if (!game_.play(line, &why)) {
        fail(why + " (type legal to list the legal decisions, help for commands)");
        return true;
      }
      after_move();
    }
    return true;
  }

  void undo() {
    if (game_.moves().empty()) {
      fail("nothing to undo");
      return;
    }
    // Against the engine, take back to the last position where a human was to decide.
    do {
      game_.undo();
    } while (!game_.moves().empty() && is_engine_[game_.position().side_to_move()]);
    after_move();
  }

  PlayArgs args_;
  bool color_;
  Engine engine_;
  Game game_;
  bool is_engine_[2] = {false, false};
  std::vector<std::pair<std::string, std::string>> tags_;
};

}  // namespace

void add_play_command(CLI::App& app) {
  auto args = std::make_shared<PlayArgs>();
  auto* cmd = app.add_subcommand("play", "Play in the terminal: human against human or against the engine");
  cmd->add_option("--white", args->white, "Who plays White")->check(CLI::IsMember({"human", "engine"}))
      ->capture_default_str();
  cmd->add_option("--black", args->black, "Who plays Black")->check(CLI::IsMember({"human", "engine"}))
      ->capture_default_str();
  cmd->add_flag("--blitz", args->blitz, "Blitz variant: the first row wins");
  cmd->add_option("--load", args->load, "Continue a game record (official notation)");
  cmd->add_option("--save", args->save, "Save the game record to this file after every decision");
  cmd->add_option("--movetime", args->movetime, "Engine thinking time per decision, ms")
      ->check(CLI::Range(1, 3600000))->capture_default_str();
  cmd->add_flag("--no-color", args->no_color, "No ANSI colours");
#ifdef YINSH_SERVER
  cmd->add_option("--connect", args->connect,
                  "Play an online game: http://HOST:PORT/game/ID or https://HOST[:PORT]/game/ID (takes a free "
                  "seat, or watches); with --api-token, the site's URL alone lists your games");
  cmd->add_option("--name", args->name, "Your name in an online game")->capture_default_str();
  cmd->add_option("--token", args->token, "Your seat's token in an online game (to come back to a seat)");
  cmd->add_option("--api-token", args->api_token,
                  "An API token of your account (any scope): your games, correspondence ones too, from your seats");
#endif
  args->engine_flags = add_option_flags(*cmd);
  cmd->callback([args] {
#ifdef YINSH_SERVER
    if (!args->connect.empty())
      std::exit(play_connected(args->connect, args->name, args->token, args->api_token, !args->no_color && use_color()));
#endif
    PlaySession session(*args);
    if (!args->load.empty() && !session.load(args->load)) std::exit(2);
    std::cout << HELP;
    session.run();
  });
}

}  // namespace yinsh::cli

// yinsh backup / export / import: a server's database copied while it runs, written out as
// records in the official notation, and records read back in (docs/records.md, docs/server.md).
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "commands.h"
#include "records/archive.h"
#include "server/db/backup.h"
#include "server/store/game_archive.h"

namespace yinsh::cli {

namespace {

int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::unique_ptr<server::Store> open_or_exit(const std::string& db) {
  std::string error;
  auto store = server::open_store(db, &error);
  if (!store) {
    std::cerr << "error: " << error << "\n";
    std::exit(1);
  }
  return store;
}

void add_backup(CLI::App& app) {
  struct Args {
    std::string db, out;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand(
      "backup", "Copy a SQLite game database, also while a server uses it (SQLite's online backup API)");
  cmd->add_option("--db", args->db, "The SQLite database file")->required();
  cmd->add_option("--out", args->out, "The copy (written whole, then renamed into place)")->required();
  cmd->callback([args] {
    if (args->db.rfind("postgres", 0) == 0 || args->db.find("dbname=") != std::string::npos) {
      std::cerr << "error: " << args->db << " is a PostgreSQL database: back it up with pg_dump "
                << "(pg_dump -Fc -f yinsh.dump DBNAME; see docs/server.md)\n";
      std::exit(2);
    }
    std::string error;
    if (!server::backup_sqlite(args->db, args->out, &error)) {
      std::cerr << "error: " << error << "\n";
      std::exit(1);
    }
    std::cout << "backup: " << args->db << " -> " << args->out << "\n";
  });
}

void add_export(CLI::App& app) {
  struct Args {
    std::string db, out, since;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("export", "Write every game of a database as records in the official notation, one file");
  cmd->add_option("--db", args->db, "SQLite database file, or a PostgreSQL connection string")->required();
  cmd->add_option("--since", args->since, "Only games created on or after this day (YYYY-MM-DD, UTC)");
  cmd->add_option("-o,--out", args->out, "The file to write (default: standard output)");
  cmd->callback([args] {
    int64_t since = 0;
    if (!args->since.empty()) {
      const auto d = server::parse_date_ms(args->since);
      if (!d) {
        std::cerr << "error: --since " << args->since << ": expected a date YYYY-MM-DD\n";
        std::exit(2);
      }
      since = *d;
    }
    auto store = open_or_exit(args->db);
    std::ofstream file;
    if (!args->out.empty()) {
      file.open(args->out + ".part", std::ios::binary | std::ios::trunc);
      if (!file) {
        std::cerr << "error: cannot write " << args->out << "\n";
        std::exit(1);
      }
    }
    std::ostream& out = args->out.empty() ? std::cout : file;
    std::vector<std::string> skipped;
    const int n = server::export_games(*store, since, out, &skipped);
    for (const auto& s : skipped) std::cerr << "skipped: " << s << "\n";
    if (!args->out.empty()) {
      file.close();
      std::error_code ec;
      std::filesystem::rename(args->out + ".part", args->out, ec);
      if (!file || ec) {
        std::cerr << "error: cannot write " << args->out << "\n";
        std::exit(1);
      }
    }
    std::cerr << "export: " << n << " games" << (skipped.empty() ? "" : ", " + std::to_string(skipped.size()) + " unreadable")
              << "\n";
    if (!skipped.empty()) std::exit(1);
  });
}

void add_import(CLI::App& app) {
  struct Args {
    std::string db;
    std::vector<std::string> paths;
    bool quiet = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand(
      "import", "Store finished games from record files (an export, Boardspace SGF files, directories) in a database");
  cmd->add_option("--db", args->db, "SQLite database file, or a PostgreSQL connection string")->required();
  cmd->add_option("files", args->paths, "Record files or directories")->required();
  cmd->add_flag("-q,--quiet", args->quiet, "Print only the skipped records and the summary");
  cmd->callback([args] {
    std::vector<std::string> missing;
    const auto files = expand_record_paths(args->paths, &missing);
    for (const auto& m : missing) std::cerr << "error: " << m << ": no such file or directory\n";
    if (!missing.empty()) std::exit(2);
    auto store = open_or_exit(args->db);
    const auto report = server::import_files(*store, files, now_ms());
    for (const auto& line : report.lines)
      if (!args->quiet || line.find(": skipped: ") != std::string::npos) std::cout << line << "\n";
    std::cout << "import: " << report.imported << " imported, " << report.duplicates << " duplicates, "
              << report.rejected << " skipped\n";
    if (report.rejected) std::exit(1);
  });
}

}  // namespace

void add_archive_commands(CLI::App& app) {
  add_backup(app);
  add_export(app);
  add_import(app);
}

}  // namespace yinsh::cli

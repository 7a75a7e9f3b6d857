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
#include "server/store/store_archive.h"

namespace yinsh::cli {

namespace {

int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::unique_ptr<server::Store> open_or_exit(const std::string& db,
                                            server::StoreOpen mode = server::StoreOpen::Migrate) {
  std::string error;
  auto store = server::open_store(db, &error, mode);
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
    bool records = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand(
      "export", "Write every game of a database, whatever its state, with its accounts, ratings and reports (a "
                "lossless archive for `yinsh import`), or the finished games as records (--records)");
  cmd->add_option("--db", args->db, "SQLite database file, or a PostgreSQL connection string")->required();
  cmd->add_option("--since", args->since, "Only games created on or after this day (YYYY-MM-DD, UTC)");
  cmd->add_option("-o,--out", args->out, "The file to write (default: standard output)");
  cmd->add_flag("--records", args->records,
                "The finished games as records in the official notation (for other programs; not lossless)");
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
    // Read as it is: an export never creates, upgrades or otherwise changes the database.
    auto store = open_or_exit(args->db, server::StoreOpen::AsIs);
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
    std::string summary;
    try {
      if (args->records) {
        summary = std::to_string(server::export_games(*store, since, out, &skipped)) + " finished games as records";
      } else {
        const auto counts = server::export_archive(*store, since, out);
        summary = std::to_string(counts.games) + " games, " + std::to_string(counts.accounts) + " accounts, " +
                  std::to_string(counts.rows) + " rows";
      }
    } catch (const std::exception& e) {
      std::cerr << "error: the database failed: " << e.what() << "\n";
      std::exit(1);
    }
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
    std::cerr << "export: " << summary << (skipped.empty() ? "" : ", " + std::to_string(skipped.size()) + " unreadable")
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
      "import", "Store the games of an archive (`yinsh export`) as they were, or finished games from record files (notation, Boardspace SGF, directories), in a database");
  cmd->add_option("--db", args->db, "SQLite database file, or a PostgreSQL connection string")->required();
  cmd->add_option("files", args->paths, "Record files or directories")->required();
  cmd->add_flag("-q,--quiet", args->quiet, "Print only the skipped records and the summary");
  cmd->callback([args] {
    std::vector<std::string> missing;
    const auto files = expand_record_paths(args->paths, &missing);
    for (const auto& m : missing) std::cerr << "error: " << m << ": no such file or directory\n";
    if (!missing.empty()) std::exit(2);
    auto store = open_or_exit(args->db);
    // Archives (`yinsh export`) are read row for row; everything else as records.
    std::vector<std::string> record_files;
    server::ImportReport report;
    int accounts = 0, accounts_present = 0;
    for (const auto& f : files) {
      std::ifstream in(f, std::ios::binary);
      std::string first;
      std::getline(in, first);
      if (!in || !server::is_store_archive(first)) {
        record_files.push_back(f);
        continue;
      }
      in.seekg(0);
      const auto a = server::import_archive(*store, in, f);
      report.imported += a.games;
      report.duplicates += a.duplicates;
      report.rejected += a.rejected;
      accounts += a.accounts;
      accounts_present += a.accounts_present;
      report.lines.insert(report.lines.end(), a.lines.begin(), a.lines.end());
    }
    const auto records = server::import_files(*store, record_files, now_ms());
    report.imported += records.imported;
    report.duplicates += records.duplicates;
    report.rejected += records.rejected;
    report.lines.insert(report.lines.end(), records.lines.begin(), records.lines.end());
    for (const auto& line : report.lines)
      if (!args->quiet || line.find(": skipped: ") != std::string::npos) std::cout << line << "\n";
    std::cout << "import: " << report.imported << " imported, " << report.duplicates << " duplicates, "
              << report.rejected << " skipped";
    if (accounts || accounts_present)
      std::cout << "; accounts: " << accounts << " imported, " << accounts_present << " already there";
    std::cout << "\n";
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

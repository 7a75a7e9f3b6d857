// yinsh serve: the game server (HTTP + WebSocket, see docs/api.md and docs/server.md).
#include <signal.h>

#include <filesystem>
#include <iostream>

#include "commands.h"
#include "server/server.h"

namespace yinsh::cli {

void add_serve_command(CLI::App& app) {
  auto opts = std::make_shared<server::ServerOptions>();
  auto* cmd = app.add_subcommand("serve", "Run the game server: static UI, JSON API and live games over WebSocket");
  cmd->add_option("--host", opts->host, "Address to listen on")->capture_default_str();
  cmd->add_option("--port", opts->port, "TCP port (0: any free port)")->capture_default_str();
  cmd->add_option("--db", opts->db, "SQLite database file, or a PostgreSQL connection string (postgresql://...)")
      ->capture_default_str();
  cmd->add_option("--web-root", opts->web_root, "Directory of the browser UI's files")->capture_default_str();
  cmd->add_option("--threads", opts->threads, "I/O threads")->check(CLI::Range(1, 64))->capture_default_str();
  cmd->add_option("--ai-threads", opts->hub.ai_threads, "Threads that run the AI seats (0: one per core)")
      ->check(CLI::Range(0, 64))->capture_default_str();
  cmd->add_option("--ai-max-games", opts->hub.ai_max_games,
                  "Games against the AI in play at once; more are refused (0: 12 per AI thread)")
      ->check(CLI::Range(0, 100000))->capture_default_str();
  cmd->add_option("--ai-movetime", opts->hub.ai_movetime_ms,
                  "Milliseconds per AI decision for every level (default: the level's own)")
      ->check(CLI::Range(int64_t(1), int64_t(60000)));
  cmd->add_option("--rate", opts->hub.rate_per_second, "Messages per second allowed per connection")
      ->check(CLI::Range(1.0, 100000.0))->capture_default_str();
  cmd->add_option("--burst", opts->hub.rate_burst, "Message burst allowed per connection")
      ->check(CLI::Range(1.0, 100000.0))->capture_default_str();
  cmd->add_option("--sweep-ms", opts->hub.sweep_interval_ms,
                  "How often games nobody uses are dropped from memory (they stay in the store)")
      ->check(CLI::Range(int64_t(10), int64_t(3600000)))->capture_default_str();
  cmd->callback([opts] {
    // The I/O threads inherit this mask; the main thread waits for the signals below.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    signal(SIGPIPE, SIG_IGN);
    server::Server srv(*opts);
    std::string error;
    if (!srv.start(&error)) {
      std::cerr << "error: " << error << "\n";
      std::exit(1);
    }
    std::cout << "yinsh serve: listening on http://" << opts->host << ":" << srv.port() << " (db " << opts->db
              << ", web root " << opts->web_root << ")" << std::endl;
    if (!std::filesystem::exists(std::filesystem::path(opts->web_root) / "index.html"))
      std::cerr << "warning: no index.html in the web root '" << opts->web_root
                << "': the API works, but there is no browser UI to serve (build it with "
                   "scripts/setup, or: cd web && npm ci && npm run build; or pass --web-root)\n";
    int sig = 0;
    sigwait(&set, &sig);
    std::cout << "yinsh serve: stopping" << std::endl;
    srv.stop();
  });
}

}  // namespace yinsh::cli

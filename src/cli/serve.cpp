// yinsh serve: the game server (HTTP + WebSocket, see docs/api.md and docs/server.md).
//
// Every option is declared once, below, and is usable three ways: as a flag (--port 8080),
// from the environment (YINSH_PORT=8080: the flag's name in capitals with YINSH_ before it)
// and from a TOML config file (--config yinsh.toml; keys are the flags' names: port = 8080).
// A flag beats the environment, which beats the file. --print-config prints the effective
// configuration in the file's format. Without --web-root the UI is web/dist if it is there
// (a build tree), else the one installed beside the binary (../share/yinsh/web).
// Under a Type=notify systemd unit it says READY=1 once it listens, WATCHDOG=1 (when the unit has
// WatchdogSec=) and STOPPING=1 when it drains.
#include <signal.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "commands.h"
#include "config_file.h"
#include "server/server.h"
#include "systemd_notify.h"

namespace yinsh::cli {

namespace {

// YINSH_ and the flag's name in capitals, '-' as '_': --ai-threads -> YINSH_AI_THREADS.
std::string env_name(const std::string& flag) {
  std::string s = "YINSH_";
  for (char c : flag.substr(2)) s += c == '-' ? '_' : char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

template <class T>
CLI::Option* option(CLI::App& cmd, const std::string& flag, T& value, const std::string& help) {
  return cmd.add_option(flag, value, help)->envname(env_name(flag))->capture_default_str();
}

std::string default_web_root(const std::string& build_tree) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(fs::path(build_tree) / "index.html", ec)) return build_tree;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return build_tree;
  const fs::path installed = exe.parent_path().parent_path() / "share" / "yinsh" / "web";
  return fs::exists(installed / "index.html", ec) ? installed.string() : build_tree;
}

}  // namespace

void add_serve_command(CLI::App& app) {
  auto opts = std::make_shared<server::ServerOptions>();
  auto* cmd = app.add_subcommand("serve", "Run the game server: static UI, JSON API and live games over WebSocket");
  auto config = std::make_shared<std::string>();
  cmd->add_option("--config", *config, "Read options from this TOML file (keys are the options' names: port = 8080)")
      ->envname("YINSH_CONFIG");
  auto print_config = std::make_shared<bool>(false);
  cmd->add_flag("--print-config", *print_config, "Print the effective configuration (TOML) and exit");

  option(*cmd, "--host", opts->host, "Address to listen on");
  option(*cmd, "--port", opts->port, "TCP port (0: any free port)");
  option(*cmd, "--db", opts->db, "SQLite database file, or a PostgreSQL connection string (postgresql://...)");
  option(*cmd, "--web-root", opts->web_root,
         "Directory of the browser UI's files (default: web/dist if it has them, else ../share/yinsh/web beside the "
         "binary)");
  option(*cmd, "--threads", opts->threads, "I/O threads")->check(CLI::Range(1, 64));
  option(*cmd, "--log-format", opts->log_format, "json: every log line a JSON object; text: plain lines but the access log's")
      ->check(CLI::IsMember({"json", "text"}));
  option(*cmd, "--log-level", opts->log_level, "Log level (info and below: one JSON access-log line per request)")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}));
  option(*cmd, "--ai-threads", opts->hub.ai_threads, "Threads that run the AI seats (0: one per core)")
      ->check(CLI::Range(0, 64));
  option(*cmd, "--ai-max-games", opts->hub.ai_max_games,
         "Games against the AI in play at once; more are refused (0: 12 per AI thread)")
      ->check(CLI::Range(0, 100000));
  option(*cmd, "--ai-movetime", opts->hub.ai_movetime_ms,
         "Milliseconds per AI decision for every level (-1: the level's own)")
      ->check(CLI::Range(int64_t(-1), int64_t(60000)));
  option(*cmd, "--analysis-threads", opts->hub.analysis_threads,
         "Threads that write game reports at the lowest priority (0: no reports)")
      ->check(CLI::Range(0, 64));
  option(*cmd, "--analysis-nodes", opts->hub.analysis_nodes, "Nodes per position of a game report (docs/analysis.md)")
      ->check(CLI::Range(uint64_t(1000), uint64_t(100000000)));
  option(*cmd, "--rate", opts->hub.rate_per_second, "WebSocket messages per second allowed per connection")
      ->check(CLI::Range(1.0, 100000.0));
  option(*cmd, "--burst", opts->hub.rate_burst, "WebSocket message burst allowed per connection")
      ->check(CLI::Range(1.0, 100000.0));
  option(*cmd, "--sweep-ms", opts->hub.sweep_interval_ms,
         "How often games nobody uses are dropped from memory (they stay in the store)")
      ->check(CLI::Range(int64_t(10), int64_t(3600000)));
  option(*cmd, "--seek-expiry-ms", opts->hub.seeks.expiry_ms,
         "A waiting game or a seek that nobody took ends after this many milliseconds (0: never)")
      ->check(CLI::Range(int64_t(0), int64_t(30) * 24 * 3600 * 1000));
  option(*cmd, "--max-open", opts->hub.seeks.max_open,
         "Open seeks and waiting games allowed per player and per client address (0: no cap)")
      ->check(CLI::Range(0, 1000000));
  option(*cmd, "--create-rate", opts->hub.seeks.create_per_minute,
         "Games a client address may create per minute (0: no limit)")
      ->check(CLI::Range(0.0, 1000000.0));
  option(*cmd, "--create-burst", opts->hub.seeks.create_burst, "Games a client address may create at once")
      ->check(CLI::Range(1.0, 1000000.0));
  option(*cmd, "--claim-grace-ms", opts->hub.seeks.claim_grace_ms,
         "Milliseconds a timed game's player may be disconnected before the opponent can claim the game")
      ->check(CLI::Range(int64_t(0), int64_t(24) * 3600 * 1000));
  option(*cmd, "--untimed-idle-ms", opts->hub.seeks.untimed_idle_ms,
         "An untimed game with no move for this many milliseconds ends as abandoned (0: never)")
      ->check(CLI::Range(int64_t(0), int64_t(365) * 24 * 3600 * 1000));
  option(*cmd, "--deadline-check-ms", opts->hub.deadline_check_ms,
         "How often correspondence games past their deadline are looked for and ended on time")
      ->check(CLI::Range(int64_t(10), int64_t(3600000)));
  option(*cmd, "--arena-tick-ms", opts->arenas.tick_ms,
         "How often the running arenas' free players are paired (milliseconds)")
      ->check(CLI::Range(10, 60000));
  option(*cmd, "--arena-schedule", opts->arena_schedule,
         "A tournament the server makes on a schedule (repeatable): EVERY/BASE+INC/MINUTES[/blitz], e.g. 60/3+2/55 "
         "is a 3+2 arena of 55 minutes every hour; swissN for MINUTES makes a Swiss event of N rounds "
         "(10080/10+5/swiss7: weekly); EVERY may be monthly (the 1st, 00:00 UTC)");
  option(*cmd, "--max-correspondence", opts->hub.seeks.max_correspondence,
         "Ongoing correspondence games allowed per account (0: no cap)")
      ->check(CLI::Range(0, 1000000));
  cmd->add_flag("--test-clock", opts->test_clock,
                "For tests only: POST /api/test/clock {\"advance_ms\": N} moves the games' clock forward")
      ->envname(env_name("--test-clock"))
      ->group("");  // hidden from --help: never on a real site
  option(*cmd, "--site-heartbeat-ms", opts->site.heartbeat_ms,
         "With PostgreSQL: how often this server tells the site it is alive (docs/server.md \"One site\")")
      ->check(CLI::Range(int64_t(50), int64_t(60000)));
  option(*cmd, "--site-lease-ms", opts->site.lease_ms,
         "With PostgreSQL: a server silent this long has its seeks and presence removed by the others")
      ->check(CLI::Range(int64_t(200), int64_t(600000)));
  option(*cmd, "--send-queue-bytes", opts->net.send_queue_bytes,
         "Bytes that may wait for one WebSocket client; a client that lets more pile up is dropped")
      ->check(CLI::Range(size_t(16384), size_t(1) << 30));
  option(*cmd, "--max-per-address", opts->net.max_per_address, "Open connections allowed per client address")
      ->check(CLI::Range(1, 1000000));
  option(*cmd, "--max-connections", opts->net.max_connections, "Open connections allowed in total")
      ->check(CLI::Range(1, 10000000));
  option(*cmd, "--http-rate", opts->net.http_rate, "HTTP requests per second allowed per client address")
      ->check(CLI::Range(0.1, 1000000.0));
  option(*cmd, "--http-burst", opts->net.http_burst, "HTTP request burst allowed per client address")
      ->check(CLI::Range(1.0, 1000000.0));
  option(*cmd, "--register-per-hour", opts->accounts.registrations_per_hour,
         "Accounts a client address may register per hour (0: no limit)")
      ->check(CLI::Range(0.0, 1000000.0));
  option(*cmd, "--register-burst", opts->accounts.registration_burst, "Accounts a client address may register at once")
      ->check(CLI::Range(1.0, 1000000.0));
  option(*cmd, "--password-threads", opts->accounts.password_threads,
         "Threads that hash and check passwords (Argon2id, 64 MiB each)")
      ->check(CLI::Range(1, 64));
  option(*cmd, "--password-jobs-per-address", opts->accounts.password_jobs_per_address,
         "Password requests (login, register, ...) one client address may have under way; more are 503 busy")
      ->check(CLI::Range(1, 10000));
  option(*cmd, "--tls-cert", opts->tls_cert,
         "PEM certificate chain: serve HTTPS and WSS only (with --tls-key; reloaded on SIGHUP)");
  option(*cmd, "--tls-key", opts->tls_key, "PEM private key of --tls-cert");
  option(*cmd, "--allow-origin", opts->net.allow_origins,
         "Origin allowed to open WebSocket connections besides the server's own (repeatable: "
         "https://example.org)");
  option(*cmd, "--public-origin", opts->public_origin,
         "Where people reach the server (https://yinsh.example.org): the absolute URLs of link previews "
         "(default: the listening address)");
  option(*cmd, "--smtp-url", opts->mail.relay.url,
         "The SMTP relay mails go through (smtp://host:587, STARTTLS when offered; smtps://host:465); none: no mail")
      ->check([](const std::string& v) {
        return v.empty() || v.rfind("smtp://", 0) == 0 || v.rfind("smtps://", 0) == 0
                   ? std::string()
                   : std::string("must begin smtp:// or smtps://");
      });
  option(*cmd, "--smtp-user", opts->mail.relay.user, "User name at the SMTP relay (none: no authentication)");
  auto smtp_password_file = std::make_shared<std::string>();
  option(*cmd, "--smtp-password-file", *smtp_password_file,
         "File holding the SMTP relay's password (its first line; kept out of the command line)");
  option(*cmd, "--mail-from", opts->mail.from, "The From of the site's mails: \"YINSH <noreply@example.org>\"");
  option(*cmd, "--mail-check-ms", opts->mail.notify_check_ms,
         "How often correspondence games are looked at for your-turn and time-running-out mails")
      ->check(CLI::Range(int64_t(10), int64_t(3600000)));
  option(*cmd, "--mail-turn-delay-ms", opts->mail.turn_delay_ms,
         "How old the last move must be before a your-turn mail goes (a quick reply sends none)")
      ->check(CLI::Range(int64_t(0), int64_t(24) * 3600 * 1000));
  option(*cmd, "--trusted-proxy", opts->net.trusted_proxies,
         "Address of a reverse proxy whose X-Forwarded-For is believed (repeatable: 127.0.0.1)");
  option(*cmd, "--metrics-from", opts->net.metrics_from,
         "Client address or CIDR range that may read /metrics (repeatable; none given: this machine; others get 403)");

  cmd->callback([opts, config, print_config, smtp_password_file, cmd] {
    std::string error;
    if (!config->empty() && !apply_config_file(*cmd, *config, &error)) {
      std::cerr << "error: " << error << "\n";
      std::exit(2);
    }
    // Not given: web/dist (a build tree) if it has the UI, else the UI installed beside the
    // binary (/usr/bin/yinsh -> /usr/share/yinsh/web, as the package lays it out).
    if (cmd->count("--web-root") == 0) opts->web_root = default_web_root(opts->web_root);
    if (!smtp_password_file->empty()) {
      std::ifstream in(*smtp_password_file);
      if (!in || !std::getline(in, opts->mail.relay.password)) {
        std::cerr << "error: cannot read the SMTP password from " << *smtp_password_file << "\n";
        std::exit(2);
      }
    }
    if (*print_config) {
      std::cout << effective_config(*cmd, {"print-config", "test-clock"});
      return;
    }
    // The I/O threads inherit this mask; the main thread waits for the signals below.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    signal(SIGPIPE, SIG_IGN);
    server::Server srv(*opts);
    if (!srv.start(&error)) {
      std::cerr << "error: " << error << "\n";
      std::exit(1);
    }
    const std::string address = std::string(opts->tls_cert.empty() ? "http" : "https") + "://" + opts->host + ":" +
                                std::to_string(srv.port());
    std::cout << "yinsh serve: listening on " << address << " (db " << opts->db
              << ", web root " << opts->web_root << ")" << std::endl;
    if (!std::filesystem::exists(std::filesystem::path(opts->web_root) / "index.html"))
      srv.warn("no index.html in the web root '" + opts->web_root +
               "': the API works, but there is no browser UI to serve (build it with "
               "scripts/setup, or: cd web && npm ci && npm run build; or pass --web-root)");
    notify_ready("listening on " + address);
    // With a watchdog (WatchdogSec=) the main thread wakes at half its interval and pings,
    // if the I/O threads answer within a quarter of it: when they are all stuck the pings
    // stop, and systemd restarts the service.
    const auto ping = watchdog_ping_interval();
    const auto answer_within =
        std::max(std::chrono::milliseconds(1), std::chrono::duration_cast<std::chrono::milliseconds>(ping / 2));
    bool stalled = false;
    int sig = 0;
    for (;;) {
      if (ping.count() > 0) {
        const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(ping).count();
        const timespec wait{time_t(ns / 1000000000), long(ns % 1000000000)};
        sig = sigtimedwait(&set, nullptr, &wait);
        if (sig < 0) {
          const bool answered = srv.responsive(answer_within);
          if (answered) notify_watchdog();
          else if (!stalled)
            srv.warn("the I/O threads did not answer within " + std::to_string(answer_within.count()) +
                     " ms: no watchdog ping");
          stalled = !answered;
          continue;
        }
      } else if (sigwait(&set, &sig) != 0) {
        continue;
      }
      if (sig != SIGHUP) break;
      // SIGHUP: new TLS certificate files (a renewal); the old ones stay if these are bad.
      if (srv.reload_tls(&error)) std::cout << "yinsh serve: TLS certificate reloaded" << std::endl;
      else srv.warn("SIGHUP: " + error);
    }
    std::cout << "yinsh serve: stopping (" << (sig == SIGTERM ? "SIGTERM" : "SIGINT") << "): draining" << std::endl;
    notify_stopping("draining");
    srv.stop();
    std::cout << "yinsh serve: stopped" << std::endl;
  });
}

}  // namespace yinsh::cli

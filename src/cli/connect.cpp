// yinsh play --connect http[s]://host:port/game/ID: an online game from the terminal, as a
// client of `yinsh serve` (docs/api.md), over plain TCP or TLS (https and wss, the server's
// certificate checked against the system's trust store or SSL_CERT_FILE, and the host name). It takes a free seat over HTTP (or uses --token, or watches
// as a spectator when both seats are taken), follows the game over WebSocket and draws the
// board, the clocks and the chat after every event. Lines typed are sent as decisions or
// commands; the server judges them (an illegal decision gets its error, nothing changes).
// One I/O thread runs the connection; the main thread reads the terminal and posts each line
// to it. With the account's API token (--api-token) it lists the account's games
// (connect_games.h), opens one with the account's seat, and `next` moves on to the next game
// where it is the account's turn; a correspondence clock shows as the time left ("1 day 4 h").
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <atomic>
#include <chrono>
#include <deque>
#include <iostream>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "bot_http.h"
#include "connect.h"
#include "connect_games.h"
#include "http_client.h"
#include "tls_client.h"
#include "core/diagram.h"
#include "core/notation.h"
#include "core/position.h"

namespace yinsh::cli {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;
using json = nlohmann::json;
using PlainWs = websocket::stream<beast::tcp_stream>;
using TlsWs = websocket::stream<beast::ssl_stream<beast::tcp_stream>>;

const char* CONNECT_HELP =
    "Type a decision (e4, e4-e10, xe5-e9, xe10, pass) or: start, resign, undo, accept, decline,\n"
    "rematch, say TEXT (chat; /commands too), legal, board, help, quit;\n"
    "with --api-token also: games (your games), next (the next game where it is your turn).\n";

struct Target {
  bool tls = false;  // https: the requests over TLS, the game over wss
  std::string host, port, game;
};

// `need_game`: the URL must name a game (/game/ID); otherwise it may be the site alone.
std::optional<Target> parse_url(const std::string& url, bool need_game, std::string* why) {
  Target t;
  t.tls = url.rfind("https://", 0) == 0;
  const std::string scheme = t.tls ? "https://" : "http://";
  if (url.rfind(scheme, 0) != 0) {
    *why = "expected http://HOST:PORT/game/ID or https://HOST[:PORT]/game/ID";
    return std::nullopt;
  }
  const std::string rest = url.substr(scheme.size());
  const auto slash = rest.find('/');
  const std::string authority = rest.substr(0, slash);
  const std::string path = slash == std::string::npos ? "" : rest.substr(slash);
  const auto colon = authority.rfind(':');
  t.host = authority.substr(0, colon);
  t.port = colon == std::string::npos ? (t.tls ? "443" : "80") : authority.substr(colon + 1);
  for (const char* prefix : {"/game/", "/replay/"})
    if (path.rfind(prefix, 0) == 0) t.game = path.substr(std::string(prefix).size(), 12);
  const bool bare = path.empty() || path == "/";
  if (t.host.empty() || (t.game.size() != 12 && (need_game || !bare))) {
    *why = need_game ? "expected http://HOST:PORT/game/ID (a 12-character game id)"
                     : "expected http://HOST:PORT (your games) or http://HOST:PORT/game/ID";
    return std::nullopt;
  }
  return t;
}

std::string site_url(const Target& t) { return (t.tls ? "https://" : "http://") + t.host + ":" + t.port; }

// One HTTP request; the status and parsed body. Throws on network errors (a certificate that
// does not verify among them).
std::pair<int, json> request(const Target& t, const std::string& method, const std::string& target,
                             const std::string& body) {
  if (t.tls) {
    const BotReply r = BotHttp(SiteUrl{true, t.host, t.port, ""}, "").request(method, target, body, 10);
    if (r.status == 0) throw std::runtime_error("cannot reach " + t.host + ":" + t.port + ": " + r.body);
    return {r.status, json::parse(r.body, nullptr, false)};
  }
  const HttpResult r = http_call(t.host, t.port, method, target, body, {}, 10);
  return {r.status, json::parse(r.body, nullptr, false)};
}

std::string clock_text(int64_t ms) {
  if (ms < 0) ms = 0;
  const int64_t s = (ms + 999) / 1000;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%lld:%02lld", (long long)(s / 60), (long long)(s % 60));
  return buf;
}

int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// The game over a WebSocket of type `Ws`: PlainWs (ws://) or TlsWs (wss://).
template <class Ws>
class Client {
  static constexpr bool kTls = std::is_same_v<Ws, TlsWs>;

 public:
  // `api_token` (may be empty): the account's, for `games` and `next`.
  Client(Target t, std::string token, std::string api_token, bool color)
      : t_(std::move(t)), token_(std::move(token)), api_token_(std::move(api_token)), color_(color), ws_(make_ws()) {}

  // After run(): the game `next` chose to go on with ("" when the player quit).
  const std::string& next_game() const { return next_; }

  // Blocks until the player quits or the connection ends; throws when it cannot connect.
  int run() {
    tcp::resolver resolver(ioc_);
    beast::get_lowest_layer(ws_).connect(resolver.resolve(t_.host, t_.port));
    if constexpr (kTls) client_handshake(ws_.next_layer(), t_.host);
    ws_.handshake(t_.host + ":" + t_.port, "/ws");
    json hello = {{"type", "hello"}, {"game", t_.game}};
    if (!token_.empty()) hello["token"] = token_;
    send(hello);
    do_read();
    std::thread io([this] { ioc_.run(); });
    std::string line;
    while (!closed_ && std::getline(std::cin, line)) {
      if (!command(line)) break;
    }
    closed_ = true;
    net::post(ioc_, [this] { beast::get_lowest_layer(ws_).close(); });
    io.join();
    return 0;
  }

 private:
  void print(const std::string& s) {
    std::lock_guard lock(out_mutex_);
    std::cout << s << std::flush;
  }

  void send(const json& j) {
    net::post(ioc_, [this, frame = j.dump()] {
      queue_.push_back(frame);
      if (queue_.size() == 1) do_write();
    });
  }
  void do_write() {
    ws_.async_write(net::buffer(queue_.front()), [this](beast::error_code ec, size_t) {
      if (ec) return;
      queue_.pop_front();
      if (!queue_.empty()) do_write();
    });
  }
  void do_read() {
    ws_.async_read(buffer_, [this](beast::error_code ec, size_t) {
      if (ec) {
        if (!closed_) print("connection closed: " + ec.message() + " (press Enter)\n");
        closed_ = true;
        return;
      }
      const json m = json::parse(beast::buffers_to_string(buffer_.data()), nullptr, false);
      buffer_.consume(buffer_.size());
      if (m.is_object()) on_message(m);
      do_read();
    });
  }

  void on_message(const json& m) {
    std::lock_guard lock(state_mutex_);
    const std::string type = m.value("type", "");
    if (type == "snapshot") {
      role_ = m["you"].value("role", "spectator");
      state_ = m["game"]["state"];
      const json clock = m["game"].value("clock", json());
      correspondence_ = clock.is_object() && clock.contains("days");
      last_.clear();
      if (!m["game"]["decisions"].empty()) last_ = m["game"]["decisions"].back();
      std::string chat;
      for (const auto& l : m["game"]["chat"]) chat += chat_line(l);
      print(chat + board() + "You are " + role_ + " in game " + t_.game + ".\n" + prompt());
      return;
    }
    if (type == "error") return print("error: " + m.value("message", m.value("code", "")) + "\n");
    if (type == "info") return print(m.value("text", "") + "\n");
    if (type == "seat") {
      role_ = m.value("seat", role_);
      token_ = m.value("token", token_);
      return print("You took the " + role_ + " seat; your token (to reconnect with --token): " + token_ + "\n");
    }
    if (type == "presence" || type == "pong") return;
    if (m.contains("state")) state_ = m["state"];
    if (type == "chat") return print(chat_line(m["line"]));
    if (type == "chat_deleted")
      return print("(" + m.value("name", "") + " removed a chat line" +
                   (m.value("by", "") == "moderator" ? " as moderator" : "") + ")\n");
    std::string what;
    if (type == "decision") {
      last_ = m.value("decision", "");
      what = m.value("by", "") + " plays " + last_ + "\n";
    } else if (type == "joined") {
      what = m.value("name", "") + " sits down as " + m.value("seat", "") + "\n";
    } else if (type == "game_over") {
      what = "game over\n";
    } else {
      what = type + (m.contains("by") ? " (" + m.value("by", "") + ")" : std::string()) + "\n";
    }
    print(what + board() + prompt());
  }

  static std::string chat_line(const json& l) {
    const std::string text = l.value("removed", false) ? "(removed)" : l.value("text", "");
    return "[" + l.value("seat", "") + "] " + l.value("from", "") + ": " + text + "\n";
  }

  std::string seat_line(const char* color) const {
    const json seats = state_.value("seats", json::object());
    const json seat = seats.is_object() ? seats.value(color, json::object()) : json::object();
    std::string s = std::string(color) + " " + (seat.is_object() && seat.contains("name") && seat["name"].is_string()
                                                     ? seat["name"].get<std::string>() : "(open)");
    const json clocks = state_.value("clocks", json());
    if (clocks.is_object()) {
      int64_t ms = clocks.value(std::string(color) + "_ms", int64_t(0));
      const bool running = clocks["running"] == color;
      if (running) ms -= now_ms() - clocks.value("server_time_ms", now_ms());
      if (correspondence_)  // days per move: the deadline, as time left
        s += " " + time_left_text(ms) + (running ? " left" : "");
      else
        s += " " + clock_text(ms) + (running ? " (running)" : "");
    }
    return s;
  }

  int removed(const char* color) const {
    const json r = state_.value("removed", json::object());
    return r.is_object() ? r.value(color, 0) : 0;
  }

  std::string board() const {
    const auto pos = parse_position(state_.value("position", ""));
    if (!pos) return "";
    DiagramStyle style;
    style.color = color_;
    if (const auto m = parse_move(last_); m && m->kind() != Move::Pass) style.last = m->from() | m->to();
    std::string s = "\n" + diagram(*pos, style);
    s += seat_line("white") + "  |  " + seat_line("black") + "  |  rings removed " +
         std::to_string(removed("white")) + "-" + std::to_string(removed("black")) +
         "  |  ply " + std::to_string(state_.value("ply", 0)) + (last_.empty() ? "" : ", last " + last_) + "\n";
    const json result = state_.value("result", json());
    if (result.is_object()) s += "Result: " + result.value("score", "") + " (" + result.value("reason", "") + ")\n";
    return s;
  }

  std::string prompt() const {
    const std::string status = state_.value("status", "");
    if (status == "waiting") return "waiting for the start (type start when both seats are filled)\n";
    if (status != "active") return "the game is " + status + " (quit to leave, rematch to play again)\n";
    const std::string to_move = state_.value("to_move", "");
    return to_move == role_ ? "your turn: " + state_.value("step", "") + "\n"
                            : to_move + " to " + state_.value("step", "") + "\n";
  }

  // False to quit.
  bool command(std::string line) {
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    line.erase(0, std::min(line.find_first_not_of(" \t"), line.size()));
    if (line.empty()) return true;
    if (line == "quit" || line == "exit") return false;
    if (line == "help") return print(CONNECT_HELP), true;
    if (line == "games" || line == "next") return account_games(line == "next");
    if (line == "board") {
      std::lock_guard lock(state_mutex_);
      return print(board() + prompt()), true;
    }
    if (line == "legal") {
      std::lock_guard lock(state_mutex_);
      std::string s;
      for (const auto& d : state_["legal"]) s += d.get<std::string>() + " ";
      return print(s + "\n"), true;
    }
    static const std::pair<const char*, const char*> simple[] = {
        {"start", "start"}, {"resign", "resign"},        {"undo", "undo"},       {"accept", "undo_accept"},
        {"decline", "undo_decline"}, {"rematch", "rematch"}, {"abort", "abort"}};
    for (const auto& [word, type] : simple)
      if (line == word) return send({{"type", type}}), true;
    if (line.rfind("say ", 0) == 0) return send({{"type", "chat"}, {"text", line.substr(4)}}), true;
    if (line[0] == '/') return send({{"type", "chat"}, {"text", line}}), true;
    int64_t ply;
    {
      std::lock_guard lock(state_mutex_);
      ply = state_.value("ply", 0);
    }
    send({{"type", "move"}, {"decision", line}, {"ply", ply}});
    return true;
  }

  // `games`: prints the account's games; `next`: leaves for the next one where it is the
  // account's turn (false: run() ends and next_game() says which).
  bool account_games(bool next) {
    if (api_token_.empty()) return print("games and next need your account's API token: --api-token\n"), true;
    try {
      const auto games = fetch_ongoing_games(site_url(t_), api_token_);
      if (!next) return print(games_text(games, now_ms())), true;
      next_ = next_your_turn(games, t_.game);
      if (next_.empty()) return print("No other game waits for your decision.\n"), true;
      return false;
    } catch (const std::exception& e) {
      return print(std::string("error: ") + e.what() + "\n"), true;
    }
  }

  Ws make_ws() {
    if constexpr (kTls) {
      trust_system_store(ssl_);
      return Ws(ioc_, ssl_);
    } else {
      return Ws(ioc_);
    }
  }

  Target t_;
  std::string token_, api_token_, next_, role_ = "spectator", last_;
  bool color_, correspondence_ = false;
  net::io_context ioc_;
  ssl::context ssl_{ssl::context::tls_client};  // of a TlsWs only
  Ws ws_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;  // frames to write, on the I/O thread only
  std::mutex state_mutex_, out_mutex_;
  json state_ = json::object();
  std::atomic<bool> closed_{false};
};

// Lets the player pick one of `games` by its number on the terminal; "" to quit.
std::string pick_game(const std::vector<OngoingGame>& games) {
  std::cout << games_text(games, now_ms());
  if (games.empty()) return "";
  std::cout << "Type a game's number to play it, or quit.\n" << std::flush;
  std::string line;
  while (std::getline(std::cin, line)) {
    line.erase(0, std::min(line.find_first_not_of(" \t"), line.size()));
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    if (line == "quit" || line == "exit") return "";
    char* end = nullptr;
    const long n = std::strtol(line.c_str(), &end, 10);
    if (!line.empty() && *end == '\0' && n >= 1 && size_t(n) <= games.size()) return games[size_t(n) - 1].id;
    std::cout << "error: type a number from 1 to " << games.size() << ", or quit\n" << std::flush;
  }
  return "";
}

// The seat token of game `id`, a game of the account's; its games are read for it. "" when the
// game is not one of them (the player then joins or watches as anyone would).
std::string account_seat(const Target& t, const std::string& api_token) {
  for (const OngoingGame& g : fetch_ongoing_games(site_url(t), api_token))
    if (g.id == t.game) return g.seat_token;
  std::cout << "Game " << t.game << " is not one of your games in play.\n";
  return "";
}

// Takes a free seat of the game as `name`: its seat token, "" to watch; nullopt when refused.
std::optional<std::string> join(const Target& t, const std::string& name) {
  const auto [status, body] = request(t, "POST", "/api/games/" + t.game + "/join", json({{"name", name}}).dump());
  if (status == 200) {
    const std::string seat_token = body.value("token", "");
    std::cout << "You took the " << body.value("seat", "") << " seat; your token (to reconnect with --token): "
              << seat_token << "\n";
    return seat_token;
  }
  if (status == 409) {
    std::cout << "Both seats are taken: you watch as a spectator.\n";
    return "";
  }
  const std::string msg = body.is_object() && body.contains("error") ? body["error"].value("message", "") : "";
  std::cerr << "error: cannot join game " << t.game << ": HTTP " << status << " " << msg << "\n";
  return std::nullopt;
}

}  // namespace

int play_connected(const std::string& url, const std::string& name, const std::string& token,
                   const std::string& api_token, bool color) {
  std::string why;
  auto t = parse_url(url, api_token.empty(), &why);
  if (!t) {
    std::cerr << "error: --connect " << url << ": " << why << "\n";
    return 2;
  }
  try {
    std::string seat_token = token;
    if (t->game.empty()) {  // the account's games: the player picks one
      t->game = pick_game(fetch_ongoing_games(site_url(*t), api_token));
      if (t->game.empty()) return 0;
    }
    std::cout << CONNECT_HELP;
    for (;;) {
      if (seat_token.empty() && !api_token.empty()) seat_token = account_seat(*t, api_token);
      if (seat_token.empty()) {
        const auto joined = join(*t, name);
        if (!joined) return 1;
        seat_token = *joined;
      }
      int status = 0;
      std::string next;
      if (t->tls) {
        Client<TlsWs> client(*t, seat_token, api_token, color);
        status = client.run();
        next = client.next_game();
      } else {
        Client<PlainWs> client(*t, seat_token, api_token, color);
        status = client.run();
        next = client.next_game();
      }
      if (next.empty()) return status;
      t->game = next;  // `next`: the account's seat in that game
      seat_token.clear();
      std::cout << "\nOn to game " << t->game << ".\n";
    }
  } catch (const boost::system::system_error& e) {
    std::cerr << "error: cannot reach " << t->host << ":" << t->port << ": " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace yinsh::cli

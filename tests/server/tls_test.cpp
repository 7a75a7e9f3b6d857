// HTTPS and WSS served directly (--tls-cert/--tls-key), with a certificate made by openssl at
// test time: the handshake, the API, a whole game over WSS, plain HTTP redirected to https, and the
// certificate reloaded (SIGHUP's path) while the server runs. Skipped without openssl.
#include <gtest/gtest.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <unistd.h>

#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <cstdlib>
#include <filesystem>
#include <random>

#include <nlohmann/json.hpp>

#include "server/server.h"
#include "run_command.h"
#include "test_server.h"

using namespace yinsh;
using namespace yinsh::test;

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;
using json = nlohmann::json;
using TlsStream = beast::ssl_stream<beast::tcp_stream>;

// A self-signed certificate for 127.0.0.1 whose subject is CN=`name`.
bool make_certificate(const std::filesystem::path& dir, const std::string& name) {
  const std::string cmd = "openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=" + name +
                          " -addext subjectAltName=IP:127.0.0.1 -keyout " + (dir / "key.pem").string() + " -out " +
                          (dir / "cert.pem").string() + " >/dev/null 2>&1";
  return std::system(cmd.c_str()) == 0;
}

// The client trusts exactly the server's certificate.
std::unique_ptr<ssl::context> client_context(const std::filesystem::path& dir) {
  auto c = std::make_unique<ssl::context>(ssl::context::tls_client);
  c->set_verify_mode(ssl::verify_peer);
  c->load_verify_file((dir / "cert.pem").string());
  return c;
}

void connect(TlsStream& s, uint16_t port) {
  beast::get_lowest_layer(s).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  s.handshake(ssl::stream_base::client);
}

std::string peer_subject(TlsStream& s) {
  X509* cert = SSL_get1_peer_certificate(s.native_handle());
  if (!cert) return "";
  char buf[256];
  X509_NAME_oneline(X509_get_subject_name(cert), buf, sizeof buf);
  X509_free(cert);
  return buf;
}

// One HTTPS request; the response's status and JSON body, and the certificate's subject.
struct Reply {
  int status = 0;
  json body;
  std::string subject;
  std::string hsts;  // the Strict-Transport-Security header
};
Reply https(uint16_t port, ssl::context& cctx, http::verb verb, const std::string& target, const std::string& body = "") {
  net::io_context ioc;
  TlsStream s(ioc, cctx);
  connect(s, port);
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, "127.0.0.1");
  req.body() = body;
  req.prepare_payload();
  http::write(s, req);
  beast::flat_buffer buf;
  http::response<http::string_body> res;
  http::read(s, buf, res);
  return {int(res.result_int()), json::parse(res.body(), nullptr, false), peer_subject(s),
          std::string(res["Strict-Transport-Security"])};
}

// A seat over WSS that follows the game's state.
class WssSeat {
 public:
  WssSeat(uint16_t port, ssl::context& cctx, const std::string& game, const std::string& token)
      : ws_(ioc_, cctx) {
    connect(ws_.next_layer(), port);
    ws_.handshake("127.0.0.1", "/ws");
    send({{"type", "hello"}, {"game", game}, {"token", token}});
  }
  void send(const json& j) {
    ws_.text(true);
    ws_.write(net::buffer(j.dump()));
  }
  // The next message with a state (the snapshot's or an event's), updating `state`.
  bool next_state(int ms = 10000) {
    for (;;) {
      bool done = false;
      beast::error_code ec;
      ws_.async_read(buf_, [&](beast::error_code e, size_t) {
        done = true;
        ec = e;
      });
      ioc_.restart();
      ioc_.run_for(std::chrono::milliseconds(ms));
      if (!done || ec) return false;
      const json m = json::parse(beast::buffers_to_string(buf_.data()), nullptr, false);
      buf_.consume(buf_.size());
      if (m.contains("state")) state = m["state"];
      else if (m.value("type", "") == "snapshot") state = m["game"]["state"];
      else continue;
      return true;
    }
  }
  json state;

 private:
  net::io_context ioc_;
  websocket::stream<TlsStream> ws_;
  beast::flat_buffer buf_;
};

class TlsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!make_certificate(dir_, "first")) GTEST_SKIP() << "openssl cannot make a certificate";
    server::ServerOptions o = test_server_options(dir_);
    o.tls_cert = (dir_ / "cert.pem").string();
    o.tls_key = (dir_ / "key.pem").string();
    server_ = start_test_server(o);
    ASSERT_TRUE(server_);
    port_ = server_->port();
    cctx_ = client_context(dir_);
  }
  void TearDown() override { server_.reset(); }
  ScratchDir scratch_{"yinsh-tls"};
  const std::filesystem::path& dir_ = scratch_.path();
  std::unique_ptr<server::Server> server_;
  std::unique_ptr<ssl::context> cctx_;
  uint16_t port_ = 0;
};

}  // namespace

TEST_F(TlsTest, HttpsAndAWholeGameOverWss) {
  const Reply levels = https(port_, *cctx_, http::verb::get, "/api/levels");
  EXPECT_EQ(levels.status, 200);
  EXPECT_EQ(levels.body["levels"].size(), 8u);
  EXPECT_EQ(levels.subject, "/CN=first");
  EXPECT_EQ(levels.hsts, "max-age=31536000");  // over TLS only (browser_defences_test.cpp: not over HTTP)
  const Reply c = https(port_, *cctx_, http::verb::post, "/api/games", R"({"color":"white","name":"alice"})");
  ASSERT_EQ(c.status, 201);
  const std::string id = c.body["game"];
  const Reply j = https(port_, *cctx_, http::verb::post, "/api/games/" + id + "/join", R"({"name":"bob"})");
  ASSERT_EQ(j.status, 200);
  WssSeat w(port_, *cctx_, id, c.body["token"]), b(port_, *cctx_, id, j.body["token"]);
  ASSERT_TRUE(w.next_state() && b.next_state());
  w.send({{"type", "start"}});
  b.send({{"type", "start"}});
  while (w.state["status"] != "active") ASSERT_TRUE(w.next_state());
  while (b.state["status"] != "active") ASSERT_TRUE(b.next_state());
  std::mt19937 rng(3);
  int plies = 0;
  while (w.state["status"] == "active") {
    WssSeat& mover = w.state["to_move"] == "white" ? w : b;
    const auto& legal = mover.state["legal"];
    ASSERT_FALSE(legal.empty());
    mover.send({{"type", "move"}, {"decision", legal[rng() % legal.size()]}, {"ply", mover.state["ply"]}});
    const int ply = w.state["ply"].get<int>();
    while (w.state["ply"].get<int>() == ply && w.state["status"] == "active") ASSERT_TRUE(w.next_state());
    while (b.state["ply"] != w.state["ply"] || b.state["status"] != w.state["status"]) ASSERT_TRUE(b.next_state());
    ++plies;
  }
  EXPECT_EQ(w.state["status"], "over");
  EXPECT_GT(plies, 20);
  const Reply record = https(port_, *cctx_, http::verb::get, "/api/games/" + id + "/record.json");
  EXPECT_EQ(record.status, 200);
}

// Plain HTTP sent to the TLS port: its answer (the raw request is written as it is).
static http::response<http::string_body> plain_http(uint16_t port, const std::string& request) {
  net::io_context ioc;
  beast::tcp_stream plain(ioc);
  plain.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  net::write(plain, net::buffer(request));
  beast::flat_buffer buf;
  http::response<http::string_body> res;
  beast::error_code ec;
  http::read(plain, buf, res, ec);
  EXPECT_FALSE(ec) << "no answer to plain HTTP: " << ec.message();
  return res;
}

TEST_F(TlsTest, PlainHttpIsRedirectedToHttpsAndAnUntrustedCertificateIsRefused) {
  const std::string host = "127.0.0.1:" + std::to_string(port_);
  auto res = plain_http(port_, "GET /game/abc?x=1 HTTP/1.1\r\nHost: " + host + "\r\n\r\n");
  EXPECT_EQ(res.result_int(), 308);
  EXPECT_EQ(res[http::field::location], "https://" + host + "/game/abc?x=1");
  EXPECT_FALSE(res.keep_alive());
  EXPECT_EQ(res.count("Strict-Transport-Security"), 0u);  // ignored over plain HTTP anyway
  // A POST keeps its method with a 308; its body is not read.
  res = plain_http(port_, "POST /api/games HTTP/1.1\r\nHost: yinsh.example.org\r\nContent-Length: 2\r\n\r\n{}");
  EXPECT_EQ(res.result_int(), 308);
  EXPECT_EQ(res[http::field::location], "https://yinsh.example.org/api/games");
  // A large body the server does not read does not reset the connection before the answer.
  const std::string big(200000, 'x');
  res = plain_http(port_, "POST /api/reports HTTP/1.1\r\nHost: h\r\nContent-Length: " + std::to_string(big.size()) +
                              "\r\n\r\n" + big);
  EXPECT_EQ(res.result_int(), 308);
  // No Host, or one that cannot be put in a URL: no redirect.
  EXPECT_EQ(plain_http(port_, "GET / HTTP/1.0\r\n\r\n").result_int(), 400);
  res = plain_http(port_, "GET / HTTP/1.1\r\nHost: evil.org/x?\r\n\r\n");
  EXPECT_EQ(res.result_int(), 400);
  EXPECT_EQ(res.count(http::field::location), 0u);
  // The TLS port still speaks TLS after the plain requests.
  EXPECT_EQ(https(port_, *cctx_, http::verb::get, "/api/levels").status, 200);
  ssl::context strict(ssl::context::tls_client);  // trusts nothing
  strict.set_verify_mode(ssl::verify_peer);
  EXPECT_THROW(https(port_, strict, http::verb::get, "/api/levels"), boost::system::system_error);
}

TEST_F(TlsTest, ANewCertificateIsUsedAfterAReloadAndABadOneKeepsTheOld) {
  EXPECT_EQ(https(port_, *cctx_, http::verb::get, "/healthz").subject, "/CN=first");
  ASSERT_TRUE(make_certificate(dir_, "second"));
  std::string error;
  ASSERT_TRUE(server_->reload_tls(&error)) << error;
  cctx_ = client_context(dir_);
  EXPECT_EQ(https(port_, *cctx_, http::verb::get, "/healthz").subject, "/CN=second");
  std::filesystem::resize_file(dir_ / "key.pem", 10);  // broken
  EXPECT_FALSE(server_->reload_tls(&error));
  EXPECT_NE(error.find("key.pem"), std::string::npos) << error;
  EXPECT_EQ(https(port_, *cctx_, http::verb::get, "/healthz").status, 200);  // still the second
}

namespace {

// A private key of the other kind (EC) than the certificate's (RSA), or another RSA key.
bool make_key(const std::filesystem::path& file, bool ec) {
  const std::string cmd = std::string(ec ? "openssl ecparam -name prime256v1 -genkey -noout" : "openssl genrsa") +
                          " -out " + file.string() + (ec ? "" : " 2048") + " >/dev/null 2>&1";
  return std::system(cmd.c_str()) == 0;
}

}  // namespace

TEST(TlsKeyCheck, AKeyThatIsNotTheCertificatesIsRefusedAtStart) {
  ScratchDir scratch("yinsh-tls-key");
  const auto& dir = scratch.path();
  if (!make_certificate(dir, "first")) GTEST_SKIP() << "openssl cannot make a certificate";
  for (const bool ec : {true, false}) {
    ASSERT_TRUE(make_key(dir / "other.pem", ec));
    server::ServerOptions o = test_server_options(dir);
    o.tls_cert = (dir / "cert.pem").string();
    o.tls_key = (dir / "other.pem").string();
    server::Server srv(o);
    std::string error;
    EXPECT_FALSE(srv.start(&error)) << (ec ? "an EC key beside an RSA certificate" : "another RSA key");
    EXPECT_NE(error.find("other.pem does not belong to the certificate"), std::string::npos) << error;
  }
}

TEST_F(TlsTest, AReloadWithAKeyThatIsNotTheCertificatesKeepsTheOld) {
  for (const bool ec : {true, false}) {
    ASSERT_TRUE(make_key(dir_ / "key.pem", ec));  // the files a renewal left half done
    std::string error;
    EXPECT_FALSE(server_->reload_tls(&error));
    EXPECT_NE(error.find("does not belong to the certificate"), std::string::npos) << error;
    const Reply r = https(port_, *cctx_, http::verb::get, "/healthz");  // the handshake still works
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.subject, "/CN=first");
  }
}

// `yinsh play --connect https://...`: the join over HTTPS, the game over WSS (a chat line sent
// from the terminal reaches the game), the server's certificate trusted through SSL_CERT_FILE.
// Without that trust the client says why and exits 1, and the seat stays open.
TEST_F(TlsTest, TheTerminalClientPlaysOverHttpsAndWssAndRefusesAnUntrustedServer) {
  const Reply c = https(port_, *cctx_, http::verb::post, "/api/games", R"({"color":"white","name":"alice"})");
  ASSERT_EQ(c.status, 201);
  const std::string id = c.body["game"];
  const std::string url = "https://127.0.0.1:" + std::to_string(port_) + "/game/" + id;
  auto term = [&](const std::string& cert_file) {
    return run_command("(sleep 1; echo 'say hello over wss'; sleep 1; echo quit) | SSL_CERT_FILE=" + cert_file + " " +
                       YINSH_BIN + " play --connect " + url + " --name bob --no-color");
  };

  const auto [refused, refused_status] = term((dir_ / "none.pem").string());
  EXPECT_EQ(refused_status, 1) << refused;
  EXPECT_NE(refused.find("certificate verify failed"), std::string::npos) << refused;
  EXPECT_TRUE(https(port_, *cctx_, http::verb::get, "/api/games/" + id).body["state"]["seats"]["black"]["name"].is_null());

  const auto [out, status] = term((dir_ / "cert.pem").string());
  EXPECT_EQ(status, 0) << out;
  EXPECT_NE(out.find("You took the black seat"), std::string::npos) << out;
  EXPECT_NE(out.find("You are black in game " + id), std::string::npos) << out;
  const json game = https(port_, *cctx_, http::verb::get, "/api/games/" + id).body;
  EXPECT_EQ(game["state"]["seats"]["black"]["name"], "bob") << game;
  bool heard = false;
  for (const json& line : game["chat"]) heard |= line.value("text", "") == "hello over wss";
  EXPECT_TRUE(heard) << game["chat"];
}

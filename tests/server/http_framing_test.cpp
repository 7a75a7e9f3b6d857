// How a request's body is framed: a Transfer-Encoding other than a single `chunked` is
// answered 501 and the connection closed, before any of the body is read; so the bytes after
// a Content-Length that such a request also carries are never taken for a second request
// (request smuggling through a proxy that frames it otherwise). Raw sockets: the test writes
// the bytes itself.
#include <gtest/gtest.h>

#include <boost/asio.hpp>
#include <filesystem>
#include <thread>

#include "server/server.h"
#include "test_server.h"

using namespace yinsh;
using namespace yinsh::test;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

// Writes `bytes` on a fresh connection and reads until the server closes it (or 5 s pass).
std::string exchange(uint16_t port, const std::string& bytes, bool* closed) {
  net::io_context ioc;
  tcp::socket s(ioc);
  s.connect({net::ip::make_address("127.0.0.1"), port});
  net::write(s, net::buffer(bytes));
  std::string got;
  char buf[4096];
  *closed = false;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  s.non_blocking(true);
  while (std::chrono::steady_clock::now() < until) {
    boost::system::error_code ec;
    const size_t n = s.read_some(net::buffer(buf), ec);
    if (ec == net::error::would_block) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      continue;
    }
    if (ec) {
      *closed = ec == net::error::eof;
      break;
    }
    got.append(buf, n);
  }
  return got;
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

class HttpFraming : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::create_directories(dir_ / "web");
    server_ = start_test_server(test_server_options(dir_));
    ASSERT_TRUE(server_);
  }
  ScratchDir scratch_{"yinsh-framing"};
  const std::filesystem::path& dir_ = scratch_.path();
  std::unique_ptr<server::Server> server_;
};

}  // namespace

TEST_F(HttpFraming, AnUnknownTransferEncodingIs501AndNothingAfterItIsRead) {
  const std::string smuggled = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";
  for (const std::string te : {"gzip", "identity", "chunked, gzip", "gzip, chunked", "xchunked", "chunked\r\n"
                                                                                                 "Transfer-Encoding: chunked"}) {
    const std::string req = "POST /api/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: " + te +
                            "\r\nContent-Length: 2\r\n\r\n{}" + smuggled;
    bool closed = false;
    const std::string got = exchange(server_->port(), req, &closed);
    EXPECT_EQ(got.rfind("HTTP/1.1 501 ", 0), 0u) << te << ":\n" << got;
    EXPECT_NE(got.find("transfer_encoding_not_implemented"), std::string::npos) << te;
    EXPECT_EQ(count(got, "HTTP/1.1 "), 1u) << te << ": one answer only:\n" << got;
    EXPECT_EQ(got.find("\r\n\r\nok\n"), std::string::npos) << te << ": the smuggled request was answered";
    EXPECT_TRUE(closed) << te;
  }
}

TEST_F(HttpFraming, ChunkedStillWorksAndKeepsTheConnection) {
  const std::string req =
      "POST /api/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\n"
      "1d\r\n{\"color\":\"white\",\"name\":\"al\"}\r\n0\r\n\r\n"
      "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  bool closed = false;
  const std::string got = exchange(server_->port(), req, &closed);
  EXPECT_EQ(got.rfind("HTTP/1.1 201 ", 0), 0u) << got;
  EXPECT_EQ(count(got, "HTTP/1.1 "), 2u) << got;
  EXPECT_NE(got.find("\r\n\r\nok\n"), std::string::npos) << got;
}

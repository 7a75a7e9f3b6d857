// Requests whose answer costs far more than a request are limited per client address, not
// only globally (net/net_context.h): uploads of records for a report, the animated GIF, every
// record of a player. One address that spends its burst is refused (429 rate_limited with
// retry_after_s); another address, through the same trusted proxy, is not.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "server/server.h"
#include "test_server.h"
#include "ws_client.h"

using namespace yinsh;
using namespace yinsh::test;
namespace http = boost::beast::http;

namespace {

class ClientLimits : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::create_directories(dir_ / "web");
    auto o = test_server_options(dir_);
    o.net.trusted_proxies = {"127.0.0.1"};
    server_ = start_test_server(o);
    ASSERT_TRUE(server_);
  }
  HttpResult from(const std::string& address, http::verb verb, const std::string& target, const std::string& body = "") {
    return http_request(server_->port(), verb, target, body, {{"X-Forwarded-For", address}});
  }
  // Sends `n` requests from `address`: the statuses.
  std::vector<int> burst(const std::string& address, int n, http::verb verb, const std::string& target,
                         const std::string& body = "") {
    std::vector<int> out;
    for (int i = 0; i < n; ++i) out.push_back(from(address, verb, target, body).status);
    return out;
  }
  ScratchDir scratch_{"yinsh-client-limits"};
  const std::filesystem::path& dir_ = scratch_.path();
  std::unique_ptr<server::Server> server_;
};

void expect_limited_after(const std::vector<int>& statuses, size_t allowed, const std::string& what) {
  for (size_t i = 0; i < statuses.size(); ++i) {
    if (i < allowed) EXPECT_NE(statuses[i], 429) << what << " #" << i;
    else EXPECT_EQ(statuses[i], 429) << what << " #" << i;
  }
}

}  // namespace

TEST_F(ClientLimits, UploadsAnimationsAndRecordsArePerAddress) {
  expect_limited_after(burst("203.0.113.1", 3, http::verb::post, "/api/reports", "not a record"), 2, "uploads");
  expect_limited_after(burst("203.0.113.1", 5, http::verb::get, "/game/zzzzzzzzzzzz.gif"), 4, "animations");
  expect_limited_after(burst("203.0.113.1", 11, http::verb::get, "/api/players/nobody/records"), 10, "records");
  const auto refused = from("203.0.113.1", http::verb::get, "/api/players/nobody/records");
  EXPECT_EQ(refused.body["error"]["code"], "rate_limited");
  EXPECT_GE(refused.body["retry_after_s"].get<int>(), 1);
  EXPECT_EQ(refused.body["error"]["params"]["retry_after_s"], refused.body["retry_after_s"]) << refused.text;
  // Another address is not held back by the first one's spending.
  EXPECT_NE(from("198.51.100.2", http::verb::post, "/api/reports", "not a record").status, 429);
  EXPECT_NE(from("198.51.100.2", http::verb::get, "/game/zzzzzzzzzzzz.gif").status, 429);
  EXPECT_EQ(from("198.51.100.2", http::verb::get, "/api/players/nobody/records").status, 404);
  // Cheap requests of the first address still pass.
  EXPECT_EQ(from("203.0.113.1", http::verb::get, "/api/levels").status, 200);
}

// Valid records, analysed: one address spends its own uploads (2) and is refused, and the
// uploads of every client together (5) still have room for another address. (With the
// address's burst equal to the global one, the first address emptied both.)
TEST_F(ClientLimits, OneAddressCannotSpendEveryClientsUploads) {
  std::ifstream in(std::string(YINSH_TEST_DATA) + "/reports/blunder.yinsh");
  const std::string record((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(record.empty());
  std::vector<int> first;
  for (int i = 0; i < 8 && (first.empty() || first.back() != 429); ++i)
    first.push_back(from("203.0.113.7", http::verb::post, "/api/reports", record).status);
  ASSERT_EQ(first.back(), 429) << "the address was never refused";
  ASSERT_GE(first.size(), 2u);
  for (size_t i = 0; i + 1 < first.size(); ++i) EXPECT_EQ(first[i], 202) << "upload #" << i;
  const auto other = from("198.51.100.9", http::verb::post, "/api/reports", record);
  EXPECT_EQ(other.status, 202) << other.text;
}

// The network layer's limits without a network: connection caps, the HTTP token bucket, the
// Origin rule and X-Forwarded-For from trusted proxies only.
#include "server/net/net_limits.h"
#include "server/net/retry_after.h"

#include <gtest/gtest.h>

using namespace yinsh::server;

TEST(AddressTable, CapsConnectionsPerAddressAndInTotal) {
  NetLimits l;
  l.max_per_address = 2;
  l.max_connections = 3;
  l.trusted_proxies = {"10.0.0.1"};
  AddressTable t(l);
  EXPECT_FALSE(t.admit("1.2.3.4"));
  EXPECT_FALSE(t.admit("1.2.3.4"));
  auto refused = t.admit("1.2.3.4");
  ASSERT_TRUE(refused);
  EXPECT_EQ(*refused, "too many connections from 1.2.3.4 (limit 2)");
  EXPECT_FALSE(t.admit("10.0.0.1"));  // a proxy is only held to the total
  auto full = t.admit("5.6.7.8");
  ASSERT_TRUE(full);
  EXPECT_NE(full->find("3 connections open"), std::string::npos);
  t.release("1.2.3.4");
  EXPECT_EQ(t.connections(), 2u);
  EXPECT_FALSE(t.admit("5.6.7.8"));
  t.release("never-seen");  // harmless
  EXPECT_EQ(t.connections(), 3u);
}

TEST(AddressTable, HttpTokenBucketRefillsAtTheRate) {
  NetLimits l;
  l.http_rate = 2;
  l.http_burst = 3;
  AddressTable t(l);
  const auto t0 = AddressTable::Clock::now();
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(t.take_http_token("a", t0));
  EXPECT_FALSE(t.take_http_token("a", t0));
  EXPECT_TRUE(t.take_http_token("b", t0));  // per address
  EXPECT_TRUE(t.take_http_token("a", t0 + std::chrono::milliseconds(500)));  // one back
  EXPECT_FALSE(t.take_http_token("a", t0 + std::chrono::milliseconds(600)));
}

TEST(Origin, OwnOriginListedOnesOrNone) {
  const std::vector<std::string> allowed = {"https://yinsh.example"};
  EXPECT_TRUE(origin_allowed("", "host:8080", allowed));
  EXPECT_TRUE(origin_allowed("http://host:8080", "host:8080", allowed));
  EXPECT_TRUE(origin_allowed("HTTPS://Host:8080", "host:8080", allowed));
  EXPECT_TRUE(origin_allowed("https://yinsh.example", "host:8080", allowed));
  EXPECT_FALSE(origin_allowed("https://yinsh.example.evil", "host:8080", allowed));
  EXPECT_FALSE(origin_allowed("http://host:8081", "host:8080", allowed));
  EXPECT_FALSE(origin_allowed("http://host:8080.evil", "host:8080", allowed));
  EXPECT_FALSE(origin_allowed("null", "host:8080", allowed));
  EXPECT_FALSE(origin_allowed("http://", "", allowed));
}

TEST(ClientAddress, ForwardedForIsBelievedFromTrustedProxiesOnly) {
  const auto proxies = AddressRanges::lenient({"127.0.0.1", "10.0.0.2"});
  EXPECT_EQ(client_address("8.8.8.8", "1.1.1.1", proxies), "8.8.8.8");  // not a proxy: ignored
  EXPECT_EQ(client_address("127.0.0.1", "", proxies), "127.0.0.1");
  EXPECT_EQ(client_address("127.0.0.1", "203.0.113.7", proxies), "203.0.113.7");
  // A client may send its own X-Forwarded-For; only what trusted proxies appended counts.
  EXPECT_EQ(client_address("127.0.0.1", "6.6.6.6, 203.0.113.7, 10.0.0.2", proxies), "203.0.113.7");
  EXPECT_EQ(client_address("127.0.0.1", "10.0.0.2", proxies), "10.0.0.2");
}

TEST(ClientAddress, TrustedProxiesMayBeCidrRanges) {
  const auto proxies = AddressRanges::lenient({"10.0.0.0/8", "fd00::/8", "192.168.1.7"});
  EXPECT_EQ(client_address("10.200.3.4", "203.0.113.7", proxies), "203.0.113.7");
  EXPECT_EQ(client_address("::ffff:10.1.1.1", "203.0.113.7", proxies), "203.0.113.7");  // dual-stack form
  EXPECT_EQ(client_address("fd12::1", "198.51.100.9", proxies), "198.51.100.9");
  EXPECT_EQ(client_address("11.0.0.1", "203.0.113.7", proxies), "11.0.0.1");
  EXPECT_EQ(client_address("192.168.1.8", "203.0.113.7", proxies), "192.168.1.8");
  // Chains: every hop inside a trusted range is skipped.
  EXPECT_EQ(client_address("10.0.0.1", "203.0.113.7, 10.9.9.9", proxies), "203.0.113.7");
}

TEST(AddressRanges, AddressesAndRangesAreCheckedAndBadOnesNamed) {
  std::string error;
  const auto ok = AddressRanges::parse({"127.0.0.1", "10.0.0.0/8", "172.16.0.0/12", "::1", "fd00::/8", "0.0.0.0/0"}, &error);
  ASSERT_TRUE(ok) << error;
  EXPECT_TRUE(ok->contains("172.31.255.255"));
  EXPECT_TRUE(ok->contains("8.8.8.8"));  // 0.0.0.0/0
  EXPECT_FALSE(ok->contains("not-an-ip"));
  const auto narrow = AddressRanges::parse({"172.16.0.0/12"}, &error);
  ASSERT_TRUE(narrow);
  EXPECT_TRUE(narrow->contains("172.16.0.1"));
  EXPECT_FALSE(narrow->contains("172.32.0.1"));
  EXPECT_FALSE(narrow->contains("::1"));
  for (const std::string bad : {"not-an-ip", "10.0.0.0/33", "10.0.0.0/", "10.0.0/8", "::1/129", "1.2.3.4/x", ""}) {
    error.clear();
    EXPECT_FALSE(AddressRanges::parse({"127.0.0.1", bad}, &error)) << bad;
    EXPECT_NE(error.find("--trusted-proxy " + bad + ": not an IP address or a CIDR range"), std::string::npos) << error;
  }
}

// Retry-After: every refusal that passes says when to try again, with the body's own figure
// when it has one; a 503 that lasts says nothing.
TEST(RetryAfter, RefusalsThatPassSayWhenAndLastingOnesDoNot) {
  HttpReply ok;
  ok.body = {{"ok", true}};
  EXPECT_FALSE(retry_after(ok));
  EXPECT_FALSE(retry_after(http_error(404, "game_not_found", "no such game")));
  EXPECT_EQ(retry_after(http_limited("rate_limited", "too many requests", 7.2)), "8");
  EXPECT_EQ(retry_after(http_error(429, "rate_limited", "too many requests")), "1");
  EXPECT_EQ(retry_after(http_error(503, "store_unavailable", "storage is unavailable")), "5");
  EXPECT_EQ(retry_after(http_error(503, "restarting", "the server is restarting")), "5");
  HttpReply busy = http_error(503, "busy", "the server cannot hash a password now; try again");
  busy.body["retry_after_s"] = 1;
  EXPECT_EQ(retry_after(busy), "1");
  busy.body["retry_after_s"] = "soon";  // not a number of seconds: the default
  EXPECT_EQ(retry_after(busy), "5");
  EXPECT_FALSE(retry_after(http_error(503, "mail_disabled", "this server sends no e-mail")));
  EXPECT_FALSE(retry_after(http_error(503, "analysis_off", "this server writes no game reports")));
}

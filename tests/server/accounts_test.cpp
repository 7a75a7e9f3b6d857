// Account names (NFKC, case, look-alikes, reserved names) and passwords (Argon2id) and tokens.
#include <gtest/gtest.h>

#include <set>

#include "accounts/password.h"
#include "accounts/throttle.h"
#include "accounts/username.h"

namespace yinsh::accounts {
namespace {

std::string error_of(std::string_view typed) {
  std::string error;
  EXPECT_FALSE(parse_username(typed, &error)) << typed;
  return error;
}

TEST(Username, AcceptsPlainNamesAndKeysThemByLowerCase) {
  std::string error;
  const auto u = parse_username("Kris_Burm-1", &error);
  ASSERT_TRUE(u) << error;
  EXPECT_EQ(u->display, "Kris_Burm-1");
  EXPECT_EQ(u->key, "kris_burm-1");
  EXPECT_EQ(parse_username("KRIS_BURM-1", &error)->key, u->key);
}

TEST(Username, NormalisesWithNfkc) {
  std::string error;
  const auto u = parse_username("\xEF\xBD\x99\xEF\xBD\x89\xEF\xBD\x8E\xEF\xBD\x93\xEF\xBD\x88x", &error);  // full-width "yinsh" + x
  ASSERT_TRUE(u) << error;
  EXPECT_EQ(u->display, "yinshx");
  const auto lig = parse_username("\xEF\xAC\x81nn", &error);  // U+FB01 "fi" ligature + "nn"
  ASSERT_TRUE(lig) << error;
  EXPECT_EQ(lig->display, "finn");
}

TEST(Username, RefusesWhatTheRuleForbids) {
  EXPECT_NE(error_of("ab").find("too short"), std::string::npos);
  EXPECT_NE(error_of("abcdefghijklmnopqrstu").find("too long"), std::string::npos);
  EXPECT_NE(error_of("_abc").find("begins and ends"), std::string::npos);
  EXPECT_NE(error_of("abc-").find("begins and ends"), std::string::npos);
  EXPECT_NE(error_of("ab__c").find("twice"), std::string::npos);
  EXPECT_NE(error_of("ab c").find("only letters"), std::string::npos);
  EXPECT_NE(error_of("zo\xC3\xAB").find("only letters"), std::string::npos);   // ë stays non-ASCII
  EXPECT_NE(error_of("abc\xE2\x80\xAE").find("only letters"), std::string::npos);  // U+202E
  EXPECT_NE(error_of("ab\xFF" "cd").find("UTF-8"), std::string::npos);
  EXPECT_NE(error_of("Admin").find("reserved"), std::string::npos);
  EXPECT_NE(error_of("de1eted").find("reserved"), std::string::npos);
}

TEST(Username, LookAlikesShareASkeleton) {
  EXPECT_EQ(skeleton_of("Olivia"), skeleton_of("0l1v1a"));
  EXPECT_EQ(skeleton_of("modern"), skeleton_of("rnodern"));
  EXPECT_EQ(skeleton_of("will"), skeleton_of("vvill"));
  EXPECT_EQ(skeleton_of("big_ben"), skeleton_of("bigben"));
  EXPECT_EQ(skeleton_of("S5"), skeleton_of("ss"));
  // Digits for letters, and letter pairs that pass for one letter.
  EXPECT_EQ(skeleton_of("8ob"), skeleton_of("Bob"));
  EXPECT_EQ(skeleton_of("clave"), skeleton_of("Dave"));
  EXPECT_EQ(skeleton_of("4l1c3"), skeleton_of("alice"));
  EXPECT_EQ(skeleton_of("7om"), skeleton_of("tom"));
  EXPECT_EQ(skeleton_of("9reg"), skeleton_of("greg"));
  EXPECT_EQ(skeleton_of("rnax"), skeleton_of("max"));
  EXPECT_NE(skeleton_of("dave"), skeleton_of("cave"));
  EXPECT_NE(skeleton_of("alice"), skeleton_of("alicia"));
  EXPECT_NE(skeleton_of("bob"), skeleton_of("rob"));
  // No two digits are one letter: 6 and 8 are not confused.
  EXPECT_NE(skeleton_of("Pl6"), skeleton_of("Pl8"));
  EXPECT_NE(skeleton_of("Player6"), skeleton_of("Player8"));
  for (char a = '0'; a <= '9'; ++a)
    for (char b = a + 1; b <= '9'; ++b)
      EXPECT_NE(skeleton_of(std::string("Player") + a), skeleton_of(std::string("Player") + b)) << a << " " << b;
}

TEST(Password, HashesVerifyAndRefuse) {
  EXPECT_FALSE(password_problem("short").empty());
  EXPECT_TRUE(password_problem("long enough").empty());
  EXPECT_FALSE(password_problem(std::string(257, 'x')).empty());
  const auto h = hash_password("correct horse");
  ASSERT_TRUE(h);
  EXPECT_EQ(h->rfind("$argon2id$", 0), 0u) << *h;
  EXPECT_EQ(h->find("correct"), std::string::npos);
  EXPECT_TRUE(verify_password(*h, "correct horse"));
  EXPECT_FALSE(verify_password(*h, "correct horsE"));
  EXPECT_FALSE(verify_password(*h, ""));
  EXPECT_FALSE(verify_password("", "correct horse"));
  EXPECT_FALSE(verify_password("$argon2id$garbage", "correct horse"));
  EXPECT_FALSE(needs_rehash(*h));
  EXPECT_NE(*hash_password("correct horse"), *h);  // a new salt every time
}

TEST(SessionToken, RandomAndStoredOnlyAsADigest) {
  std::set<std::string> seen;
  for (int i = 0; i < 100; ++i) {
    const std::string t = new_session_token();
    EXPECT_EQ(t.size(), 43u);
    EXPECT_EQ(t.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"), std::string::npos);
    EXPECT_TRUE(seen.insert(t).second);
  }
  const std::string t = new_session_token();
  EXPECT_EQ(token_digest(t).size(), 64u);
  EXPECT_EQ(token_digest(t), token_digest(t));
  EXPECT_NE(token_digest(t), token_digest(t + "x"));
}

}  // namespace
}  // namespace yinsh::accounts

namespace yinsh::accounts {
namespace {

using namespace std::chrono_literals;

TEST(LoginThrottle, DelaysGrowAfterTheFreeFailuresAndSuccessClears) {
  LoginThrottle t;
  const auto t0 = LoginThrottle::Clock::time_point{} + 1000h;
  for (int i = 0; i < LoginThrottle::kFreeFailures - 1; ++i) t.failed("1.2.3.4", t0);
  EXPECT_EQ(t.wait("1.2.3.4", t0), 0s);
  t.failed("1.2.3.4", t0);  // the third failure: the next attempt waits 1 s
  EXPECT_EQ(t.wait("1.2.3.4", t0), 1s);
  EXPECT_EQ(t.wait("1.2.3.4", t0 + 400ms), 600ms);
  EXPECT_EQ(t.wait("1.2.3.4", t0 + 1s), 0s);
  t.failed("1.2.3.4", t0 + 1s);
  EXPECT_EQ(t.wait("1.2.3.4", t0 + 1s), 2s);
  t.failed("1.2.3.4", t0 + 3s);
  EXPECT_EQ(t.wait("1.2.3.4", t0 + 3s), 4s);
  EXPECT_EQ(t.wait("5.6.7.8", t0 + 3s), 0s);  // other keys are free
  t.succeeded("1.2.3.4");
  EXPECT_EQ(t.wait("1.2.3.4", t0 + 3s), 0s);
}

TEST(LoginThrottle, DelayIsCappedAndFailuresAreForgotten) {
  LoginThrottle t;
  const auto t0 = LoginThrottle::Clock::time_point{} + 1000h;
  for (int i = 0; i < 40; ++i) t.failed("acct:alice", t0);
  EXPECT_EQ(t.wait("acct:alice", t0), LoginThrottle::kMaxDelay);
  const auto later = t0 + LoginThrottle::kForgetAfter;
  EXPECT_EQ(t.wait("acct:alice", later), 0s);
  t.failed("acct:alice", later);  // counting starts again
  EXPECT_EQ(t.wait("acct:alice", later), 0s);
}

TEST(LoginThrottle, MemoryIsBounded) {
  LoginThrottle t;
  const auto t0 = LoginThrottle::Clock::time_point{} + 1000h;
  for (size_t i = 0; i < LoginThrottle::kMaxKeys + 10; ++i) t.failed("k" + std::to_string(i), t0 + std::chrono::milliseconds(i));
  EXPECT_LE(t.size(), LoginThrottle::kMaxKeys);
  EXPECT_GT(t.size(), LoginThrottle::kMaxKeys / 4);
}

}  // namespace
}  // namespace yinsh::accounts

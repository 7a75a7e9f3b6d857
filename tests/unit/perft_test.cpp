// Every perft vector of tests/data/perft.txt (counts from an independent implementation of
// the SPEC). Each line: variant | decisions from the start | depth:leaf-count ...
// One test per line, so ctest can spread them over cores.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "core/perft.h"
#include "test_util.h"

using namespace yinsh;
using namespace yinsh::test;

namespace {

struct Vector {
  int line = 0;
  std::string variant, decisions;
  std::vector<std::pair<int, uint64_t>> counts;
  std::string error;  // a malformed line fails its test
};

std::string trim(std::string s) {
  const auto a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

std::vector<Vector> load() {
  std::vector<Vector> out;
  std::ifstream in(YINSH_TEST_DATA "/perft.txt");
  if (!in) {
    Vector v;
    v.error = "cannot open " YINSH_TEST_DATA "/perft.txt";
    out.push_back(v);
    return out;
  }
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (trim(line).empty() || trim(line)[0] == '#') continue;
    Vector v;
    v.line = n;
    const auto a = line.find('|'), b = line.find('|', a == std::string::npos ? 0 : a + 1);
    if (a == std::string::npos || b == std::string::npos) {
      v.error = "line " + std::to_string(n) + ": expected two '|'";
    } else {
      v.variant = trim(line.substr(0, a));
      v.decisions = trim(line.substr(a + 1, b - a - 1));
      for (const auto& tok : split(line.substr(b + 1))) {
        const auto colon = tok.find(':');
        if (colon == std::string::npos) {
          v.error = "line " + std::to_string(n) + ": bad count '" + tok + "'";
          break;
        }
        v.counts.emplace_back(std::stoi(tok.substr(0, colon)), std::stoull(tok.substr(colon + 1)));
      }
      if (v.counts.empty() && v.error.empty()) v.error = "line " + std::to_string(n) + ": no counts";
    }
    out.push_back(v);
  }
  return out;
}

// Shown by gtest/ctest instead of the raw bytes.
void PrintTo(const Vector& v, std::ostream* os) { *os << "perft.txt line " << v.line; }

class Perft : public testing::TestWithParam<Vector> {};

}  // namespace

TEST(PerftFile, HasTheVectors) {
  const auto v = load();
  EXPECT_GE(v.size(), 20u) << "tests/data/perft.txt lost its vectors";
  int blitz = 0;
  for (const auto& x : v) blitz += x.variant == "blitz";
  EXPECT_GT(blitz, 0);
}

TEST_P(Perft, MatchesReference) {
  const Vector& v = GetParam();
  ASSERT_TRUE(v.error.empty()) << v.error;
  ASSERT_TRUE(v.variant == "normal" || v.variant == "blitz") << "line " << v.line;
  Position p = Position::start(v.variant == "blitz" ? Variant::Blitz : Variant::Normal);
  play(p, v.decisions);
  for (const auto& [depth, nodes] : v.counts) {
    EXPECT_EQ(perft(p, depth), nodes) << "line " << v.line << " depth " << depth;
    EXPECT_TRUE(p.is_ok()) << "perft must leave the position as it found it";
  }
  // Divide: the counts below each legal decision add up to the total.
  const auto [depth, nodes] = v.counts.front();
  uint64_t sum = 0;
  for (const auto& [m, n] : perft_divide(p, depth)) sum += n;
  EXPECT_EQ(sum, depth == 0 ? 0 : nodes);
}

INSTANTIATE_TEST_SUITE_P(File, Perft, testing::ValuesIn(load()),
                         [](const testing::TestParamInfo<Vector>& info) {
                           return "line" + std::to_string(info.param.line);
                         });

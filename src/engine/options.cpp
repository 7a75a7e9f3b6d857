#include "options.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "search/eval.h"
#include "search/levels.h"
#include "search/search.h"

namespace yinsh {

namespace {

bool iequal(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

int find(std::string_view name) {
  const auto& s = Options::specs();
  for (size_t i = 0; i < s.size(); ++i)
    if (iequal(s[i].name, name)) return int(i);
  return -1;
}

}  // namespace

static_assert(MAX_LEVEL == 8, "keep the Level option's range and default at MAX_LEVEL");

const std::vector<OptionSpec>& Options::specs() {
  using T = OptionSpec::Type;
  // The search's defaults are declared once, in SearchConfig; each option shows its field's
  // (built once, on the first call).
  static const std::vector<OptionSpec> specs = [] {
    const SearchConfig d;
    const auto n = [](int64_t v) { return std::to_string(v); };
    return std::vector<OptionSpec>{
        {"Threads", T::Int, n(d.threads), 1, 64, "Search threads"},
        {"Hash", T::Int, n(d.hash_mb), 1, 4096, "Transposition table size in MiB"},
        {"Level", T::Int, n(d.level), 0, 8, "Playing level: 0 = uniformly random, 1 = beginner, 2 = one-ply greedy, ... 8 = full strength"},
        {"Seed", T::Int, n(int64_t(d.seed)), 0, INT64_MAX, "Seed of the random choices (baseline player, levels)"},
        {"MoveOverhead", T::Int, n(d.move_overhead_ms), 0, 5000, "Milliseconds kept in reserve per move for I/O"},
        {"MultiPV", T::Int, n(d.multipv), 1, 130,
         "Root decisions reported with exact scores, best first (analysis; 1 plays strongest)"},
        {"Weights", T::String, "", 0, 0,
         "Evaluation weights, whole numbers separated by ':' or spaces (empty = the tuned ones)"},
        {"Eval", T::String, "nnue", 0, 0,
         "Evaluation: 'nnue' (the learned network) or 'linear' (the tuned features, Weights)"},
        {"EvalFile", T::String, "", 0, 0,
         "Network file for Eval=nnue (empty = the network built into the binary)"},
        {"EvalLazyMargin", T::Int, n(d.lazy_margin), 0, 100000,
         "Eval=nnue with a residual network: leaves whose linear score is this many centi-rings "
         "outside the search window skip the network (0 = never skip)"},
    };
  }();
  return specs;
}

std::string OptionSpec::flag() const {
  std::string f = "--";
  for (size_t i = 0; i < name.size(); ++i) {
    if (i && std::isupper(static_cast<unsigned char>(name[i]))) f += '-';
    f += char(std::tolower(static_cast<unsigned char>(name[i])));
  }
  return f;
}

Options::Options() {
  for (const auto& s : specs()) values_.push_back(s.default_value);
}

bool Options::set(std::string_view name, std::string_view value, std::string* error) {
  auto fail = [&](std::string msg) {
    if (error) *error = std::move(msg);
    return false;
  };
  const int i = find(name);
  if (i < 0) return fail("unknown option '" + std::string(name) + "'");
  const OptionSpec& s = specs()[i];
  if (s.type == OptionSpec::Type::Int) {
    int64_t v = 0;
    auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec != std::errc() || p != value.data() + value.size() || value.empty())
      return fail("option " + s.name + " takes a whole number, not '" + std::string(value) + "'");
    if (v < s.min || v > s.max)
      return fail("option " + s.name + " must be from " + std::to_string(s.min) + " to " +
                  std::to_string(s.max));
    values_[i] = std::to_string(v);
  } else if (s.type == OptionSpec::Type::Bool) {
    if (value != "true" && value != "false")
      return fail("option " + s.name + " takes true or false, not '" + std::string(value) + "'");
    values_[i] = std::string(value);
  } else {
    if (s.name == "Weights" && !parse_weights(value))
      return fail("option Weights takes " + std::to_string(NUM_FEATURES) +
                  " whole numbers separated by ':' or spaces");
    if (s.name == "Eval" && value != "nnue" && value != "linear")
      return fail("option Eval takes nnue or linear, not '" + std::string(value) + "'");
    values_[i] = std::string(value);
  }
  return true;
}

std::string Options::get(std::string_view name) const {
  const int i = find(name);
  return i < 0 ? std::string() : values_[i];
}

int64_t Options::get_int(std::string_view name) const {
  int64_t v = 0;
  const std::string s = get(name);
  std::from_chars(s.data(), s.data() + s.size(), v);
  return v;
}

bool Options::get_bool(std::string_view name) const { return get(name) == "true"; }

}  // namespace yinsh

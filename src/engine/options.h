// Engine options, each declared once (name, type, default, range, help) in options.cpp (a
// search option's default is SearchConfig's field, search.h) and
// usable both as a command-line flag (--threads 2) and as a protocol option
// (setoption name Threads value 2).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace yinsh {

struct OptionSpec {
  enum class Type { Int, Bool, String };
  std::string name;  // protocol name, e.g. "Threads"; the flag is --threads
  Type type;
  std::string default_value;
  int64_t min = 0, max = 0;  // Int only
  std::string help;

  std::string flag() const;  // "--move-overhead" for "MoveOverhead"
};

class Options {
 public:
  Options();  // every declared option at its default

  static const std::vector<OptionSpec>& specs();
  // Sets an option by its protocol name (case-insensitive); false with `error` if the name is
  // unknown or the value does not fit the type or range. Nothing changes on failure.
  bool set(std::string_view name, std::string_view value, std::string* error = nullptr);
  int64_t get_int(std::string_view name) const;
  bool get_bool(std::string_view name) const;
  std::string get(std::string_view name) const;

 private:
  std::vector<std::string> values_;  // parallel to specs()
};

}  // namespace yinsh

// Smart Game Format (SGF, FF[4]) syntax: game trees of nodes of properties `ID[value]...`.
// Only the main line (the first variation at each branch) of the first game tree is kept:
// game records are main lines. Knows nothing of any game; boardspace.h reads YINSH from it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace yinsh {

struct SgfProperty {
  std::string id;                   // letters and digits, e.g. "GM", "P0"
  std::vector<std::string> values;  // unescaped: "\]" read as "]", "\\" as "\"
};

struct SgfNode {
  std::vector<SgfProperty> properties;
  int line = 0;  // where the node's ';' is, from 1

  // The first value of the first property `id`, or nullptr.
  const std::string* get(std::string_view id) const;
};

// The main line of the first game tree. On malformed text (no '(', unbalanced brackets or
// parentheses, a value without a property name, ...) returns nullopt and says what and where.
std::optional<std::vector<SgfNode>> parse_sgf(std::string_view text, std::string* error = nullptr);

// A value with ']' and '\' escaped, ready to go between brackets.
std::string sgf_escape(std::string_view value);

}  // namespace yinsh

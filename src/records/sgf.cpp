#include "records/sgf.h"

#include <cctype>

namespace yinsh {

namespace {

bool fail(std::string* error, int line, const std::string& msg) {
  if (error) *error = "line " + std::to_string(line) + ": " + msg;
  return false;
}

struct Branch {
  bool main;        // on the main line
  bool child_seen;  // a variation below it has started
};

}  // namespace

const std::string* SgfNode::get(std::string_view id) const {
  for (const auto& p : properties)
    if (p.id == id && !p.values.empty()) return &p.values.front();
  return nullptr;
}

std::string sgf_escape(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::optional<std::vector<SgfNode>> parse_sgf(std::string_view text, std::string* error) {
  std::vector<SgfNode> nodes;
  std::vector<Branch> stack;
  SgfNode scratch;          // nodes off the main line are parsed into this and dropped
  SgfNode* node = nullptr;  // the node whose properties are being read
  int line = 1;
  bool started = false;
  size_t i = 0;
  auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\n') ++line;
    if (is_space(c)) {
      ++i;
      continue;
    }
    if (!started) {
      if (c != '(') {
        fail(error, line, std::string("expected '(' to start the game tree, found '") + c + "'");
        return std::nullopt;
      }
      started = true;
    }
    if (c == '(') {
      if (stack.empty()) {
        if (!nodes.empty()) break;  // a second game tree: only the first is read
        stack.push_back({true, false});
      } else {
        Branch& top = stack.back();
        const bool main = top.main && !top.child_seen;
        top.child_seen = true;
        stack.push_back({main, false});
      }
      node = nullptr;
      ++i;
    } else if (c == ')') {
      if (stack.empty()) {
        fail(error, line, "')' without a matching '('");
        return std::nullopt;
      }
      stack.pop_back();
      node = nullptr;
      ++i;
      if (stack.empty()) break;  // the first game tree is complete
    } else if (c == ';') {
      if (stack.empty()) {
        fail(error, line, "a node (';') outside a game tree");
        return std::nullopt;
      }
      if (stack.back().main && !stack.back().child_seen) {
        nodes.emplace_back();
        node = &nodes.back();
      } else {
        scratch = SgfNode();
        node = &scratch;
      }
      node->line = line;
      ++i;
    } else if (std::isalnum(static_cast<unsigned char>(c))) {
      if (!node) {
        fail(error, line, "a property outside a node (missing ';')");
        return std::nullopt;
      }
      SgfProperty prop;
      while (i < text.size() && std::isalnum(static_cast<unsigned char>(text[i]))) prop.id += text[i++];
      if (prop.id.size() > 32) {
        fail(error, line, "property name too long: '" + prop.id.substr(0, 32) + "...'");
        return std::nullopt;
      }
      while (true) {
        while (i < text.size() && is_space(text[i])) line += text[i++] == '\n';
        if (i >= text.size() || text[i] != '[') break;
        const int start_line = line;
        std::string value;
        for (++i; i < text.size() && text[i] != ']'; ++i) {
          if (text[i] == '\\' && i + 1 < text.size()) ++i;
          if (text[i] == '\n') ++line;
          value += text[i];
        }
        if (i >= text.size()) {
          fail(error, start_line, "unterminated value of property " + prop.id + " (no closing ']')");
          return std::nullopt;
        }
        ++i;  // ']'
        prop.values.push_back(std::move(value));
      }
      if (prop.values.empty()) {
        fail(error, line, "property " + prop.id + " has no value ('[...]')");
        return std::nullopt;
      }
      node->properties.push_back(std::move(prop));
    } else if (c == '[') {
      fail(error, line, "a value '[...]' without a property name");
      return std::nullopt;
    } else {
      fail(error, line, std::string("unexpected character '") + c + "'");
      return std::nullopt;
    }
  }
  if (!started) {
    fail(error, line, "empty file: no game tree");
    return std::nullopt;
  }
  if (!stack.empty()) {
    fail(error, line, "unexpected end of file: " + std::to_string(stack.size()) + " unclosed '('");
    return std::nullopt;
  }
  if (nodes.empty()) {
    fail(error, line, "the game tree has no node");
    return std::nullopt;
  }
  return nodes;
}

}  // namespace yinsh

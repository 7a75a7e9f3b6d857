// JsonOut: writes JSON text straight into a string, without building a tree. The frames a game
// sends on every decision are written with it (nlohmann::json builds one heap node per value,
// and those frames carry up to a hundred legal decisions); everything else uses nlohmann.
//
//   JsonOut o(s);
//   o.begin_object().key("ply").value(12).key("legal").begin_array().value("e5").end_array().end_object();
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace yinsh {

class JsonOut {
 public:
  explicit JsonOut(std::string& out) : out_(out) {}

  JsonOut& begin_object() { return open('{'); }
  JsonOut& end_object() { return close('}'); }
  JsonOut& begin_array() { return open('['); }
  JsonOut& end_array() { return close(']'); }
  JsonOut& key(std::string_view k) {
    value(k);
    out_ += ':';
    after_key_ = true;
    return *this;
  }
  JsonOut& value(std::string_view s) {
    separate();
    out_ += '"';
    escape(s);
    out_ += '"';
    return *this;
  }
  JsonOut& value(const char* s) { return value(std::string_view(s)); }
  JsonOut& value(int64_t v) {
    separate();
    out_ += std::to_string(v);
    return *this;
  }
  JsonOut& value(int v) { return value(int64_t(v)); }
  JsonOut& value(bool b) {
    separate();
    out_ += b ? "true" : "false";
    return *this;
  }
  JsonOut& null() {
    separate();
    out_ += "null";
    return *this;
  }
  // Text that is JSON already (a value written by another JsonOut or by nlohmann's dump()).
  JsonOut& raw(std::string_view json) {
    separate();
    out_ += json;
    return *this;
  }

 private:
  JsonOut& open(char c) {
    separate();
    out_ += c;
    first_ = true;
    return *this;
  }
  JsonOut& close(char c) {
    out_ += c;
    first_ = false;
    return *this;
  }
  // A comma before every value but the first of its object or array, and none after a key.
  void separate() {
    if (after_key_) after_key_ = false;
    else if (!first_) out_ += ',';
    first_ = false;
  }
  // Strings here are valid UTF-8 (they were parsed from JSON or written by the server):
  // only quotes, backslashes and control characters need escaping.
  void escape(std::string_view s) {
    static const char* hex = "0123456789abcdef";
    size_t run = 0;  // start of the characters not yet copied
    for (size_t i = 0; i < s.size(); ++i) {
      const auto c = static_cast<unsigned char>(s[i]);
      if (c != '"' && c != '\\' && c >= 0x20) continue;
      out_.append(s.data() + run, i - run);
      run = i + 1;
      if (c == '"' || c == '\\') {
        out_ += '\\';
        out_ += char(c);
      } else {
        out_ += "\\u00";
        out_ += hex[c >> 4];
        out_ += hex[c & 15];
      }
    }
    out_.append(s.data() + run, s.size() - run);
  }

  std::string& out_;
  bool first_ = true, after_key_ = false;
};

}  // namespace yinsh

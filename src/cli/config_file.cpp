#include "config_file.h"

namespace yinsh::cli {

namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

bool apply_config_file(CLI::App& cmd, const std::string& file, std::string* error) {
  std::vector<CLI::ConfigItem> items;
  try {
    items = CLI::ConfigTOML().from_file(file);
  } catch (const CLI::Error& e) {
    *error = "cannot read the config file " + file + ": " + e.what();
    return false;
  }
  for (const auto& item : items) {
    if (item.name == "++" || item.name == "--") continue;  // section markers
    if (!item.parents.empty()) {
      *error = file + ": key '" + item.fullname() + "': sections are not used; put the keys at the top";
      return false;
    }
    CLI::Option* opt = cmd.get_option_no_throw("--" + item.name);
    if (!opt || item.name == "config" || item.name == "help") {
      *error = file + ": unknown key '" + item.name + "'";
      return false;
    }
    if (opt->count() > 0) continue;  // a flag or the environment said it
    if (item.inputs.empty() && opt->get_items_expected_max() > 1) continue;  // key = []: none
    try {
      opt->add_result(item.inputs);
      opt->run_callback();
    } catch (const CLI::Error& e) {
      *error = file + ": key '" + item.name + "': " + e.what();
      return false;
    }
  }
  return true;
}

std::string effective_config(const CLI::App& cmd, const std::vector<std::string>& skip) {
  std::string out;
  for (const CLI::Option* opt : cmd.get_options()) {
    const std::string name = opt->get_single_name();
    if (name.empty() || name == "help" || name == "config" ||
        std::find(skip.begin(), skip.end(), name) != skip.end())
      continue;
    std::vector<std::string> values = opt->results();
    if (values.empty() && !opt->get_default_str().empty() && opt->get_default_str() != "[]")
      values = {opt->get_default_str()};
    const bool text = opt->get_type_name().rfind("TEXT", 0) == 0;
    const bool list = opt->get_items_expected_max() > 1;
    std::string v;
    for (const auto& s : values) v += (v.empty() ? "" : ", ") + (text ? quoted(s) : s);
    out += name + " = " + (list ? "[" + v + "]" : v.empty() ? "\"\"" : v) + "\n";
  }
  return out;
}

}  // namespace yinsh::cli

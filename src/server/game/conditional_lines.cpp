// Conditional lines (conditional_lines.h): checked by replaying them through the rules core,
// matched against the game's decisions since they were stored.
#include "server/game/conditional_lines.h"

#include <map>

#include "core/notation.h"

namespace yinsh::server {
namespace {

std::string join(const std::vector<std::string>& words, size_t n, char sep) {
  std::string out;
  for (size_t i = 0; i < n && i < words.size(); ++i) {
    if (i) out += sep;
    out += words[i];
  }
  return out;
}

CheckedLines refuse(size_t line, std::optional<size_t> decision, const std::string& why) {
  CheckedLines c;
  json params = {{"line", line}};
  std::string where = "line " + std::to_string(line);
  if (decision) {
    params["decision"] = *decision;
    where += ", decision " + std::to_string(*decision);
  }
  c.error = ApiError{"bad_line", where + ": " + why, params};
  return c;
}

}  // namespace

std::string decisions_text(const Game& rules, size_t from, size_t to) {
  std::string out;
  for (size_t i = from; i < rules.moves().size() && i < to; ++i) {
    if (!out.empty()) out += ' ';
    out += to_string(rules.moves()[i]);
  }
  return out;
}

CheckedLines check_conditional_lines(const Game& rules, Color premover, const json& lines) {
  CheckedLines c;
  if (!lines.is_array() || lines.empty())
    return {{}, ApiError{"bad_request", "lines: a non-empty array of lines is required"}};
  if (lines.size() > kMaxConditionalLines)
    return {{}, ApiError{"too_many_lines", "at most " + std::to_string(kMaxConditionalLines) + " lines",
                         {{"max", kMaxConditionalLines}}}};
  std::map<std::string, std::string> reply_at;  // a prefix of decisions -> the premover's next one
  for (size_t l = 0; l < lines.size(); ++l) {
    const json& line = lines[l];
    if (!line.is_array() || line.empty()) return refuse(l, std::nullopt, "a line is a non-empty array of decisions");
    if (line.size() > kMaxConditionalDecisions)
      return refuse(l, std::nullopt, "at most " + std::to_string(kMaxConditionalDecisions) + " decisions a line");
    Game g = rules;
    ConditionalLine canonical;
    Color last = ~premover;
    for (size_t d = 0; d < line.size(); ++d) {
      if (!line[d].is_string()) return refuse(l, d, "a decision is a string in SPEC notation");
      if (g.position().is_over()) return refuse(l, d, "the game is over before this decision");
      last = g.position().side_to_move();
      if (d == 0 && last == premover) return refuse(l, d, "a line starts with your opponent's decision");
      std::string why;
      const std::string text = line[d].get<std::string>();
      if (!g.play(text, &why)) return refuse(l, d, "\"" + text.substr(0, 20) + "\" is not legal here: " + why);
      canonical.push_back(to_string(g.moves().back()));
      if (last == premover) {
        const std::string key = join(canonical, d, ' ');
        auto [it, fresh] = reply_at.emplace(key, canonical.back());
        if (!fresh && it->second != canonical.back())
          return refuse(l, d, "another line answers the same decisions with " + it->second);
      }
    }
    if (last != premover || (!g.position().is_over() && g.position().side_to_move() == premover))
      return refuse(l, std::nullopt, "a line ends with the end of your turn");
    c.lines.push_back(std::move(canonical));
  }
  return c;
}

std::optional<std::string> conditional_reply(const Game& rules, const ConditionalLines& stored) {
  const size_t base = size_t(stored.base_ply);
  if (rules.moves().size() < base || decisions_text(rules, 0, base) != stored.history) return std::nullopt;
  std::vector<std::string> since;
  for (size_t i = base; i < rules.moves().size(); ++i) since.push_back(to_string(rules.moves()[i]));
  for (const ConditionalLine& line : stored.lines) {
    if (line.size() <= since.size()) continue;
    if (std::equal(since.begin(), since.end(), line.begin())) return line[since.size()];
  }
  return std::nullopt;
}

std::string lines_text(const std::vector<ConditionalLine>& lines) {
  std::string out;
  for (const auto& line : lines) {
    if (!out.empty()) out += '\n';
    out += join(line, line.size(), ' ');
  }
  return out;
}

std::vector<ConditionalLine> parse_lines_text(const std::string& text) {
  std::vector<ConditionalLine> out;
  size_t from = 0;
  while (from <= text.size() && !text.empty()) {
    const size_t nl = text.find('\n', from);
    auto line = split_words(std::string_view(text).substr(from, nl == std::string::npos ? std::string::npos : nl - from));
    if (!line.empty()) out.push_back(std::move(line));
    if (nl == std::string::npos) break;
    from = nl + 1;
  }
  return out;
}

}  // namespace yinsh::server

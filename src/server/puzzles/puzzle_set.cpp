// The committed puzzle set (puzzle_set.h).
#include "server/puzzles/puzzle_set.h"

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/notation.h"

namespace yinsh::server {

extern const char* const kPuzzleSetJson;  // puzzle_set_data.cpp, generated

PuzzleSet PuzzleSet::parse(std::string_view text) {
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || j.value("format", "") != "yinsh-puzzles" ||
      j.value("version", 0) != 1 || !j.contains("puzzles") || !j["puzzles"].is_array())
    throw std::runtime_error("not a yinsh-puzzles file of version 1");
  PuzzleSet set;
  for (const auto& p : j["puzzles"]) {
    const auto malformed = [&] {
      return std::runtime_error("puzzle " + std::to_string(set.puzzles_.size() + 1) + " is malformed");
    };
    if (!p.is_object()) throw malformed();
    const auto id = p.find("id");
    const auto rating = p.find("rating");
    const auto position = p.find("position");
    const auto line = p.find("line");
    const std::string side = p.value("side", ""), goal = p.value("goal", "");
    if (id == p.end() || !id->is_string() || id->get<std::string>().empty() || id->get<std::string>().size() > 32 ||
        rating == p.end() || !rating->is_number() || position == p.end() || !position->is_string() ||
        (side != "w" && side != "b") || (goal != "win" && goal != "save") || line == p.end() || !line->is_array())
      throw malformed();
    PuzzleInfo info;
    info.id = id->get<std::string>();
    info.rating = rating->get<double>();
    const auto pos = parse_position(position->get<std::string>());
    if (!pos) throw malformed();
    info.position = *pos;
    info.side = side == "w" ? WHITE : BLACK;
    info.goal = goal == "win" ? PuzzleGoal::Win : PuzzleGoal::Save;
    for (const auto& d : *line) {
      if (!d.is_string()) throw malformed();
      info.line.push_back(d.get<std::string>());
    }
    const auto other = p.find("other");
    info.horizon = std::max(info.line.size(), other != p.end() && other->is_array() ? other->size() : 0);
    const auto depth = p.find("depth");
    if (depth != p.end()) {
      if (!depth->is_number_integer() || depth->get<int>() < 1 || depth->get<int>() > 20) throw malformed();
      info.depth = depth->get<int>();
    }
    set.puzzles_.push_back(std::move(info));
  }
  std::sort(set.puzzles_.begin(), set.puzzles_.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  const auto dup = std::adjacent_find(set.puzzles_.begin(), set.puzzles_.end(),
                                      [](const auto& a, const auto& b) { return a.id == b.id; });
  if (dup != set.puzzles_.end()) throw std::runtime_error("puzzle " + dup->id + " is there twice");
  return set;
}

const PuzzleSet& PuzzleSet::committed() {
  static const PuzzleSet set = parse(kPuzzleSetJson);
  return set;
}

std::optional<PuzzleInfo> PuzzleSet::find(std::string_view id) const {
  const auto it = std::lower_bound(puzzles_.begin(), puzzles_.end(), id,
                                   [](const PuzzleInfo& p, std::string_view key) { return p.id < key; });
  if (it == puzzles_.end() || it->id != id) return std::nullopt;
  return *it;
}

}  // namespace yinsh::server

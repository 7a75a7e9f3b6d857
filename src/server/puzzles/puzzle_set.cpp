// The committed puzzle set (puzzle_set.h).
#include "server/puzzles/puzzle_set.h"

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace yinsh::server {

extern const char* const kPuzzleSetJson;  // puzzle_set_data.cpp, generated

PuzzleSet PuzzleSet::parse(std::string_view text) {
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || j.value("format", "") != "yinsh-puzzles" ||
      j.value("version", 0) != 1 || !j.contains("puzzles") || !j["puzzles"].is_array())
    throw std::runtime_error("not a yinsh-puzzles file of version 1");
  PuzzleSet set;
  for (const auto& p : j["puzzles"]) {
    const auto id = p.find("id");
    const auto rating = p.find("rating");
    if (!p.is_object() || id == p.end() || !id->is_string() || id->get<std::string>().empty() ||
        id->get<std::string>().size() > 32 || rating == p.end() || !rating->is_number())
      throw std::runtime_error("puzzle " + std::to_string(set.puzzles_.size() + 1) + " is malformed");
    set.puzzles_.push_back({id->get<std::string>(), rating->get<double>()});
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

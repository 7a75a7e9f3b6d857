// Checking record files in bulk (`yinsh validate`): load each file in either format, check
// every decision and the result, and count games, decisions, results and errors.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/record.h"

namespace yinsh {

// Reads a file in either format (Boardspace SGF or the notation). The error names the file.
std::optional<GameRecord> load_record_file(const std::string& path, std::string* error = nullptr);

// The record files below `paths`: files as given, directories searched recursively for
// *.sgf, *.yinsh and *.txt, sorted. Paths that do not exist are reported in `missing`.
std::vector<std::string> expand_record_paths(const std::vector<std::string>& paths,
                                             std::vector<std::string>* missing = nullptr);

struct ArchiveSummary {
  int files = 0, games = 0, rejected = 0;
  long decisions = 0;
  int white_wins = 0, black_wins = 0, draws = 0, unknown_result = 0;
  int ran_to_end = 0, resignations = 0, unterminated = 0;
  std::vector<std::pair<std::string, std::string>> errors;  // file, reason

  // Counts one file: its record, or the reason it was rejected.
  void add(const std::string& path, const std::optional<GameRecord>& record, const std::string& error);
  std::string format() const;
};

}  // namespace yinsh

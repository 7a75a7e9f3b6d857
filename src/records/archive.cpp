#include "records/archive.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "records/boardspace.h"

namespace yinsh {

std::optional<GameRecord> load_record_file(const std::string& path, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (error) *error = path + ": cannot open";
    return std::nullopt;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  std::string why;
  auto r = read_any_record(text, &why);
  if (!r && error) *error = path + ": " + why;
  return r;
}

std::vector<std::string> expand_record_paths(const std::vector<std::string>& paths,
                                             std::vector<std::string>* missing) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  for (const auto& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (auto it = fs::recursive_directory_iterator(p, ec); !ec && it != fs::recursive_directory_iterator();
           it.increment(ec)) {
        const auto ext = it->path().extension().string();
        if (it->is_regular_file(ec) && (ext == ".sgf" || ext == ".yinsh" || ext == ".txt"))
          found.push_back(it->path().string());
      }
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
    } else if (fs::exists(p, ec)) {
      out.push_back(p);
    } else if (missing) {
      missing->push_back(p);
    }
  }
  return out;
}

void ArchiveSummary::add(const std::string& path, const std::optional<GameRecord>& record,
                         const std::string& error) {
  ++files;
  if (!record) {
    ++rejected;
    errors.emplace_back(path, error);
    return;
  }
  ++games;
  decisions += long(record->moves.size());
  const auto result = parse_result(record->tag("Result"));
  if (!result || *result == Result::None) ++unknown_result;
  else if (*result == Result::WhiteWins) ++white_wins;
  else if (*result == Result::BlackWins) ++black_wins;
  else ++draws;
  if (record->replay().position().is_over()) ++ran_to_end;
  else if (record->tag("Termination") == "resignation") ++resignations;
  else ++unterminated;
}

std::string ArchiveSummary::format() const {
  std::ostringstream o;
  o << "files " << files << ", games " << games << ", rejected " << rejected << "\n";
  o << "decisions " << decisions << "\n";
  o << "results: 1-0 " << white_wins << ", 0-1 " << black_wins << ", 1/2-1/2 " << draws << ", unknown "
    << unknown_result << "\n";
  o << "endings: by the rules " << ran_to_end << " (result checked), resignation " << resignations
    << ", unfinished " << unterminated << "\n";
  for (const auto& [file, why] : errors) o << "error: " << why << "\n";
  return o.str();
}

}  // namespace yinsh

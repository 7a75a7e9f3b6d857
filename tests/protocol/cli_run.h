// Running the built `yinsh` binary with arguments in the black-box CLI tests: its exit status
// and everything it printed, plus small file and text helpers.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace yinsh::test {

struct CliRun {
  int status;
  std::string out;  // stdout and stderr
};

inline CliRun run(const std::string& args) {
  const std::string cmd = std::string(YINSH_BIN) + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  const int rc = pclose(p);
  return {WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, out};
}

// What a whole shell command line printed on stdout (redirect stderr in the line to see it).
inline std::string shell_stdout(const std::string& command) {
  std::string out;
  FILE* p = popen(command.c_str(), "r");
  if (!p) return out;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  pclose(p);
  return out;
}

// A fresh directory under the system's temporary one, named after `what` and this process.
inline std::string temp_dir(const std::string& what) {
  const auto dir = std::filesystem::temp_directory_path() / ("yinsh-" + what + "-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir.string();
}

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// How many times `what` occurs in `text`, overlapping occurrences included.
inline size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace yinsh::test

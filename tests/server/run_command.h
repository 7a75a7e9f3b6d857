// Runs a shell command for the tests that check what the binary prints and how it exits.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <string>
#include <utility>

namespace yinsh::test {

// Its output (stdout and stderr together) and exit status (-1: it did not exit normally).
inline std::pair<std::string, int> run_command(const std::string& cmd) {
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  std::string out;
  char buf[512];
  while (p && fgets(buf, sizeof buf, p)) out += buf;
  const int status = p ? pclose(p) : -1;
  return {out, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

}  // namespace yinsh::test

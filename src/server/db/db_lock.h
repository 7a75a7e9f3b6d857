// DbLock: one server per SQLite database. An exclusive flock(2) on "<db>.lock" beside the
// database (the real file: symbolic links in its path are followed), held for the process's life (the kernel drops it when the process dies, even by
// SIGKILL, so a crash leaves no stale lock). The file holds the holder's pid, so a second
// server can say who has it.
#pragma once

#include <memory>
#include <string>

namespace yinsh::server {

class DbLock {
 public:
  // Takes the lock for `db_path`; nullptr and a message naming the lock file (and the other
  // process's pid) when another process holds it or the file cannot be opened.
  static std::unique_ptr<DbLock> acquire(const std::string& db_path, std::string* error);
  ~DbLock();
  DbLock(const DbLock&) = delete;
  DbLock& operator=(const DbLock&) = delete;
  const std::string& path() const { return path_; }

 private:
  DbLock(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  int fd_;
  std::string path_;
};

}  // namespace yinsh::server

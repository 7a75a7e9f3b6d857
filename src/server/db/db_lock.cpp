#include "server/db/db_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <cstring>

namespace yinsh::server {

std::unique_ptr<DbLock> DbLock::acquire(const std::string& db_path, std::string* error) {
  // The lock goes beside the real file: a symbolic link (or another spelling of the path) to
  // a database that a server holds finds that server's lock.
  std::error_code ec;
  const auto real = std::filesystem::weakly_canonical(db_path, ec);
  const std::string path = (ec ? db_path : real.string()) + ".lock";
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    *error = "cannot open the lock file " + path + ": " + std::strerror(errno);
    return nullptr;
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    char buf[32] = {};
    const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    ::close(fd);
    std::string pid = n > 0 ? std::string(buf, size_t(n)) : "";
    while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
    if (err == EWOULDBLOCK)
      *error = "the database " + db_path + " is in use by another server (pid " + (pid.empty() ? "unknown" : pid) +
               " holds the lock file " + path + "); one server per SQLite file (use PostgreSQL for several)";
    else
      *error = "cannot lock " + path + ": " + std::strerror(err);
    return nullptr;
  }
  const std::string me = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, me.data(), me.size(), 0) != ssize_t(me.size())) {
    *error = "cannot write the lock file " + path + ": " + std::strerror(errno);
    ::close(fd);
    return nullptr;
  }
  return std::unique_ptr<DbLock>(new DbLock(fd, path));
}

DbLock::~DbLock() {
  // The file stays (removing it would race with a server that just opened it); the lock goes.
  ::close(fd_);
}

}  // namespace yinsh::server

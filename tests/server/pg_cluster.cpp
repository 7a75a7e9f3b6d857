#include "pg_cluster.h"

#include "free_port.h"

#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace yinsh::test {

PgCluster& PgCluster::instance() {
  static PgCluster cluster;
  return cluster;
}

PgCluster::PgCluster() {
  for (const char* d : {"/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/14/bin"})
    if (std::filesystem::exists(std::string(d) + "/initdb")) bin_ = d;
  if (bin_.empty()) {
    why_ = "PostgreSQL server binaries (initdb, pg_ctl) not found: install the postgresql package";
    return;
  }
  char tmpl[] = "/tmp/yinsh-pg-XXXXXX";
  if (!mkdtemp(tmpl)) {
    why_ = "cannot make a temporary directory";
    return;
  }
  dir_ = tmpl;
  if (geteuid() == 0) {  // initdb refuses to run as root: run the cluster as user postgres
    passwd* pw = getpwnam("postgres");
    if (!pw) {
      why_ = "running as root and there is no postgres user to run the cluster";
      return;
    }
    if (chown(dir_.c_str(), pw->pw_uid, pw->pw_gid) != 0) {
      why_ = "cannot chown the cluster directory";
      return;
    }
    runas_ = "runuser -u postgres -- ";
  }
  port_ = free_port();
  const std::string init = runas_ + bin_ + "/initdb -D " + dir_ + "/data -U postgres --auth=trust -E UTF8 >" +
                           dir_ + "/initdb.log 2>&1";
  if (std::system(init.c_str()) != 0) {
    why_ = "initdb failed (see " + dir_ + "/initdb.log)";
    return;
  }
  if (!start()) {
    why_ = "pg_ctl start failed (see " + dir_ + "/server.log)";
    return;
  }
  ok_ = true;
}

bool PgCluster::start() {
  const std::string cmd = runas_ + bin_ + "/pg_ctl -D " + dir_ + "/data -l " + dir_ + "/server.log -w -o \"-p " +
                          std::to_string(port_) + " -k " + dir_ + " -c listen_addresses='' -c fsync=off\" start >/dev/null 2>&1";
  running_ = std::system(cmd.c_str()) == 0;
  return running_;
}

bool PgCluster::stop(bool immediate) {
  const std::string cmd = runas_ + bin_ + "/pg_ctl -D " + dir_ + "/data -m " + (immediate ? "immediate" : "fast") +
                          " -w stop >/dev/null 2>&1";
  const bool stopped = std::system(cmd.c_str()) == 0;
  if (stopped) running_ = false;
  return stopped;
}

bool PgCluster::sql(const std::string& conninfo, const std::string& sql, std::string* out) {
  const std::string file = dir_ + "/query-" + std::to_string(getpid()) + ".sql";
  {
    std::ofstream f(file);
    f << sql << "\n";
  }
  // The file is read by psql running as this user: the directory is the cluster's (mode 0700),
  // so as root this works, and as the owner too.
  const std::string cmd = bin_ + "/psql -X -q -At -v ON_ERROR_STOP=1 -d '" + conninfo + "' -f " + file + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return false;
  std::string text;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) text.append(buf, n);
  const int rc = pclose(p);
  std::remove(file.c_str());
  if (out) *out = text;
  return rc == 0;
}

PgCluster::~PgCluster() {
  if (running_) stop(true);
  if (!dir_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
}

std::string PgCluster::new_database() {
  const std::string name = "yinsh_test_" + std::to_string(getpid()) + "_" + std::to_string(next_db_++);
  const std::string cmd = runas_ + bin_ + "/createdb -h " + dir_ + " -p " + std::to_string(port_) +
                          " -U postgres " + name + " >/dev/null 2>&1";
  if (std::system(cmd.c_str()) != 0) return "";
  return "host=" + dir_ + " port=" + std::to_string(port_) + " user=postgres dbname=" + name;
}

}  // namespace yinsh::test

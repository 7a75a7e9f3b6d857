// TLS for `yinsh serve --tls-cert FILE --tls-key FILE`: the server's OpenSSL context, loaded
// from PEM files (the certificate chain and its private key), and swapped for a fresh one on
// reload (SIGHUP) while connections made with the old one go on. No Beast here.
#pragma once

#include <memory>
#include <mutex>
#include <string>

namespace boost::asio::ssl {
class context;
}

namespace yinsh::server {

class TlsContext {
 public:
  // Loads the files; false (and why) if they cannot be read or do not match.
  bool load(const std::string& cert_file, const std::string& key_file, std::string* error);
  // The context for a new connection (nullptr before a successful load). Keep it as long as
  // the connection lives.
  std::shared_ptr<boost::asio::ssl::context> current() const;

 private:
  mutable std::mutex mutex_;
  std::shared_ptr<boost::asio::ssl::context> ctx_;
};

}  // namespace yinsh::server

#include "server/net/tls.h"

#include <boost/asio/ssl/context.hpp>

namespace yinsh::server {

namespace ssl = boost::asio::ssl;

bool TlsContext::load(const std::string& cert_file, const std::string& key_file, std::string* error) {
  auto ctx = std::make_shared<ssl::context>(ssl::context::tls_server);
  boost::system::error_code ec;
  ctx->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                       ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1 | ssl::context::single_dh_use,
                   ec);
  if (!ec) ctx->use_certificate_chain_file(cert_file, ec);
  if (ec) {
    *error = "cannot use the certificate " + cert_file + ": " + ec.message();
    return false;
  }
  ctx->use_private_key_file(key_file, ssl::context::pem, ec);
  if (ec) {
    *error = "cannot use the private key " + key_file + ": " + ec.message();
    return false;
  }
  std::lock_guard lock(mutex_);
  ctx_ = std::move(ctx);
  return true;
}

std::shared_ptr<ssl::context> TlsContext::current() const {
  std::lock_guard lock(mutex_);
  return ctx_;
}

}  // namespace yinsh::server

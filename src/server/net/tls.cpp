#include "server/net/tls.h"

#include <openssl/err.h>
#include <openssl/ssl.h>

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
  if (ec) {  // a key of the certificate's type is compared here already
    *error = ec.message().find("mismatch") != std::string::npos
                 ? "the private key " + key_file + " does not belong to the certificate " + cert_file + " (" +
                       ec.message() + ")"
                 : "cannot use the private key " + key_file + ": " + ec.message();
    return false;
  }
  // OpenSSL keeps a key of another type (an EC key beside an RSA certificate) in a slot of its
  // own without complaint, and every handshake then fails: the pair is checked here.
  if (SSL_CTX_check_private_key(ctx->native_handle()) != 1) {
    const unsigned long code = ERR_get_error();
    char reason[256] = "the key is not the certificate's";
    if (code) ERR_error_string_n(code, reason, sizeof reason);
    ERR_clear_error();
    *error = "the private key " + key_file + " does not belong to the certificate " + cert_file + " (" + reason + ")";
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

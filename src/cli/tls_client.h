// The command-line clients' TLS (yinsh bot, yinsh play --connect): the server's certificate is
// checked against the system's trust store (or the file in SSL_CERT_FILE) and the URL's host,
// which is also sent as the server name. Beast: only the .cpp files that speak TLS include it.
#pragma once

#include <boost/asio/ssl.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <stdexcept>
#include <string>

namespace yinsh::cli {

// Prepares `ctx` (a tls_client context) to trust what the system trusts.
inline void trust_system_store(boost::asio::ssl::context& ctx) { ctx.set_default_verify_paths(); }

// On a connected stream: the peer verified against `host`, named for SNI, the handshake made.
// Throws on failure (a certificate that does not verify among them).
inline void client_handshake(boost::beast::ssl_stream<boost::beast::tcp_stream>& s, const std::string& host) {
  namespace ssl = boost::asio::ssl;
  s.set_verify_mode(ssl::verify_peer);
  s.set_verify_callback(ssl::host_name_verification(host));
  if (!SSL_set_tlsext_host_name(s.native_handle(), host.c_str())) throw std::runtime_error("cannot set the TLS server name");
  s.handshake(ssl::stream_base::client);
}

}  // namespace yinsh::cli

// The network layer's two session kinds (Beast; included by the net/ files that make
// sessions: listener, http_session, ws_session, https_redirect). An HTTP session serves the
// static UI and the JSON API, and hands an upgrade on /ws to a WebSocket session, which passes
// text frames to the hub and writes what the hub delivers through a send queue bounded in
// bytes. Both exist for plain TCP and for TLS (--tls-cert/--tls-key: HTTPS and WSS),
// instantiated in their .cpp files.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <functional>
#include <memory>

#include "server/common/identity.h"
#include "server/net/net_context.h"

namespace yinsh::server {

using PlainStream = boost::beast::tcp_stream;
using TlsStream = boost::beast::ssl_stream<boost::beast::tcp_stream>;

// Serves HTTP on the stream (a TlsStream does its server handshake first).
template <class Stream>
void run_http_session(Stream&& stream, Context& ctx, std::shared_ptr<ConnectionTicket> ticket);
// A connection to the TLS listener: a TLS session (run_http_session on a TlsStream with the
// current TLS context) when its first byte starts a TLS handshake, else a redirect of its
// plain HTTP request to https (https_redirect.cpp).
void run_tls_or_redirect(boost::asio::ip::tcp::socket&& socket, Context& ctx, std::shared_ptr<ConnectionTicket> ticket);
// Answers 503 with `why` and closes: a connection over a cap.
void refuse_connection(boost::asio::ip::tcp::socket&& socket, const std::string& why);
// An NDJSON stream of the bot and board API (ndjson_stream.cpp): `opener` asks the hub for the
// stream with the stream's Subscriber; its answer starts the response (200, chunked) or refuses
// it (the reply, then the connection closes). `log`: the access log's line, with the status.
// `online_as`: the account's name an open event stream counts as online (Context::online, as a
// WebSocket does: a bot that only streams is online on /api/bots and to the site), or empty.
using StreamOpener = std::function<void(std::weak_ptr<Subscriber>, Hub::StreamOpened)>;
template <class Stream>
void run_ndjson_stream(Stream&& stream, Context& ctx, std::shared_ptr<ConnectionTicket> ticket, unsigned version,
                       bool over_tls, std::function<void(int)> log, const StreamOpener& opener,
                       std::string online_as = "");
template <class Stream>
void run_ws_session(Stream&& stream, Context& ctx, std::shared_ptr<ConnectionTicket> ticket,
                    boost::beast::http::request<boost::beast::http::string_body> req, Identity who);

}  // namespace yinsh::server

// The network layer's two session kinds (Beast; included by server.cpp, http_session.cpp and
// ws_session.cpp only). An HTTP session serves the static UI and the JSON API, and hands an
// upgrade on /ws to a WebSocket session, which passes text frames to the hub and writes what
// the hub delivers through a send queue bounded in bytes.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <memory>

#include "net_context.h"

namespace yinsh::server {

void run_http_session(boost::asio::ip::tcp::socket&& socket, Context& ctx, std::shared_ptr<ConnectionTicket> ticket);
// Answers 503 with `why` and closes: a connection over a cap.
void refuse_connection(boost::asio::ip::tcp::socket&& socket, const std::string& why);
void run_ws_session(boost::asio::ip::tcp::socket&& socket, Context& ctx, std::shared_ptr<ConnectionTicket> ticket,
                    boost::beast::http::request<boost::beast::http::string_body> req);

}  // namespace yinsh::server

// The browser defences every HTTP response carries (static files, the JSON API, pictures,
// link previews, errors and refusals alike), as plain data; http_session.cpp sets them.
//
// The Content-Security-Policy allows only the server's own files: no inline script or style
// (index.html has none; the UI sets styles through the CSSOM, which the policy allows), no
// eval, WebAssembly compiled from the server's own scripts ('wasm-unsafe-eval': the rules core
// and the search, web/dist/yinsh-core*.mjs), Web Workers and the service worker from 'self',
// images from 'self' and data: (the favicon in index.html), connections to 'self' (the API and
// the WebSocket) and to data: (the WebAssembly module is inlined in yinsh-core*.mjs as a data:
// URL, which the emscripten loader fetches; a data: URL carries its content, reaches no
// server), no plugins, no <base>, forms only to 'self', and no framing by any page
// (frame-ancestors 'none', with X-Frame-Options: DENY for older browsers).
#pragma once

#include <array>
#include <string_view>

namespace yinsh::server {

struct HeaderLine {
  std::string_view name, value;
};

inline constexpr std::string_view kContentSecurityPolicy =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self' data:; worker-src 'self'; manifest-src 'self'; font-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

inline constexpr std::array<HeaderLine, 5> kSecurityHeaders{{
    {"Content-Security-Policy", kContentSecurityPolicy},
    {"X-Content-Type-Options", "nosniff"},
    {"X-Frame-Options", "DENY"},
    {"Referrer-Policy", "strict-origin-when-cross-origin"},
    {"Cross-Origin-Opener-Policy", "same-origin"},
}};

// Only on responses sent over TLS (directly, or by a trusted proxy that says so): a year, as
// the largest sites send it. Over plain HTTP a browser ignores it, and a server reached by
// its address on a LAN must not pin itself to HTTPS.
inline constexpr HeaderLine kStrictTransportSecurity{"Strict-Transport-Security", "max-age=31536000"};

}  // namespace yinsh::server

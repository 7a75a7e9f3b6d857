// Pictures and link previews of games, for chat apps and forums:
//   GET /game/ID.png[?turn=N]  the position after turn N (default: now), PNG drawn by librsvg
//   GET /game/ID.gif           the whole game, one frame per turn, looping (giflib)
//   GET /game/ID, /replay/ID   the UI's index.html with Open Graph and Twitter card meta tags
//                              (title, players, result, the PNG as image) in its <head>, so a
//                              shared link shows the board without running any JavaScript.
// The game comes from the hub as its record (Hub::get_record), like /api/games/ID/record.
#pragma once

#include <filesystem>
#include <string_view>

#include "server/hub/hub.h"

namespace yinsh::server {

// Answers the GET routes above through `done` and returns true; false when `path` is none of
// them (or, for the HTML pages, there is no index.html: the static files answer).
// `public_origin` ("https://yinsh.example.org", no path) begins the absolute URLs of the link
// previews (og:image must be absolute); it is the server's configured one (--public-origin),
// never the request's Host header, which anyone can set.
bool route_game_page(std::string_view path, std::string_view query, std::string_view public_origin, Hub& hub,
                     const std::filesystem::path& web_root, const Hub::Done& done);

// The routes above for the network layer (HttpRoutes): route_game_page on `hub` and `web_root`.
class GamePages : public HttpRoutes {
 public:
  GamePages(Hub& hub, std::filesystem::path web_root, std::string public_origin)
      : hub_(hub), web_root_(std::move(web_root)), public_origin_(std::move(public_origin)) {}
  bool route(const ApiRequest& req, const HttpDone& done) override {
    return route_game_page(req.path, req.query, public_origin_, hub_, web_root_, done);
  }

 private:
  Hub& hub_;
  std::filesystem::path web_root_;
  std::string public_origin_;
};

// Whether `origin` is a public origin as --public-origin takes it: http:// or https://, a
// host (and a port), no path, query or fragment, no user, no space or quote.
bool valid_public_origin(std::string_view origin);

// Blocks until no GIF is being drawn (they run on threads of their own); Server::stop calls it.
void wait_for_pictures();

// The HTML of `index_html` with the meta tags of a game inserted before </head>.
std::string with_preview_tags(std::string_view index_html, const std::string& title,
                              const std::string& description, const std::string& page_url,
                              const std::string& image_url);

}  // namespace yinsh::server

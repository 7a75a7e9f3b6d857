// Pictures and link previews of games, for chat apps and forums:
//   GET /game/ID.png[?turn=N]  the position after turn N (default: now), PNG drawn by librsvg
//   GET /game/ID.gif           the whole game, one frame per turn, looping (giflib)
//   GET /game/ID, /replay/ID   the UI's index.html with Open Graph and Twitter card meta tags
//                              (title, players, result, the PNG as image) in its <head>, so a
//                              shared link shows the board without running any JavaScript.
// The game comes from the hub as its record (Hub::get_record), like /api/games/ID/record.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "server/common/client_slots.h"
#include "server/hub/hub.h"

namespace yinsh::server {

// The routes above for the network layer (HttpRoutes), on `hub` and `web_root`. `route` answers
// them through `done` and returns true; false when the path is none of them (or, for the HTML
// pages, there is no index.html: the static files answer). `public_origin`
// ("https://yinsh.example.org", no path) begins the absolute URLs of the link previews
// (og:image must be absolute); it is the server's configured one (--public-origin), never the
// request's Host header, which anyone can set.
class GamePages : public HttpRoutes {
 public:
  GamePages(Hub& hub, std::filesystem::path web_root, std::string public_origin)
      : hub_(hub), web_root_(std::move(web_root)), public_origin_(std::move(public_origin)) {}
  bool route(const ApiRequest& req, const HttpDone& done) override;
  // Blocks until no GIF is being drawn; Server::stop calls it (the drawings post their replies
  // to the io_context).
  void wait_for_pictures() { drawings_.wait_idle(); }

 private:
  Hub& hub_;
  std::filesystem::path web_root_;
  std::string public_origin_;
  // The GIFs being drawn, each on a thread of its own, not on the I/O thread that got the record
  // (a whole game is tens of pictures: 0.1 s to seconds): 2 at once, one per client address.
  ClientSlots drawings_{2, 1};
};

// Whether `origin` is a public origin as --public-origin takes it: http:// or https://, a
// host (and a port), no path, query or fragment, no user, no space or quote.
bool valid_public_origin(std::string_view origin);

// The HTML of `index_html` with the meta tags of a game inserted before </head>.
std::string with_preview_tags(std::string_view index_html, const std::string& title,
                              const std::string& description, const std::string& page_url,
                              const std::string& image_url);

}  // namespace yinsh::server

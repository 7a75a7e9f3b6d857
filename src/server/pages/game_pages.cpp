#include "server/pages/game_pages.h"

#include <cctype>
#include <fstream>
#include <functional>
#include <sstream>
#include <thread>

#include "core/notation.h"
#include "core/record.h"
#include "records/gif.h"
#include "records/png.h"
#include "records/svg.h"

namespace yinsh::server {

namespace {

constexpr double kPngScale = 1.0;  // ~450 px wide: enough for a link preview
constexpr double kGifScale = 0.6;
constexpr int kFrameCs = 70, kLastFrameCs = 400;  // GIF delays, hundredths of a second

bool valid_id(std::string_view id) {
  if (id.size() != 12) return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
  return true;
}


// The value of `key` in a query string when it is a number (at most 4 digits); -1 when
// absent, -2 when malformed.
int query_number(std::string_view query, std::string_view key) {
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view part = query.substr(0, amp);
    if (part.size() > key.size() && part.substr(0, key.size()) == key && part[key.size()] == '=') {
      const std::string_view v = part.substr(key.size() + 1);
      if (v.empty() || v.size() > 4) return -2;
      int n = 0;
      for (char c : v) {
        if (c < '0' || c > '9') return -2;
        n = n * 10 + (c - '0');
      }
      return n;
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return -1;
}

HttpReply binary(std::string body, const char* type) {
  HttpReply r;
  r.text = std::move(body);
  r.content_type = type;
  r.cache_control = "public, max-age=10";
  return r;
}

std::string players(const GameRecord& r) { return r.tag("White") + " vs " + r.tag("Black"); }

// The position after turn `turn` (every decision of it), or the last one when turn < 0.
Position after_turn(const GameRecord& r, int turn) {
  const auto turns = turn_numbers(r.start, r.moves);
  Game g(r.start);
  for (size_t i = 0; i < r.moves.size() && (turn < 0 || turns[i] <= turn); ++i) g.play(r.moves[i]);
  return g.position();
}

HttpReply png_reply(const GameRecord& r, int turn) {
  const auto turns = turn_numbers(r.start, r.moves);
  const int last = turns.empty() ? 0 : turns.back();
  if (turn > last)
    return http_error(400, "bad_turn", "the game has " + std::to_string(last) + " turns so far");
  if (turn < 0) turn = last;
  SvgOptions opt;
  opt.caption = players(r) + ", after turn " + std::to_string(turn);
  std::string error;
  auto png = svg_to_png(to_svg(after_turn(r, turn), opt), kPngScale, &error);
  if (!png) return http_error(500, "internal", error);
  return binary(std::move(*png), "image/png");
}

HttpReply gif_reply(const GameRecord& r) {
  const auto turns = turn_numbers(r.start, r.moves);
  std::vector<Raster> frames;
  std::string error;
  Game g(r.start);
  auto frame = [&](const std::string& caption) {
    SvgOptions opt;
    opt.caption = caption;
    auto raster = render_svg(to_svg(g.position(), opt), kGifScale, &error);
    if (raster) frames.push_back(std::move(*raster));
    return bool(raster);
  };
  // The caption stays the same: a frame then differs from the one before only where the
  // turn changed the board, and the GIF writes only that rectangle.
  bool ok = frame(players(r));
  for (size_t i = 0; ok && i < r.moves.size(); ++i) {
    g.play(r.moves[i]);
    if (i + 1 == r.moves.size() || turns[i + 1] != turns[i]) ok = frame(players(r));
  }
  auto gif = ok ? encode_gif(frames, kFrameCs, kLastFrameCs, &error) : std::nullopt;
  if (!gif) return http_error(500, "internal", error);
  return binary(std::move(*gif), "image/gif");
}

std::string describe(const GameRecord& r) {
  const auto turns = turn_numbers(r.start, r.moves);
  const std::string result = r.tag("Result");
  std::string d = "YINSH: " + r.tag("White") + " (white) against " + r.tag("Black") + " (black), ";
  d += std::to_string(turns.empty() ? 0 : turns.back()) + " turns";
  if (!result.empty() && result != "*")
    d += ", " + result + (r.tag("Termination").empty() ? "" : " (" + r.tag("Termination") + ")");
  else
    d += ", in progress";
  return d + ".";
}

}  // namespace

namespace {

// Runs `work` on a new thread (a slot of `drawings` taken for `client`) and hands its reply to
// `done`; when no slot is free, `done` gets why at once.
void draw_off_thread(ClientSlots& drawings, const std::string& client, std::function<HttpReply()> work,
                     Hub::Done done) {
  switch (drawings.take(client)) {
    case ClientSlots::Take::Full:
      return done(http_error(503, "busy", "other animations are being drawn; try again in a moment"));
    case ClientSlots::Take::ClientFull:
      return done(http_limited("rate_limited", "an animation asked from " + client + " is still being drawn", 1));
    case ClientSlots::Take::Taken:
      break;
  }
  std::thread([&drawings, client, work = std::move(work), done = std::move(done)] {
    HttpReply r;
    try {
      r = work();
    } catch (const std::exception& e) {
      r = http_error(500, "internal", e.what());
    }
    done(std::move(r));
    drawings.give_back(client);
  }).detach();
}

}  // namespace

std::string with_preview_tags(std::string_view html, const std::string& title, const std::string& description,
                              const std::string& page_url, const std::string& image_url) {
  std::string tags;
  auto meta = [&](const char* attr, const char* name, const std::string& value) {
    tags += std::string("<meta ") + attr + "=\"" + name + "\" content=\"" + xml_escape(value) + "\">\n";
  };
  meta("property", "og:type", "website");
  meta("property", "og:site_name", "YINSH");
  meta("property", "og:title", title);
  meta("property", "og:description", description);
  meta("property", "og:url", page_url);
  meta("property", "og:image", image_url);
  meta("property", "og:image:type", "image/png");
  meta("name", "twitter:card", "summary_large_image");
  meta("name", "twitter:title", title);
  meta("name", "twitter:description", description);
  meta("name", "twitter:image", image_url);
  const auto head_end = html.find("</head>");
  const size_t at = head_end == std::string_view::npos ? 0 : head_end;
  return std::string(html.substr(0, at)) + tags + std::string(html.substr(at));
}

bool valid_public_origin(std::string_view origin) {
  std::string_view rest;
  if (origin.rfind("https://", 0) == 0) rest = origin.substr(8);
  else if (origin.rfind("http://", 0) == 0) rest = origin.substr(7);
  else return false;
  if (rest.empty() || rest.size() > 253) return false;
  for (const char c : rest)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == ':' || c == '[' || c == ']'))
      return false;
  return true;
}

bool GamePages::route(const ApiRequest& req, const HttpDone& done) {
  const std::string_view path = req.path, query = req.query, public_origin = public_origin_;
  Hub& hub = hub_;
  std::string_view rest;
  bool replay = false;
  if (path.rfind("/game/", 0) == 0) rest = path.substr(6);
  else if (path.rfind("/replay/", 0) == 0) rest = path.substr(8), replay = true;
  else return false;
  const std::string id(rest.substr(0, 12));
  const std::string_view ext = rest.substr(id.size());
  if (!valid_id(id) || (ext != "" && (replay || (ext != ".png" && ext != ".gif")))) return false;

  if (ext.empty()) {  // the HTML page; without an index.html the static files answer (404)
    std::ifstream in(web_root_ / "index.html", std::ios::binary);
    if (!in) return false;
    std::ostringstream ss;
    ss << in.rdbuf();
    const std::string base(public_origin);
    hub.get_record(id, false, [done, html = ss.str(), base, id, replay](HttpReply r) {
      HttpReply page;
      page.content_type = "text/html; charset=utf-8";
      page.text = html;  // no such game: the page as it is (the UI says so)
      const auto rec = r.status == 200 && r.text ? read_record(*r.text) : std::nullopt;
      if (rec)
        page.text = with_preview_tags(html, players(*rec) + " - YINSH", describe(*rec),
                                      base + (replay ? "/replay/" : "/game/") + id, base + "/game/" + id + ".png");
      done(std::move(page));
    });
    return true;
  }
  const int turn = query_number(query, "turn");
  if (turn == -2) {
    done(http_error(400, "bad_turn", "turn must be a number of at most 4 digits"));
    return true;
  }
  const bool gif = ext == ".gif";
  hub.get_record(id, false, [this, client = req.address, done, gif, turn](HttpReply r) {
    if (r.status != 200 || !r.text) return done(std::move(r));
    const auto rec = read_record(*r.text);
    if (!rec) return done(http_error(500, "internal", "the game's record does not read back"));
    if (!gif) return done(png_reply(*rec, turn));
    draw_off_thread(drawings_, client, [rec] { return gif_reply(*rec); }, done);
  });
  return true;
}

}  // namespace yinsh::server

// SVG to pixels and PNG in-process, through librsvg (parsing and drawing) and cairo (the pixel
// surface and the PNG encoder); Debian: librsvg2-dev. No subprocess, nothing looked up at run
// time. Thread-safe (each call has its own handle and surface).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace yinsh {

// Pixels, row by row, 4 bytes each: R, G, B, A (not premultiplied).
struct Raster {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;
};

// Draws an SVG document at its own size (its width and height attributes, in pixels) times
// `scale`. nullopt with the reason (librsvg's parse error, no size, too large).
std::optional<Raster> render_svg(std::string_view svg, double scale = 1.0, std::string* error = nullptr);

// The PNG file of an SVG document (cairo's encoder); nullopt with the reason.
std::optional<std::string> svg_to_png(std::string_view svg, double scale = 1.0, std::string* error = nullptr);

}  // namespace yinsh

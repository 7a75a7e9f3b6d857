// SVG to PNG through an external converter, looked for at run time on PATH: rsvg-convert
// (Debian: librsvg2-bin), then inkscape, then ImageMagick's magick. Nothing is linked: the
// program works without any of them and says so.
#pragma once

#include <optional>
#include <string>

namespace yinsh {

// The full path of the first converter found, or nullopt.
std::optional<std::string> find_png_converter();

// Writes `png_path` from the SVG file `svg_path`. False with a reason (no converter, or the
// converter failed) otherwise.
bool svg_file_to_png(const std::string& svg_path, const std::string& png_path, std::string* error);

}  // namespace yinsh

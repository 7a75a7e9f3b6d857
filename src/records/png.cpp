#include "records/png.h"

#include <cstdlib>
#include <filesystem>
#include <string_view>

namespace yinsh {

namespace {

const char* const CONVERTERS[] = {"rsvg-convert", "inkscape", "magick"};

std::optional<std::string> on_path(std::string_view name) {
  const char* path = std::getenv("PATH");
  if (!path) return std::nullopt;
  std::string_view rest = path;
  while (true) {
    const size_t colon = rest.find(':');
    const std::string dir(rest.substr(0, colon));
    if (!dir.empty()) {
      std::error_code ec;
      const std::filesystem::path p = std::filesystem::path(dir) / name;
      const auto st = std::filesystem::status(p, ec);
      if (!ec && std::filesystem::is_regular_file(st) &&
          (st.permissions() & std::filesystem::perms::owner_exec) != std::filesystem::perms::none)
        return p.string();
    }
    if (colon == std::string_view::npos) break;
    rest.remove_prefix(colon + 1);
  }
  return std::nullopt;
}

std::string quote(const std::string& s) {  // for the POSIX shell
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::optional<std::string> find_png_converter() {
  for (const char* name : CONVERTERS)
    if (auto p = on_path(name)) return p;
  return std::nullopt;
}

bool svg_file_to_png(const std::string& svg_path, const std::string& png_path, std::string* error) {
  const auto conv = find_png_converter();
  if (!conv) {
    if (error)
      *error = "no SVG to PNG converter is installed (looked on PATH for rsvg-convert, inkscape and magick; "
               "on Debian: apt-get install librsvg2-bin); the SVG is written, PNG is not";
    return false;
  }
  const std::string name = std::filesystem::path(*conv).filename().string();
  std::string cmd;
  if (name == "rsvg-convert")
    cmd = quote(*conv) + " -f png -o " + quote(png_path) + " " + quote(svg_path);
  else if (name == "inkscape")
    cmd = quote(*conv) + " " + quote(svg_path) + " --export-type=png --export-filename=" + quote(png_path);
  else
    cmd = quote(*conv) + " " + quote(svg_path) + " " + quote(png_path);
  cmd += " 2>&1";
  const int rc = std::system(cmd.c_str());
  std::error_code ec;
  if (rc != 0 || !std::filesystem::exists(png_path, ec)) {
    if (error) *error = name + " failed to convert " + svg_path + " (exit status " + std::to_string(rc) + ")";
    return false;
  }
  return true;
}

}  // namespace yinsh

#include "records/png.h"

#include <cairo.h>
#include <librsvg/rsvg.h>

#include <cmath>
#include <memory>

namespace yinsh {

namespace {

constexpr int kMaxSide = 8192;  // pixels: a bound on what a request can make us allocate

struct HandleFree {
  void operator()(RsvgHandle* h) const { g_object_unref(h); }
};
struct SurfaceFree {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct CairoFree {
  void operator()(cairo_t* c) const { cairo_destroy(c); }
};
using Surface = std::unique_ptr<cairo_surface_t, SurfaceFree>;

bool fail(std::string* error, std::string why) {
  if (error) *error = std::move(why);
  return false;
}

// The SVG drawn on a new ARGB32 (premultiplied) surface; nullptr with `error`.
Surface draw(std::string_view svg, double scale, std::string* error) {
  GError* gerr = nullptr;
  std::unique_ptr<RsvgHandle, HandleFree> handle(rsvg_handle_new_from_data(
      reinterpret_cast<const guint8*>(svg.data()), gsize(svg.size()), &gerr));
  if (!handle) {
    fail(error, std::string("not a valid SVG: ") + (gerr ? gerr->message : "librsvg refused it"));
    if (gerr) g_error_free(gerr);
    return nullptr;
  }
  double w = 0, h = 0;
  if (!rsvg_handle_get_intrinsic_size_in_pixels(handle.get(), &w, &h) || !(scale > 0)) {
    fail(error, "the SVG has no width and height in pixels");
    return nullptr;
  }
  const int pw = int(std::lround(w * scale)), ph = int(std::lround(h * scale));
  if (pw <= 0 || ph <= 0 || pw > kMaxSide || ph > kMaxSide) {
    fail(error, "picture size " + std::to_string(pw) + "x" + std::to_string(ph) + " is out of range");
    return nullptr;
  }
  Surface surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pw, ph));
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) {
    fail(error, "cannot allocate the picture");
    return nullptr;
  }
  std::unique_ptr<cairo_t, CairoFree> cr(cairo_create(surface.get()));
  cairo_scale(cr.get(), double(pw) / w, double(ph) / h);
  const RsvgRectangle viewport{0, 0, w, h};
  if (!rsvg_handle_render_document(handle.get(), cr.get(), &viewport, &gerr)) {
    fail(error, std::string("cannot draw the SVG: ") + (gerr ? gerr->message : "librsvg failed"));
    if (gerr) g_error_free(gerr);
    return nullptr;
  }
  cairo_surface_flush(surface.get());
  return surface;
}

cairo_status_t append(void* out, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(out)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

std::optional<Raster> render_svg(std::string_view svg, double scale, std::string* error) {
  const Surface s = draw(svg, scale, error);
  if (!s) return std::nullopt;
  Raster r;
  r.width = cairo_image_surface_get_width(s.get());
  r.height = cairo_image_surface_get_height(s.get());
  r.rgba.resize(size_t(r.width) * r.height * 4);
  const int stride = cairo_image_surface_get_stride(s.get());
  const unsigned char* data = cairo_image_surface_get_data(s.get());
  for (int y = 0; y < r.height; ++y) {
    const auto* row = reinterpret_cast<const uint32_t*>(data + size_t(y) * stride);
    for (int x = 0; x < r.width; ++x) {
      const uint32_t px = row[x];  // native-endian ARGB, colour premultiplied by alpha
      const unsigned a = px >> 24;
      auto un = [a](unsigned c) { return a == 0 ? 0u : (c * 255 + a / 2) / a; };
      uint8_t* o = &r.rgba[(size_t(y) * r.width + x) * 4];
      o[0] = uint8_t(un((px >> 16) & 255));
      o[1] = uint8_t(un((px >> 8) & 255));
      o[2] = uint8_t(un(px & 255));
      o[3] = uint8_t(a);
    }
  }
  return r;
}

std::optional<std::string> svg_to_png(std::string_view svg, double scale, std::string* error) {
  const Surface s = draw(svg, scale, error);
  if (!s) return std::nullopt;
  std::string png;
  if (cairo_surface_write_to_png_stream(s.get(), append, &png) != CAIRO_STATUS_SUCCESS) {
    fail(error, "cannot encode the PNG");
    return std::nullopt;
  }
  return png;
}

}  // namespace yinsh

#include "records/gif.h"

#include <gif_lib.h>

#include <array>
#include <algorithm>
#include <cstring>

namespace yinsh {

namespace {

int append(GifFileType* gif, const GifByteType* data, int length) {
  static_cast<std::string*>(gif->UserData)->append(reinterpret_cast<const char*>(data), size_t(length));
  return length;
}

const char* gif_error(int code) {
  const char* s = GifErrorString(code);
  return s ? s : "unknown error";
}

std::optional<std::string> fail(std::string* error, std::string why) {
  if (error) *error = std::move(why);
  return std::nullopt;
}

struct Rgb {
  std::vector<GifByteType> r, g, b;
};

// The frame's colours drawn on white, appended to `out`.
void flatten(const Raster& f, Rgb& out) {
  const size_t n = size_t(f.width) * f.height;
  for (size_t i = 0; i < n; ++i) {
    const unsigned a = f.rgba[i * 4 + 3];
    auto over_white = [&](unsigned c) { return GifByteType((c * a + 255 * (255 - a) + 127) / 255); };
    out.r.push_back(over_white(f.rgba[i * 4]));
    out.g.push_back(over_white(f.rgba[i * 4 + 1]));
    out.b.push_back(over_white(f.rgba[i * 4 + 2]));
  }
}

// Maps colours to the nearest palette entry, remembered per 5-bit-per-channel cell.
class Mapper {
 public:
  explicit Mapper(const ColorMapObject& map) : map_(map) { cache_.fill(-1); }
  GifByteType index(GifByteType r, GifByteType g, GifByteType b) {
    const int key = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3);
    if (cache_[key] < 0) {
      int best = 0, best_d = 1 << 30;
      for (int i = 0; i < map_.ColorCount; ++i) {
        const GifColorType& c = map_.Colors[i];
        const int dr = c.Red - r, dg = c.Green - g, db = c.Blue - b, d = dr * dr + dg * dg + db * db;
        if (d < best_d) best = i, best_d = d;
      }
      cache_[key] = best;
    }
    return GifByteType(cache_[key]);
  }

 private:
  const ColorMapObject& map_;
  std::array<int, 1 << 15> cache_;
};

}  // namespace

std::optional<std::string> encode_gif(const std::vector<Raster>& frames, int delay_cs, int last_delay_cs,
                                      std::string* error) {
  if (frames.empty()) return fail(error, "no frames");
  const int w = frames[0].width, h = frames[0].height;
  for (const auto& f : frames)
    if (f.width != w || f.height != h || f.rgba.size() != size_t(w) * h * 4)
      return fail(error, "frames of different sizes");
  // One palette for the whole animation, from the first and the last frame (the empty board
  // and the one with the most kinds of pieces), so later frames need no palette of their own.
  Rgb sample;
  flatten(frames.front(), sample);
  flatten(frames.back(), sample);
  std::vector<GifByteType> sample_index(sample.r.size());
  ColorMapObject* map = GifMakeMapObject(256, nullptr);
  if (!map) return fail(error, "out of memory");
  int size = 256;
  if (GifQuantizeBuffer(unsigned(w), unsigned(h) * 2, &size, sample.r.data(), sample.g.data(), sample.b.data(),
                        sample_index.data(), map->Colors) != GIF_OK) {
    GifFreeMapObject(map);
    return fail(error, "giflib cannot make a palette");
  }
  Mapper mapper(*map);

  std::string out;
  int err = 0;
  GifFileType* gif = EGifOpen(&out, append, &err);
  if (!gif) {
    GifFreeMapObject(map);
    return fail(error, std::string("giflib: ") + gif_error(err));
  }
  EGifSetGifVersion(gif, true);
  static const GifByteType kLoop[3] = {1, 0, 0};  // sub-block 1: loop count 0 = forever
  bool ok = EGifPutScreenDesc(gif, w, h, 8, 0, map) == GIF_OK &&
            EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
            EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") == GIF_OK &&
            EGifPutExtensionBlock(gif, 3, kLoop) == GIF_OK && EGifPutExtensionTrailer(gif) == GIF_OK;
  // Each frame after the first is written as the rectangle where it differs from the one
  // before (kept on screen: DISPOSE_DO_NOT), so a turn costs the pixels it changed.
  std::vector<GifByteType> previous, index(size_t(w) * h);
  for (size_t k = 0; ok && k < frames.size(); ++k) {
    const Raster& f = frames[k];
    Rgb rgb;
    flatten(f, rgb);
    for (size_t i = 0; i < index.size(); ++i) index[i] = mapper.index(rgb.r[i], rgb.g[i], rgb.b[i]);
    int x0 = 0, y0 = 0, x1 = w - 1, y1 = h - 1;
    if (!previous.empty()) {
      x0 = w, y0 = h, x1 = -1, y1 = -1;
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
          if (index[size_t(y) * w + x] != previous[size_t(y) * w + x])
            x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
      if (x1 < 0) x0 = y0 = x1 = y1 = 0;  // nothing changed: one pixel, for the delay
    }
    GraphicsControlBlock gcb{DISPOSE_DO_NOT, false, k + 1 == frames.size() ? last_delay_cs : delay_cs,
                             NO_TRANSPARENT_COLOR};
    GifByteType ext[4];
    EGifGCBToExtension(&gcb, ext);
    ok = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, ext) == GIF_OK &&
         EGifPutImageDesc(gif, x0, y0, x1 - x0 + 1, y1 - y0 + 1, false, nullptr) == GIF_OK;
    for (int y = y0; ok && y <= y1; ++y) ok = EGifPutLine(gif, &index[size_t(y) * w + x0], x1 - x0 + 1) == GIF_OK;
    previous.swap(index);
    index.resize(size_t(w) * h);
  }
  const int last_error = gif->Error;
  if (EGifCloseFile(gif, &err) != GIF_OK) ok = false;
  GifFreeMapObject(map);
  if (!ok) return fail(error, std::string("giflib: ") + gif_error(last_error ? last_error : err));
  return out;
}

}  // namespace yinsh

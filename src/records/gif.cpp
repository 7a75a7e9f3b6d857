#include "records/gif.h"

#include <gif_lib.h>

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

// One frame: its graphics control block (delay), palette and LZW-coded pixels.
bool put_frame(GifFileType* gif, const Raster& f, int delay_cs) {
  const size_t n = size_t(f.width) * f.height;
  std::vector<GifByteType> r(n), g(n), b(n), index(n);
  for (size_t i = 0; i < n; ++i) {
    const unsigned a = f.rgba[i * 4 + 3];
    auto over_white = [&](unsigned c) { return GifByteType((c * a + 255 * (255 - a) + 127) / 255); };
    r[i] = over_white(f.rgba[i * 4]);
    g[i] = over_white(f.rgba[i * 4 + 1]);
    b[i] = over_white(f.rgba[i * 4 + 2]);
  }
  ColorMapObject* map = GifMakeMapObject(256, nullptr);
  if (!map) return false;
  int size = 256;
  bool ok = GifQuantizeBuffer(unsigned(f.width), unsigned(f.height), &size, r.data(), g.data(), b.data(),
                              index.data(), map->Colors) == GIF_OK;
  GraphicsControlBlock gcb{DISPOSE_DO_NOT, false, delay_cs, NO_TRANSPARENT_COLOR};
  GifByteType ext[4];
  EGifGCBToExtension(&gcb, ext);
  ok = ok && EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, ext) == GIF_OK &&
       EGifPutImageDesc(gif, 0, 0, f.width, f.height, false, map) == GIF_OK;
  for (int y = 0; ok && y < f.height; ++y) ok = EGifPutLine(gif, &index[size_t(y) * f.width], f.width) == GIF_OK;
  GifFreeMapObject(map);
  return ok;
}

}  // namespace

std::optional<std::string> encode_gif(const std::vector<Raster>& frames, int delay_cs, int last_delay_cs,
                                      std::string* error) {
  if (frames.empty()) return fail(error, "no frames");
  const int w = frames[0].width, h = frames[0].height;
  for (const auto& f : frames)
    if (f.width != w || f.height != h || f.rgba.size() != size_t(w) * h * 4)
      return fail(error, "frames of different sizes");
  std::string out;
  int err = 0;
  GifFileType* gif = EGifOpen(&out, append, &err);
  if (!gif) return fail(error, std::string("giflib: ") + gif_error(err));
  EGifSetGifVersion(gif, true);
  static const GifByteType kLoop[3] = {1, 0, 0};  // sub-block 1: loop count 0 = forever
  bool ok = EGifPutScreenDesc(gif, w, h, 8, 0, nullptr) == GIF_OK &&
            EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
            EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") == GIF_OK &&
            EGifPutExtensionBlock(gif, 3, kLoop) == GIF_OK && EGifPutExtensionTrailer(gif) == GIF_OK;
  for (size_t i = 0; ok && i < frames.size(); ++i)
    ok = put_frame(gif, frames[i], i + 1 == frames.size() ? last_delay_cs : delay_cs);
  const int last_error = gif->Error;
  if (EGifCloseFile(gif, &err) != GIF_OK) ok = false;
  if (!ok) return fail(error, std::string("giflib: ") + gif_error(last_error ? last_error : err));
  return out;
}

}  // namespace yinsh

// Animated GIF through giflib (Debian: libgif-dev): one frame per picture, looping forever
// (the NETSCAPE2.0 extension). One 256-colour palette made by giflib's quantiser from the first
// and last frames; each later frame is written as the rectangle where it changed.
// GIF rather than animated PNG because every chat app and browser shows it, and Debian's
// libpng has no APNG writer.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "records/png.h"

namespace yinsh {

// All frames must have the same size; transparent pixels are drawn on white. `delay_cs`:
// hundredths of a second per frame; the last frame stays `last_delay_cs`. nullopt with why.
std::optional<std::string> encode_gif(const std::vector<Raster>& frames, int delay_cs, int last_delay_cs,
                                      std::string* error = nullptr);

}  // namespace yinsh

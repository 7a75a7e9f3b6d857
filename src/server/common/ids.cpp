#include "server/common/ids.h"

#include <sys/random.h>

#include <chrono>

namespace yinsh::server {

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

static void random_bytes(unsigned char* p, size_t n) {
  while (n > 0) {
    const ssize_t got = getrandom(p, n, 0);
    if (got > 0) {
      p += got;
      n -= size_t(got);
    }
  }
}

uint32_t random_u32() {
  unsigned char b[4];
  random_bytes(b, 4);
  return uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 | uint32_t(b[3]) << 24;
}

std::string new_token() {
  unsigned char b[16];
  random_bytes(b, sizeof b);
  static const char* hex = "0123456789abcdef";
  std::string s;
  for (unsigned char c : b) {
    s += hex[c >> 4];
    s += hex[c & 15];
  }
  return s;
}

std::string new_game_id() {
  static const char* alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  std::string s;
  while (s.size() < 12) {
    unsigned char b[16];
    random_bytes(b, sizeof b);
    for (unsigned char c : b)
      if (c < 252 && s.size() < 12) s += alphabet[c % 36];
  }
  return s;
}

}  // namespace yinsh::server

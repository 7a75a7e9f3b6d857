// The network built into the binary: src/search/nnue.bin, turned into a byte array by
// cmake/embed_file.cmake at build time.
#include <cstdio>
#include <cstdlib>

#include "search/nnue.h"

extern const unsigned char yinsh_nnue_embedded[];
extern const std::size_t yinsh_nnue_embedded_size;

namespace yinsh::nnue {

std::shared_ptr<const Network> embedded_network() {
  static const std::shared_ptr<const Network> net = [] {
    std::string error;
    auto n = parse_network(yinsh_nnue_embedded, yinsh_nnue_embedded_size, &error);
    if (!n) {  // a build error: the tests check the embedded network parses
      std::fprintf(stderr, "fatal: the built-in network is invalid: %s\n", error.c_str());
      std::abort();
    }
    return n;
  }();
  return net;
}

}  // namespace yinsh::nnue

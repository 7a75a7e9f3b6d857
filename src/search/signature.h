// The search signature of `yinsh bench`: fixed positions searched to a fixed depth by a fresh
// one-thread searcher. The node count is identical on every run and every machine; it changes
// exactly when the search's behaviour does, so a commit that means to keep behaviour can prove
// it by an unchanged signature.
#pragma once

#include <cstdint>

namespace yinsh {

struct SignatureResult {
  uint64_t nodes = 0;
  int positions = 0;
};

SignatureResult search_signature(int depth);

}  // namespace yinsh

// The search signature of `yinsh bench`: fixed positions searched to a fixed depth by a fresh
// one-thread searcher. The node count is identical on every run and every machine; it changes
// exactly when the search's behaviour does, so a commit that means to keep behaviour can prove
// it by an unchanged signature. With `net` the same positions are searched with that network
// as the evaluation (bench signs the built-in one, so a new network changes a printed count);
// without it, with the linear evaluation.
#pragma once

#include <cstdint>
#include <memory>

namespace yinsh {

namespace nnue {
struct Network;
}

struct SignatureResult {
  uint64_t nodes = 0;
  int positions = 0;
};

SignatureResult search_signature(int depth, std::shared_ptr<const nnue::Network> net = nullptr);

}  // namespace yinsh

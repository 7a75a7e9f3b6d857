// Bitboard: a set of points as 128 bits, bit i = grid point i (see types.h); bits 121..127
// are always zero. Value type, constexpr throughout, iterable in increasing point order.
#pragma once

#include <bit>
#include <type_traits>
#if defined(__BMI2__)
#include <immintrin.h>
#endif
#include <cstdint>

#include "types.h"

namespace yinsh {

class Bitboard {
 public:
  using u128 = unsigned __int128;

  constexpr Bitboard() = default;
  constexpr Bitboard(uint64_t lo, uint64_t hi) : b_(u128(hi) << 64 | lo) {}
  static constexpr Bitboard from_raw(u128 b) {
    Bitboard r;
    r.b_ = b;
    return r;
  }
  static constexpr Bitboard of(Point p) { return from_raw(u128(1) << p); }

  constexpr u128 raw() const { return b_; }
  constexpr uint64_t lo() const { return uint64_t(b_); }
  constexpr uint64_t hi() const { return uint64_t(b_ >> 64); }

  constexpr bool empty() const { return b_ == 0; }
  constexpr explicit operator bool() const { return b_ != 0; }
  constexpr bool contains(Point p) const { return (b_ >> p) & 1; }
  constexpr int count() const { return std::popcount(lo()) + std::popcount(hi()); }

  // Lowest / highest point of a non-empty set.
  constexpr Point lsb() const {
    return lo() ? Point(std::countr_zero(lo())) : Point(64 + std::countr_zero(hi()));
  }
  constexpr Point msb() const {
    return hi() ? Point(127 - std::countl_zero(hi())) : Point(63 - std::countl_zero(lo()));
  }
  constexpr Point pop_lsb() {
    Point p = lsb();
    b_ &= b_ - 1;
    return p;
  }
  // The k-th point (0-based) in increasing order; k < count().
  constexpr Point nth(int k) const {
    const int low = std::popcount(lo());
    uint64_t w = k < low ? lo() : hi();
    int i = k < low ? k : k - low;
#if defined(__BMI2__)
    if (!std::is_constant_evaluated()) {
      const int bit = std::countr_zero(_pdep_u64(uint64_t(1) << i, w));
      return Point(k < low ? bit : 64 + bit);
    }
#endif
    for (; i > 0; --i) w &= w - 1;
    return Point(std::countr_zero(w) + (k < low ? 0 : 64));
  }
  // All points strictly below / above p.
  static constexpr Bitboard below(Point p) { return from_raw((u128(1) << p) - 1); }
  static constexpr Bitboard above(Point p) { return from_raw(~((u128(2) << p) - 1)); }

  constexpr Bitboard operator&(Bitboard o) const { return from_raw(b_ & o.b_); }
  constexpr Bitboard operator|(Bitboard o) const { return from_raw(b_ | o.b_); }
  constexpr Bitboard operator^(Bitboard o) const { return from_raw(b_ ^ o.b_); }
  // Complement within the 121 grid cells (other bits stay zero).
  constexpr Bitboard operator~() const { return from_raw(~b_ & ((u128(1) << GRID_CELLS) - 1)); }
  constexpr Bitboard operator<<(int n) const { return from_raw(b_ << n); }
  constexpr Bitboard operator>>(int n) const { return from_raw(b_ >> n); }
  constexpr Bitboard& operator&=(Bitboard o) { return b_ &= o.b_, *this; }
  constexpr Bitboard& operator|=(Bitboard o) { return b_ |= o.b_, *this; }
  constexpr Bitboard& operator^=(Bitboard o) { return b_ ^= o.b_, *this; }
  constexpr bool operator==(const Bitboard&) const = default;

  // Shift every point one step in direction d (points leaving the grid vanish; callers mask
  // with the board, which is enough on this grid: see geometry.h).
  constexpr Bitboard shift(Direction d) const {
    int s = DIR_SHIFT[d];
    return s > 0 ? (*this << s) & ~Bitboard() : *this >> -s;
  }

  // Calls f(Point) for each point in increasing order; faster than the iterator in hot loops
  // because each 64-bit half is scanned by its own, well-predicted loop.
  template <class F>
  constexpr void for_each(F&& f) const {
    for (uint64_t w = lo(); w; w &= w - 1) f(Point(std::countr_zero(w)));
    for (uint64_t w = hi(); w; w &= w - 1) f(Point(64 + std::countr_zero(w)));
  }

  class Iterator {
   public:
    constexpr explicit Iterator(u128 b) : b_(b) {}
    constexpr Point operator*() const { return Bitboard::from_raw(b_).lsb(); }
    constexpr Iterator& operator++() { return b_ &= b_ - 1, *this; }
    constexpr bool operator!=(const Iterator& o) const { return b_ != o.b_; }

   private:
    u128 b_;
  };
  constexpr Iterator begin() const { return Iterator(b_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  u128 b_ = 0;
};

constexpr Bitboard operator|(Point a, Point b) { return Bitboard::of(a) | Bitboard::of(b); }

}  // namespace yinsh

// The linear evaluation's side statistics (eval_stats.h) on 256-bit registers, both sides at
// once: the one body that the AVX2 and the AVX-512 forms (eval_avx2.cpp, eval_avx512.cpp) both
// compile. Each 128-bit half of a register holds one side's bitboard (bits 0-63 in its low
// 64-bit lane, 64-127 in its high one); what both sides share (empty points, markers) is in
// both halves. Each file includes it inside its own anonymous namespace after defining:
//   V = __m256i, YINSH_STATS_TARGET   its function target attribute
//   or_and(g, c, x)                   g | (c & x)
//   shl<K> shr<K>                     each half shifted as one 128-bit word by K bits (0 < K < 128)
//   add_byte_counts(acc, v)           acc plus the number of set bits of each byte of v
// No include guard: it is meant to be included once per instruction set.

YINSH_STATS_TARGET inline V and_(V a, V b) { return _mm256_and_si256(a, b); }
YINSH_STATS_TARGET inline V or_(V a, V b) { return _mm256_or_si256(a, b); }
YINSH_STATS_TARGET inline V xor_(V a, V b) { return _mm256_xor_si256(a, b); }
YINSH_STATS_TARGET inline V andnot(V a, V b) { return _mm256_andnot_si256(a, b); }  // ~a & b
YINSH_STATS_TARGET inline V zero() { return _mm256_setzero_si256(); }
YINSH_STATS_TARGET inline V swap_halves(V v) { return _mm256_permute2x128_si256(v, v, 1); }

// k steps in direction d (fill.h's shift_steps).
template <Direction d, int k>
YINSH_STATS_TARGET inline V steps(V v) {
  constexpr int s = DIR_SHIFT[d];
  if constexpr (s > 0) return shl<k * s>(v);
  else return shr<k * -s>(v);
}

// fill.h's FillChain and fill, on both halves.
template <Direction d>
struct Chain {
  V p1, p2, p4, p8;
};
template <Direction d>
YINSH_STATS_TARGET inline Chain<d> chain(V p) {
  Chain<d> c;
  c.p1 = p;
  c.p2 = and_(c.p1, steps<d, 1>(c.p1));
  c.p4 = and_(c.p2, steps<d, 2>(c.p2));
  c.p8 = and_(c.p4, steps<d, 4>(c.p4));
  return c;
}
template <Direction d>
YINSH_STATS_TARGET inline V fill(V g, const Chain<d>& c) {
  g = or_and(g, c.p1, steps<d, 1>(g));
  g = or_and(g, c.p2, steps<d, 2>(g));
  g = or_and(g, c.p4, steps<d, 4>(g));
  return or_and(g, c.p8, steps<d, 8>(g));
}

// The byte counts summed per half: {first half, second half}.
struct Sums {
  int first, second;
};
YINSH_STATS_TARGET inline Sums sum_halves(V byte_counts) {
  alignas(32) uint64_t q[4];
  _mm256_store_si256(reinterpret_cast<V*>(q), _mm256_sad_epu8(byte_counts, zero()));
  return {int(q[0] + q[1]), int(q[2] + q[3])};
}
YINSH_STATS_TARGET inline Sums count_halves(V v) {
  alignas(32) uint64_t q[4];
  _mm256_store_si256(reinterpret_cast<V*>(q), v);
  return {__builtin_popcountll(q[0]) + __builtin_popcountll(q[1]),
          __builtin_popcountll(q[2]) + __builtin_popcountll(q[3])};
}

YINSH_STATS_TARGET inline V halves(Bitboard first, Bitboard second) {
  return _mm256_setr_epi64x(int64_t(first.lo()), int64_t(first.hi()), int64_t(second.lo()), int64_t(second.hi()));
}

// eval.cpp's line_rays, both sides in the halves of `rings`; `theirs` holds each side's
// opposing markers; e and m (empty points, markers) are in both halves.
struct Rays {
  V destinations, flippable, movable;
};
template <Direction d, bool Markers>
YINSH_STATS_TARGET inline void line_rays(V rings, V theirs, V e, V m, Rays& r) {
  constexpr Direction o = opposite(d);
  const Chain<d> empty_d = chain<d>(e);
  const Chain<o> empty_o = chain<o>(e);
  const V slid_d = andnot(rings, fill<d>(rings, empty_d)), slid_o = andnot(rings, fill<o>(rings, empty_o));
  if constexpr (!Markers) {
    r.destinations = add_byte_counts(add_byte_counts(r.destinations, slid_d), slid_o);
    r.movable = or_(r.movable, and_(rings, or_(steps<o, 1>(e), steps<d, 1>(e))));
    return;
  }
  const Chain<d> markers_d = chain<d>(m);
  const Chain<o> markers_o = chain<o>(m);
  const V ends_d = fill<o>(and_(steps<o, 1>(e), m), markers_o);
  const V ends_o = fill<d>(and_(steps<d, 1>(e), m), markers_d);
  const V jd = and_(steps<d, 1>(or_(slid_d, rings)), ends_d);
  const V jo = and_(steps<o, 1>(or_(slid_o, rings)), ends_o);
  r.destinations = add_byte_counts(add_byte_counts(r.destinations, or_(slid_d, jd)), or_(slid_o, jo));
  r.flippable = or_(r.flippable, and_(or_(fill<d>(jd, markers_d), fill<o>(jo, markers_o)), theirs));
  r.movable = or_(r.movable, and_(rings, or_(steps<o, 1>(or_(e, jd)), steps<d, 1>(or_(e, jo)))));
}

// eval.cpp's window_counts in direction d (N, E or NE), own markers in the halves of `m`,
// each side's movable rings in the halves of `rings`.
struct Windows {
  V w2, w3, w4, rownow;
};
template <Direction d>
YINSH_STATS_TARGET inline void windows(V m, V rings, Windows& w) {
  constexpr int s = DIR_SHIFT[d];
  constexpr Bitboard starts = five_starts(BOARD, d);
  const V x1 = shr<s>(m), x2 = shr<2 * s>(m), x3 = shr<3 * s>(m), x4 = shr<4 * s>(m);
  // A window holding any of a side's markers is blocked for the other side: swap the halves.
  const V any = or_(or_(or_(m, x1), or_(x2, x3)), x4);
  const V open = andnot(swap_halves(any), halves(starts, starts));
  const V s1 = xor_(m, x1), c1 = and_(m, x1);
  const V s2 = xor_(s1, x2), c2 = and_(s1, x2);
  const V s3 = xor_(s2, x3), c3 = and_(s2, x3);
  const V b0 = xor_(s3, x4), c4 = and_(s3, x4);
  const V b1 = xor_(xor_(c1, c2), xor_(c3, c4)), b2 = andnot(b1, or_(or_(c1, c2), or_(c3, c4)));
  const V four = and_(andnot(b0, open), b2);
  const V ring_in = or_(or_(or_(rings, shr<s>(rings)), or_(shr<2 * s>(rings), shr<3 * s>(rings))), shr<4 * s>(rings));
  w.w2 = add_byte_counts(w.w2, and_(andnot(b0, open), b1));
  w.w3 = add_byte_counts(w.w3, and_(and_(open, b0), b1));
  w.w4 = add_byte_counts(w.w4, four);
  w.rownow = add_byte_counts(w.rownow, and_(four, ring_in));
}

template <bool Markers>
YINSH_STATS_TARGET void stats(const Position& pos, SideStats& su, SideStats& st) {
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard markers = pos.markers(), empty = BOARD & ~(pos.rings() | markers);
  const V rings = halves(pos.rings(us), pos.rings(them));
  const V theirs = halves(pos.markers(them), pos.markers(us));
  const V e = halves(empty, empty), m = halves(markers, markers);
  Rays r{zero(), zero(), zero()};
  line_rays<N, Markers>(rings, theirs, e, m, r);
  line_rays<E, Markers>(rings, theirs, e, m, r);
  line_rays<NE, Markers>(rings, theirs, e, m, r);
  const Sums destinations = sum_halves(r.destinations), flippable = count_halves(r.flippable),
             movable = count_halves(r.movable);
  su.mobility = destinations.first;
  st.mobility = destinations.second;
  su.flippable = flippable.first;
  st.flippable = flippable.second;
  su.movable = movable.first;
  st.movable = movable.second;
  if constexpr (!Markers) return;
  Windows w{zero(), zero(), zero(), zero()};
  const V own = halves(pos.markers(us), pos.markers(them));
  windows<N>(own, r.movable, w);
  windows<E>(own, r.movable, w);
  windows<NE>(own, r.movable, w);
  const Sums w2 = sum_halves(w.w2), w3 = sum_halves(w.w3), w4 = sum_halves(w.w4), rownow = sum_halves(w.rownow);
  su.w2 = w2.first, st.w2 = w2.second;
  su.w3 = w3.first, st.w3 = w3.second;
  su.w4 = w4.first, st.w4 = w4.second;
  su.rownow = rownow.first, st.rownow = rownow.second;
}

// Both sides' statistics: without the window passes while rings are placed (no markers yet).
YINSH_STATS_TARGET inline void side_stats_lanes(const Position& pos, SideStats& su, SideStats& st) {
  if (pos.step() == Step::Place) stats<false>(pos, su, st);
  else stats<true>(pos, su, st);
}

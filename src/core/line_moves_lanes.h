// line_moves() (lines.h) on every 32-bit lane of a vector register: the one body that the AVX2
// and the AVX-512 lanes (ring_lanes_avx2.cpp, ring_lanes_avx512.cpp) both compile, from the
// bytes their shuffles picked to the counts and masks. Each file includes it inside its own
// anonymous namespace after defining, for its register type V:
//   YINSH_LANES_TARGET   its function target attribute
//   add sub and_ or_ xor_ andnot (~a & b) set1
//   srlv sllv            per-lane shifts; a count of 32 or more (a negative one included) gives 0
//   srli16               a logical right shift of every lane by 16
//   tz                   trailing zeros of non-zero lanes
//   top                  index of the highest set bit; -1 for zero lanes
// No include guard: it is meant to be included once per instruction set.

// occ: a line's pieces and walls, mk: its markers, both in the shifted form (coordinate c at
// bit c + 1); i: the ring's shifted coordinate. Returns the ring's number of destinations
// along the line; with `mask`, also stores those destinations as line bits in the shifted form.
YINSH_LANES_TARGET inline V line_moves_lanes(V occ, V mk, V i, V* mask) {
  const V one = set1(1);
  // Upwards: the walls above the line stop every run.
  const V i1 = add(i, one);
  const V up_free = tz(srlv(occ, i1));
  const V ub = add(i1, up_free);
  const V mk_ub = srlv(mk, ub);
  const V ul = add(ub, tz(xor_(mk_ub, set1(-1))));
  const V jump_up = and_(andnot(srlv(occ, ul), mk_ub), one);
  // Downwards: bit 0 is a wall, never a marker.
  const V below = and_(occ, sub(sllv(one, i), one));
  const V db = top(below);
  const V down_free = sub(sub(i, one), db);
  const V not_mk = andnot(mk, sub(sllv(one, db), one));
  const V dl = top(not_mk);  // -1 when empty: then the marker test below is 0 anyway
  const V jump_down = and_(andnot(srlv(occ, dl), srlv(mk, db)), one);
  if (mask) {  // the free points up to each blocker, and the landing point of a jump
    const V up_mask = or_(sub(sllv(one, ub), sllv(one, i1)), sllv(jump_up, ul));
    const V down_mask = or_(sub(sllv(one, i), sllv(one, add(db, one))), sllv(jump_down, dl));
    *mask = or_(up_mask, down_mask);
  }
  return add(add(up_free, jump_up), add(down_free, jump_down));
}

// The lanes of the lines whose bytes the shuffle picked (ring_lanes.h): occ_bytes and
// mk_bytes, four bytes of the pieces and of the markers from the byte holding each line's
// first bit; info and walls, the lanes' entries of SHUFFLES.info and WALLS. Returns the counts
// of line_moves_lanes(), and the masks with `mask`.
YINSH_LANES_TARGET inline V picked_line_moves_lanes(V occ_bytes, V mk_bytes, V info, V walls, V* mask) {
  const V shift = and_(info, set1(7));
  const V eleven = set1(0x7ff);
  const V occ = and_(srlv(occ_bytes, shift), eleven);
  const V mk = and_(srlv(mk_bytes, shift), eleven);
  return line_moves_lanes(or_(add(occ, occ), walls), add(mk, mk), srli16(info), mask);  // shifted form
}

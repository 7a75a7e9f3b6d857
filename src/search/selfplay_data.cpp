#include "selfplay_data.h"

#include <algorithm>
#include <cstring>

#include "core/geometry.h"

namespace yinsh {

namespace {

constexpr std::array<int8_t, GRID_CELLS> build_dense() {
  std::array<int8_t, GRID_CELLS> t{};
  for (auto& v : t) v = NO_DENSE;
  for (int i = 0; i < NUM_POINTS; ++i) t[GEO.points[size_t(i)]] = int8_t(i);
  return t;
}
constexpr std::array<int8_t, GRID_CELLS> DENSE = build_dense();

std::array<uint64_t, 2> to_set(Bitboard b) {
  std::array<uint64_t, 2> s{};
  for (Point p : b) {
    const int i = DENSE[p];
    s[size_t(i >> 6)] |= uint64_t(1) << (i & 63);
  }
  return s;
}

void put_u16(uint8_t* o, uint16_t v) { o[0] = uint8_t(v), o[1] = uint8_t(v >> 8); }
void put_u32(uint8_t* o, uint32_t v) { for (int i = 0; i < 4; ++i) o[i] = uint8_t(v >> (8 * i)); }
void put_u64(uint8_t* o, uint64_t v) { for (int i = 0; i < 8; ++i) o[i] = uint8_t(v >> (8 * i)); }
uint64_t get_u64(const uint8_t* in) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | in[i];
  return v;
}

void header_bytes(uint8_t* h) {
  std::memcpy(h, "YSPD", 4);
  put_u32(h + 4, SELFPLAY_VERSION);
  put_u32(h + 8, uint32_t(SELFPLAY_RECORD_SIZE));
  put_u32(h + 12, 0);
}

}  // namespace

int dense_index(Point p) { return p < GRID_CELLS ? DENSE[p] : NO_DENSE; }

TrainingRecord make_record(const Position& pos, int score, int ply) {
  TrainingRecord r;
  r.sets = {to_set(pos.rings(WHITE)), to_set(pos.rings(BLACK)), to_set(pos.markers(WHITE)),
            to_set(pos.markers(BLACK))};
  r.side = uint8_t(pos.side_to_move());
  r.step = pos.step() == Step::Place ? 0 : 1;
  r.removed_white = uint8_t(pos.removed(WHITE));
  r.removed_black = uint8_t(pos.removed(BLACK));
  r.score = int16_t(std::max(-32000, std::min(32000, score)));
  r.ply = uint8_t(std::min(ply, 255));
  return r;
}

bool record_position(const TrainingRecord& r, Position& pos) {
  pos.clear(Variant::Normal);
  for (int i = 0; i < NUM_POINTS; ++i) {
    const Point p = GEO.points[size_t(i)];
    const auto has = [&](int set) { return (r.sets[size_t(set)][size_t(i >> 6)] >> (i & 63)) & 1; };
    if (has(0)) pos.put_ring(WHITE, p);
    if (has(1)) pos.put_ring(BLACK, p);
    if (has(2)) pos.put_marker(WHITE, p);
    if (has(3)) pos.put_marker(BLACK, p);
  }
  if (r.side > 1 || r.step > 1 || r.removed_white > 2 || r.removed_black > 2) return false;
  pos.set_state(Color(r.side), r.step ? Step::Move : Step::Place, r.removed_white, r.removed_black);
  return pos.is_ok();
}

void encode_record(const TrainingRecord& r, uint8_t* o) {
  for (size_t s = 0; s < 4; ++s) {
    put_u64(o + 16 * s, r.sets[s][0]);
    put_u64(o + 16 * s + 8, r.sets[s][1]);
  }
  o[64] = r.side, o[65] = r.step, o[66] = r.removed_white, o[67] = r.removed_black;
  put_u16(o + 68, uint16_t(r.score));
  o[70] = uint8_t(r.result);
  o[71] = r.ply;
}

TrainingRecord decode_record(const uint8_t* in) {
  TrainingRecord r;
  for (size_t s = 0; s < 4; ++s) r.sets[s] = {get_u64(in + 16 * s), get_u64(in + 16 * s + 8)};
  r.side = in[64], r.step = in[65], r.removed_white = in[66], r.removed_black = in[67];
  r.score = int16_t(uint16_t(in[68] | in[69] << 8));
  r.result = int8_t(in[70]);
  r.ply = in[71];
  return r;
}

SelfplayWriter::~SelfplayWriter() {
  if (file_) std::fclose(file_);
}

bool SelfplayWriter::open(const std::string& path, std::string* error) {
  if (file_) std::fclose(file_);
  file_ = std::fopen(path.c_str(), "ab");
  if (!file_) {
    if (error) *error = "cannot open " + path + " for writing";
    return false;
  }
  std::fseek(file_, 0, SEEK_END);
  const long size = std::ftell(file_);
  if (size == 0) {
    uint8_t h[SELFPLAY_HEADER_SIZE];
    header_bytes(h);
    if (std::fwrite(h, 1, sizeof h, file_) != sizeof h || std::fflush(file_) != 0) {
      if (error) *error = "cannot write " + path;
      return false;
    }
  } else if (size < long(SELFPLAY_HEADER_SIZE) ||
             (size_t(size) - SELFPLAY_HEADER_SIZE) % SELFPLAY_RECORD_SIZE != 0) {
    if (error) *error = path + " is not a self-play data file of this version (size)";
    std::fclose(file_);
    file_ = nullptr;
    return false;
  }
  return true;
}

bool SelfplayWriter::append(const std::vector<TrainingRecord>& records, std::string* error) {
  std::vector<uint8_t> bytes(records.size() * SELFPLAY_RECORD_SIZE);
  for (size_t i = 0; i < records.size(); ++i) encode_record(records[i], &bytes[i * SELFPLAY_RECORD_SIZE]);
  if (!file_ || std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size() ||
      std::fflush(file_) != 0) {
    if (error) *error = "cannot write self-play records";
    return false;
  }
  return true;
}

bool read_selfplay_file(const std::string& path, std::vector<TrainingRecord>& out,
                        std::string* error) {
  auto fail = [&](const std::string& m) {
    if (error) *error = path + ": " + m;
    return false;
  };
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return fail("cannot open");
  std::vector<uint8_t> bytes;
  uint8_t buf[1 << 16];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) bytes.insert(bytes.end(), buf, buf + n);
  std::fclose(f);
  uint8_t h[SELFPLAY_HEADER_SIZE];
  header_bytes(h);
  if (bytes.size() < SELFPLAY_HEADER_SIZE || std::memcmp(bytes.data(), h, SELFPLAY_HEADER_SIZE) != 0)
    return fail("not a self-play data file (header)");
  if ((bytes.size() - SELFPLAY_HEADER_SIZE) % SELFPLAY_RECORD_SIZE != 0)
    return fail("truncated record");
  for (size_t o = SELFPLAY_HEADER_SIZE; o < bytes.size(); o += SELFPLAY_RECORD_SIZE)
    out.push_back(decode_record(&bytes[o]));
  return true;
}

}  // namespace yinsh

// Self-play training data: one fixed-size little-endian record per searched position, written
// by `yinsh selfplay` and read by the trainer (scripts/train). The format (docs/ai.md):
//
//   file header, 16 bytes: "YSPD" | u32 version (1) | u32 record size (72) | u32 0
//   record, 72 bytes:
//     0   4 x 16 bytes  point sets: white rings, black rings, white markers, black markers;
//                       each a u64 of points 0..63 then a u64 of points 64..84, where a
//                       point's number is its index in GEO.points (a1..k10 column by column)
//     64  u8  side to move (0 white, 1 black)
//     65  u8  step (0 placement, 1 ring move)
//     66  u8  rings removed by white     67 u8  rings removed by black
//     68  i16 search score, side to move's point of view (centi-rings; +-31000 = forced)
//     70  i8  game result, White's point of view (1 win, 0 draw, -1 loss)
//     71  u8  decision number in the game (capped at 255)
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "core/position.h"

namespace yinsh {

inline constexpr uint32_t SELFPLAY_VERSION = 1;
inline constexpr size_t SELFPLAY_HEADER_SIZE = 16;
inline constexpr size_t SELFPLAY_RECORD_SIZE = 72;

struct TrainingRecord {
  std::array<std::array<uint64_t, 2>, 4> sets{};  // W rings, B rings, W markers, B markers
  uint8_t side = 0, step = 0, removed_white = 0, removed_black = 0;
  int16_t score = 0;
  int8_t result = 0;
  uint8_t ply = 0;

  bool operator==(const TrainingRecord&) const = default;
};

// The dense number (0..84) of each point, NO_DENSE off the board.
inline constexpr int NO_DENSE = -1;
int dense_index(Point p);

// A Place or Move position with its search score; the result is filled in at the game's end.
TrainingRecord make_record(const Position& pos, int score, int ply);
// The position a record describes (Normal variant); false if the record is not a legal
// position (is_ok fails).
bool record_position(const TrainingRecord& r, Position& pos);

void encode_record(const TrainingRecord& r, uint8_t* out);  // SELFPLAY_RECORD_SIZE bytes
TrainingRecord decode_record(const uint8_t* in);

// Appends records to a file, writing the header if the file is new or empty. Errors are
// reported through `error` (false return) and leave the file as it was.
class SelfplayWriter {
 public:
  ~SelfplayWriter();
  bool open(const std::string& path, std::string* error);
  bool append(const std::vector<TrainingRecord>& records, std::string* error);

 private:
  std::FILE* file_ = nullptr;
};

// Reads a whole file; false with `error` on a bad header or a truncated record.
bool read_selfplay_file(const std::string& path, std::vector<TrainingRecord>& out,
                        std::string* error);

}  // namespace yinsh

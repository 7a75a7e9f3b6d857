// The Boardspace.net SGF dialect for YINSH (game type GM[24]); see docs/records.md.
// Reading turns its actions into decisions of the official notation and checks each one
// against the rules; writing produces a file Boardspace's viewer can replay.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/record.h"

namespace yinsh {

struct BoardspaceInfo {
  int actions = 0;         // action nodes read (Start, place, move, Done, ...)
  bool resigned = false;   // the game ended by a Resign action
  std::string re_winner;   // the player RE[] names as winner, "" when it names none
};

// A Boardspace YINSH record as a GameRecord with the tags Site, GameName, Date, Time, White,
// Black, Variant, TimeControl, Result, Termination, ResultText (RE[] as written) and, when
// the file has them, WhiteClock and BlackClock (time used). On a malformed file, an action
// that breaks the rules, or a result that contradicts the rules, returns nullopt and says
// which action (its number and text), which decision of the notation (turn and text), and why.
std::optional<GameRecord> read_boardspace(std::string_view text, std::string* error = nullptr,
                                          BoardspaceInfo* info = nullptr);

// The record in Boardspace's dialect: each decision one action node followed by a Done node,
// ring moves in the robots' one-node form (`move E 7 E 9`), no time stamps.
// Fails (nullopt, `error` says why) when the record does not start from the standard start
// position, which the dialect cannot say.
std::optional<std::string> write_boardspace(const GameRecord& record, std::string* error = nullptr);

// True when the text starts (after white space) with '(': an SGF file, not the notation.
bool looks_like_sgf(std::string_view text);

// Reads either format, chosen by looks_like_sgf.
std::optional<GameRecord> read_any_record(std::string_view text, std::string* error = nullptr);

}  // namespace yinsh

// A game report (report.h) written out: as text for the terminal, as JSON for the server and
// the browser (the one writer of the report's JSON; docs/analysis.md describes its fields),
// and as the game record with a comment on every judged decision.
#pragma once

#include <string>
#include <string_view>

#include "analysis/report.h"
#include "core/record.h"

namespace yinsh::analysis {

// The summary per player, then one line per decision: turn, decision, White's win
// probability before it, the loss, the judgement and the engine's choice.
std::string format_text(const Report& report, std::string_view white_name = "White",
                        std::string_view black_name = "Black");

// One JSON object (no line breaks inside a decision; a newline at the end).
std::string format_json(const Report& report);

// The record with a comment after each judged turn: "blunder (-34%), better d2-d6",
// and a summary comment at the end. The tags and moves are `record`'s.
GameRecord annotate(const GameRecord& record, const Report& report);

}  // namespace yinsh::analysis

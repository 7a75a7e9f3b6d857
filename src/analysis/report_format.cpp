#include "analysis/report_format.h"

#include <cstdio>

#include "core/notation.h"

namespace yinsh::analysis {

namespace {

std::string printf_string(const char* fmt, auto... args) {
  char buf[256];
  std::snprintf(buf, sizeof buf, fmt, args...);
  return buf;
}

const char* side_word(Color c) { return c == WHITE ? "white" : "black"; }

std::string line_text(const std::vector<Move>& line, size_t max) {
  std::string out;
  for (size_t i = 0; i < line.size() && i < max; ++i) out += (i ? " " : "") + to_string(line[i]);
  if (line.size() > max) out += " ...";
  return out;
}

// Names and notation only hold printable ASCII; anything else is escaped all the same.
std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') out += '\\', out += char(c);
    else if (c < 0x20) out += printf_string("\\u%04x", unsigned(c));
    else out += char(c);
  }
  return out + "\"";
}

std::string player_json(const PlayerSummary& p) {
  return printf_string(
      "{\"decisions\":%d,\"accuracy\":%.1f,\"average_loss\":%.1f,\"inaccuracies\":%d,"
      "\"mistakes\":%d,\"blunders\":%d}",
      p.decisions, p.accuracy, p.average_loss, p.inaccuracies, p.mistakes, p.blunders);
}

}  // namespace

std::string format_text(const Report& r, std::string_view white_name, std::string_view black_name) {
  const PlayerSummary& w = r.players[WHITE];
  const PlayerSummary& b = r.players[BLACK];
  std::string out = printf_string("Game report: %llu nodes per position, %d positions searched\n\n",
                                  static_cast<unsigned long long>(r.nodes_per_position), r.searches);
  auto name = [](std::string_view n) { return std::string(n.substr(0, 14)); };
  out += printf_string("%-16s %14s %14s\n", "", name(white_name).c_str(), name(black_name).c_str());
  out += printf_string("%-16s %14.1f %14.1f\n", "accuracy (%)", w.accuracy, b.accuracy);
  out += printf_string("%-16s %14d %14d\n", "inaccuracies", w.inaccuracies, b.inaccuracies);
  out += printf_string("%-16s %14d %14d\n", "mistakes", w.mistakes, b.mistakes);
  out += printf_string("%-16s %14d %14d\n", "blunders", w.blunders, b.blunders);
  out += printf_string("%-16s %14.1f %14.1f\n", "average loss (%)", w.average_loss / 10, b.average_loss / 10);
  out += printf_string("%-16s %14d %14d\n\n", "decisions judged", w.decisions, b.decisions);
  out += printf_string("%5s  %-14s %6s %6s  %-11s %s\n", "turn", "decision", "White", "loss",
                       "judgement", "engine's choice");
  for (const DecisionReport& d : r.decisions) {
    const std::string turn = std::to_string(d.turn) + ".";
    const std::string before = printf_string("%5.1f%%", d.white_before / 10.0);
    if (d.forced) {
      out += printf_string("%5s  %-14s %6s %6s  %s\n", turn.c_str(), to_string(d.played).c_str(),
                           before.c_str(), "", "(forced)");
      continue;
    }
    const std::string loss = d.loss ? printf_string("%5.1f%%", d.loss / 10.0) : "";
    const std::string better = d.best == d.played ? "=" : line_text(d.best_line, 4);
    out += printf_string("%5s  %-14s %6s %6s  %-11s %s\n", turn.c_str(), to_string(d.played).c_str(),
                         before.c_str(), loss.c_str(), to_string(d.judgement), better.c_str());
  }
  out += printf_string("%5s  %-14s %5.1f%%\n", "end", "", r.white_final / 10.0);
  return out;
}

std::string format_json(const Report& r) {
  std::string out = printf_string(
      "{\"version\":1,\"nodes_per_position\":%llu,\"nodes\":%llu,\"searches\":%d,"
      "\"thresholds\":{\"inaccuracy\":%d,\"mistake\":%d,\"blunder\":%d},\"white_final\":%d,\n",
      static_cast<unsigned long long>(r.nodes_per_position), static_cast<unsigned long long>(r.nodes),
      r.searches, INACCURACY_LOSS, MISTAKE_LOSS, BLUNDER_LOSS, r.white_final);
  out += "\"players\":{\"white\":" + player_json(r.players[WHITE]) +
         ",\"black\":" + player_json(r.players[BLACK]) + "},\n\"decisions\":[";
  for (size_t i = 0; i < r.decisions.size(); ++i) {
    const DecisionReport& d = r.decisions[i];
    out += i ? ",\n" : "\n";
    out += printf_string("{\"ply\":%zu,\"turn\":%d,\"side\":\"%s\",\"decision\":", i, d.turn, side_word(d.mover));
    out += json_string(to_string(d.played));
    out += printf_string(",\"forced\":%s,\"white_before\":%d,\"white_after\":%d", d.forced ? "true" : "false",
                         d.white_before, d.white_after);
    if (!d.forced) {
      out += printf_string(",\"loss\":%d,\"accuracy\":%.1f,\"judgement\":", d.loss, d.accuracy);
      out += json_string(to_string(d.judgement));
      out += ",\"best\":" + json_string(d.best.is_none() ? "" : to_string(d.best)) + ",\"line\":[";
      for (size_t k = 0; k < d.best_line.size(); ++k)
        out += (k ? "," : "") + json_string(to_string(d.best_line[k]));
      out += "]";
    }
    out += "}";
  }
  out += "\n]}\n";
  return out;
}

GameRecord annotate(const GameRecord& record, const Report& r) {
  GameRecord out = record;
  out.comments.assign(record.moves.size(), "");
  for (size_t i = 0; i < r.decisions.size() && i < out.comments.size(); ++i) {
    const DecisionReport& d = r.decisions[i];
    if (d.judgement == Judgement::None) continue;
    out.comments[i] = printf_string("%s: %s (-%.1f%%), better %s", to_string(d.played).c_str(),
                                    to_string(d.judgement), d.loss / 10.0, line_text(d.best_line, 3).c_str());
  }
  if (!out.comments.empty()) {
    const PlayerSummary& w = r.players[WHITE];
    const PlayerSummary& b = r.players[BLACK];
    std::string& last = out.comments.back();
    last += (last.empty() ? "" : "; ") +
            printf_string("report at %llu nodes: accuracy White %.1f%%, Black %.1f%%",
                          static_cast<unsigned long long>(r.nodes_per_position), w.accuracy, b.accuracy);
  }
  out.set_tag("Annotator", "yinsh analyze");
  return out;
}

}  // namespace yinsh::analysis

// An attempt replayed by the rules core (puzzle_judge.h).
#include "server/puzzles/puzzle_judge.h"

#include <algorithm>

#include "core/notation.h"

namespace yinsh::server {

LineJudgement judge_line(const PuzzleInfo& puzzle, const std::vector<std::string>& line, const ReplyCheck& check) {
  const Color other = puzzle.side == WHITE ? BLACK : WHITE;
  const Position& start = puzzle.position;
  Position pos = start;
  const auto balance = [&] {
    return pos.removed(puzzle.side) - start.removed(puzzle.side) - (pos.removed(other) - start.removed(other));
  };
  const bool save = puzzle.goal == PuzzleGoal::Save;
  bool on_line = true;
  size_t checked = 0;
  const auto decided = [&](size_t i, LineVerdict v) {
    if (i + 1 < line.size())
      return LineJudgement{LineVerdict::Malformed, "the line goes on after decision " + std::to_string(i + 1) +
                                                       " decided the attempt"};
    return LineJudgement{v, ""};
  };
  for (size_t i = 0; i < line.size(); ++i) {
    std::string error;
    const auto move = parse_legal_move(pos, line[i], &error);
    if (!move)
      return {LineVerdict::Malformed, "decision " + std::to_string(i + 1) + " (" + line[i].substr(0, 16) + "): " + error};
    const std::string text = to_string(*move);
    // While the solver follows the solution, the opponent answers with it (as the trainer does).
    const bool answer = pos.side_to_move() != puzzle.side;
    const bool solution_says = on_line && i < puzzle.line.size();
    if (answer && solution_says && text != puzzle.line[i]) return decided(i, LineVerdict::Failed);
    // Off the solution the browser's engine answered: the referee checks that it could have.
    if (answer && !solution_says && check) {
      if (++checked > kMaxCheckedAnswers)
        return {LineVerdict::Failed, "more than " + std::to_string(kMaxCheckedAnswers) + " answers off the solution"};
      if (!check(pos, *move, std::max(1, puzzle.depth - 1)))
        return {LineVerdict::Failed, "decision " + std::to_string(i + 1) + " (" + text +
                                         ") is not an answer the engine gives there"};
    }
    on_line = on_line && i < puzzle.line.size() && text == puzzle.line[i];
    StateInfo st;
    pos.do_move(*move, st);
    const int b = balance();
    if (b < 0) return decided(i, LineVerdict::Failed);
    if (!save && b >= 1) return decided(i, LineVerdict::Solved);
    if (pos.is_over()) return decided(i, save ? LineVerdict::Solved : LineVerdict::Failed);
    if (save && on_line && pos.side_to_move() != puzzle.side) return decided(i, LineVerdict::Solved);
  }
  // Not decided on the way: an unfinished win fails; a save off the solution holds when the
  // line was played out as far as the threat reaches without falling behind.
  const bool held = save && !line.empty() && line.size() >= puzzle.horizon;
  return {held ? LineVerdict::Solved : LineVerdict::Failed, ""};
}

}  // namespace yinsh::server

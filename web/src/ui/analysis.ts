// Links to the analysis board and the engine figures it shows. Pure (unit-tested).
import type { Position, Side } from "../board/types";
import type { SearchResult } from "../engine/protocol";
import { colorName, t } from "./i18n";

/** Scores at or beyond this are forced wins (SCORE_MATE - plies), as in src/search/search.h. */
const SCORE_MATE = 31000;
const SCORE_MATE_BOUND = SCORE_MATE - 1000;

/** The analysis board's address for a start position and the decisions played from it. */
export function analysisLink(start: string, decisions: readonly string[]): string {
  const q = new URLSearchParams({ start });
  if (decisions.length) q.set("moves", decisions.join(" "));
  return `/analysis#${q.toString()}`;
}

/** Reads analysisLink's hash: the start (empty = the standard start) and the decisions. */
export function parseAnalysisHash(hash: string): { start: string; moves: string[] } {
  const q = new URLSearchParams(hash.replace(/^#/, ""));
  return { start: q.get("start") ?? "", moves: (q.get("moves") ?? "").split(/\s+/).filter(Boolean) };
}

/** The engine's score from White's point of view (it reports the side to move's). */
export function whiteScore(r: SearchResult, toMove: Side): number {
  return toMove === "w" ? r.score : -r.score;
}

/** "+0.35", "-1.20", or "White wins in 3" for a forced result (score in centi-rings). */
export function describeScore(white: number): string {
  if (Math.abs(white) >= SCORE_MATE_BOUND) {
    const plies = SCORE_MATE - Math.abs(white);
    const color = colorName(white > 0 ? "white" : "black");
    return plies === 1 ? t("score.wins_1", { color }) : t("score.wins_n", { color, n: plies });
  }
  return `${white >= 0 ? "+" : "-"}${(Math.abs(white) / 100).toFixed(2)}`;
}

/**
 * White's share of the evaluation bar, 0..1. The engine reports no calibrated win probability
 * yet (issue 15 adds one to the search); until then the bar is a logistic of the score with a
 * scale of one ring = 100, so it shows direction and size, not a probability.
 */
export function whiteShare(white: number, winProbability?: number): number {
  if (winProbability !== undefined) return winProbability;
  if (Math.abs(white) >= SCORE_MATE_BOUND) return white > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-white / 100));
}

/** What the side to move has to do, in words. */
export function stepText(step: Position["step"]): string {
  if (step === "place") return t("analysis.step_place");
  if (step === "move") return t("analysis.step_move");
  return t(step.endsWith("row") ? "analysis.step_row" : "analysis.step_ring");
}

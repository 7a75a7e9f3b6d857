// Links to the analysis board and the engine figures it shows. Pure (unit-tested).
import type { Position, Side } from "../board/types";
import type { PvLine } from "../engine/protocol";
import type { VNode } from "../engine/variations";
import { colorName, t } from "../i18n";

/** Scores at or beyond this are forced wins (SCORE_MATE - plies), as in src/search/search.h. */
const SCORE_MATE = 31000;
const SCORE_MATE_BOUND = SCORE_MATE - 1000;

/**
 * The analysis board's address for a start position and the decisions played from it; with
 * `game`, the correspondence game whose conditional lines the board prepares.
 */
export function analysisLink(start: string, decisions: readonly string[], game?: string): string {
  const q = new URLSearchParams({ start });
  if (decisions.length) q.set("moves", decisions.join(" "));
  if (game) q.set("game", game);
  return `/analysis#${q.toString()}`;
}

/** Reads analysisLink's hash: the start (empty = the standard start), the decisions, the game. */
export function parseAnalysisHash(hash: string): { start: string; moves: string[]; game?: string } {
  const q = new URLSearchParams(hash.replace(/^#/, ""));
  const game = q.get("game");
  return {
    start: q.get("start") ?? "",
    moves: (q.get("moves") ?? "").split(/\s+/).filter(Boolean),
    ...(game ? { game } : {}),
  };
}

/**
 * The conditional lines a tree stands for below `node` (docs/api.md "Conditional lines"):
 * the decisions of every path from it to a leaf.
 */
export function leafLines(node: VNode): string[][] {
  const out: string[][] = [];
  const walk = (n: VNode, line: string[]) => {
    if (!n.children.length && line.length) out.push(line);
    for (const c of n.children) walk(c, [...line, c.decision ?? ""]);
  };
  walk(node, []);
  return out;
}

/** Reads analysisLink's hash as the address bar has it (with or without the "#"). */
export function sameAnalysis(a: string, b: string): boolean {
  const x = parseAnalysisHash(a);
  const y = parseAnalysisHash(b);
  return x.start === y.start && x.moves.join(" ") === y.moves.join(" ");
}

/** The engine's score from White's point of view (it reports the side to move's). */
export function whiteScore(r: { score: number }, toMove: Side): number {
  return toMove === "w" ? r.score : -r.score;
}

/** White's win probability in permille from a line's (the side to move's) permille. */
export function whitePermille(r: { winprob: number }, toMove: Side): number {
  return toMove === "w" ? r.winprob : 1000 - r.winprob;
}

/** "63%" of a permille figure (whole per cent; "<1%" and ">99%" near certainty that is not certain). */
export function percent(permille: number): string {
  if (permille > 0 && permille < 5) return "<1%";
  if (permille < 1000 && permille > 995) return ">99%";
  return `${Math.round(permille / 10)}%`;
}

/** An engine line as shown: its score and White's win probability, and its decisions. */
export interface ShownLine {
  score: string;
  white: number;
  decisions: string[];
}

/** The MultiPV lines of a search at a position where `toMove` decides, for display. */
export function shownLines(lines: readonly PvLine[], toMove: Side): ShownLine[] {
  return lines.map((l) => ({
    score: describeScore(whiteScore(l, toMove)),
    white: whitePermille(l, toMove),
    decisions: l.pv.length ? l.pv : [l.best],
  }));
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
 * White's share of the evaluation bar, 0..1: the engine's calibrated win probability of White
 * (permille, docs/ai.md "The win-probability fit"); a forced result fills or empties the bar.
 * Out-of-range figures are clamped.
 */
export function whiteShare(whitePermilleValue: number): number {
  if (!Number.isFinite(whitePermilleValue)) return 0.5;
  return Math.min(1, Math.max(0, whitePermilleValue / 1000));
}

/** What the side to move has to do, in words. */
export function stepText(step: Position["step"]): string {
  if (step === "place") return t("analysis.step_place");
  if (step === "move") return t("analysis.step_move");
  return t(step.endsWith("row") ? "analysis.step_row" : "analysis.step_ring");
}

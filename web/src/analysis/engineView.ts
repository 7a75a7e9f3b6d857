// What the analysis board shows of its engine, computed in one place from the searches of the
// position shown (pure, unit-tested): the lines asked for, best first, and the header score,
// evaluation bar and "Play the best decision" all taken from line 1.
import type { Side } from "../board/types";
import type { PvLine, SearchResult } from "../engine/protocol";
import { type ShownLine, shownLines, whitePermille, whiteScore } from "./analysis";

export interface EngineView {
  /** The deepest depth the engine finished for this position. */
  depth: number;
  /** Nodes searched for this position so far, by all its searches. */
  nodes: number;
  /** Line 1's score from White's point of view (centi-rings). */
  score: number;
  /** Line 1's win probability of White (permille). */
  white: number;
  /** Line 1's first decision. */
  best: string;
  /** At most the number of lines asked for, best first. */
  lines: ShownLine[];
}

/** A search's lines, best first (by the side to move's score), `n` at most. */
export function bestLines(r: SearchResult, n: number): PvLine[] {
  const lines = r.multipv.length ? r.multipv : [{ best: r.best, score: r.score, winprob: r.winprob, pv: r.pv }];
  return [...lines].sort((a, b) => b.score - a.score).slice(0, Math.max(1, n));
}

/**
 * What is shown after the search `r` of the position where `toMove` decides, given what was
 * shown before for the same position (`prev`, null for the first search). The position is
 * searched in slices (each a fresh search that the table helps): a slice that finished no
 * deeper than what is shown only adds its nodes, so the depth, the node count and the lines
 * never go backwards, and a deeper one replaces the lines.
 */
export function engineView(prev: EngineView | null, r: SearchResult, toMove: Side, n: number): EngineView {
  const nodes = (prev?.nodes ?? 0) + Math.max(0, r.nodes);
  if (prev && r.depth <= prev.depth) return { ...prev, nodes };
  const lines = bestLines(r, n);
  const top = lines[0] as PvLine;
  return {
    depth: r.depth,
    nodes,
    score: whiteScore(top, toMove),
    white: whitePermille(top, toMove),
    best: top.best,
    lines: shownLines(lines, toMove),
  };
}

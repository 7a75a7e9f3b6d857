// The positions of a game after each decision, the last turn to highlight, and stepping
// back through a live game (arrow keys, Home/End, the move list) and returning to live.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Ply, Position } from "../board/types";
import { parsePosition, pliesOf, replay } from "../engine/rules";
import type { Game } from "../net/types";

export interface Frame {
  position: Position;
  /** The position shown just before, when the step is one decision forward (animated). */
  previous: Position | null;
  /** The decisions of the last turn up to this point (one side's consecutive plies). */
  turn: string[];
  /** The position before that turn, to mark the markers it flipped. */
  turnStart: Position | null;
}

/** The last turn before ply `n`: the run of consecutive decisions by the same side. */
export function lastTurn(plies: readonly Ply[], n: number): { first: number; decisions: string[] } {
  if (n <= 0) return { first: 0, decisions: [] };
  const side = plies[n - 1]?.side;
  let k = n - 1;
  while (k > 0 && plies[k - 1]?.side === side) k--;
  return { first: k, decisions: plies.slice(k, n).map((p) => p.decision) };
}

/** True for a key press meant for the page (not typed into a field, not the board's own). */
export function pageKey(e: KeyboardEvent): boolean {
  const el = e.target as HTMLElement | null;
  if (e.altKey || e.ctrlKey || e.metaKey) return false;
  if (!el?.tagName) return true;
  if (["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName)) return false;
  return !el.classList?.contains("yb-board");
}

export function useHistory(game: Game | null, ply: number) {
  const [viewing, setViewing] = useState<number | null>(null);
  const shownRef = useRef(-1);
  const plies = useMemo(() => {
    if (!game) return [];
    try {
      return pliesOf(parsePosition(game.start), game.decisions);
    } catch {
      return game.decisions.map((decision, i) => ({ side: i % 2 ? ("b" as const) : ("w" as const), decision }));
    }
  }, [game?.start, game?.decisions]);
  const positions = useMemo((): Position[] => {
    if (!game) return [];
    try {
      return replay(parsePosition(game.start), game.decisions);
    } catch {
      return [];
    }
  }, [game?.start, game?.decisions]);
  const serverPosition = useMemo(() => {
    try {
      return game ? parsePosition(game.state.position) : null;
    } catch {
      return null;
    }
  }, [game?.state.position]);

  // An undo can shorten the game below the ply being looked at.
  useEffect(() => {
    if (viewing !== null && viewing >= ply) setViewing(null);
  }, [ply, viewing]);

  // Looking back needs every position; without them (a list the browser cannot replay,
  // which the server's own list should never be) only the live position is shown.
  const view = (n: number) => setViewing(n >= ply || positions.length <= n ? null : Math.max(0, n));
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!pageKey(e)) return;
      const now = viewing ?? ply;
      const to: Record<string, number> = { ArrowLeft: now - 1, ArrowRight: now + 1, Home: 0, End: ply };
      if (!(e.key in to)) return;
      e.preventDefault();
      view(to[e.key] as number);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [viewing, ply]);

  const at = (n: number): Frame | null => {
    const position = (n === ply ? serverPosition : null) ?? positions[n];
    if (!position) return null;
    const before = shownRef.current;
    shownRef.current = n;
    const { first, decisions } = lastTurn(plies, n);
    return {
      position,
      previous: before === n - 1 ? (positions[n - 1] ?? null) : null,
      turn: decisions,
      turnStart: positions[first] ?? null,
    };
  };
  return {
    plies,
    positions,
    viewing,
    view,
    live: () => setViewing(null),
    at,
    /** Records that ply `n` is on the board (an optimistic decision), so that it is not animated again. */
    mark: (n: number) => {
      shownRef.current = n;
    },
  };
}

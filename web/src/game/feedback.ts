// What a live game tells the player besides the board: sounds for moves, rows, their turn,
// low time and the end; "your turn" in the tab title (seen when the tab is in the background).
import { useEffect, useRef } from "preact/hooks";
import type { Ply } from "../board/types";
import { t } from "../i18n";
import type { Color, Game } from "../net/types";
import { remaining, useTicker } from "../ui/panels";
import type { Settings } from "../ui/settings";
import { playSound } from "../ui/sound";

export const LOW_TIME_MS = 20000;

export function useGameFeedback(
  game: Game | null,
  role: Color | "spectator",
  offset: number,
  plies: readonly Ply[],
  s: Settings,
): void {
  const st = game?.state ?? null;
  const seen = useRef<{ ply: number; status: string } | null>(null);
  const mineNow = !!st && st.status === "active" && st.to_move === role;

  useEffect(() => {
    if (!st) return;
    const before = seen.current;
    seen.current = { ply: st.ply, status: st.status };
    if (!before) return; // the first snapshot is no news
    if (st.ply > before.ply) {
      const d = plies[st.ply - 1]?.decision ?? "";
      playSound(d.startsWith("x") && d.includes("-") ? "row" : "move");
    }
    if (before.status !== st.status && (st.status === "over" || st.status === "aborted")) playSound("end");
    else if (mineNow && (st.ply !== before.ply || before.status !== "active")) playSound("turn");
  }, [st?.ply, st?.status]);

  // Low time: once when the player's own clock falls under 20 s.
  const low = useRef(false);
  const clocks = st?.clocks ?? null;
  const ticking = !!clocks && clocks.running === role;
  const now = useTicker(ticking, 500);
  useEffect(() => {
    if (!clocks || role === "spectator") return;
    const ms = remaining(clocks, role, offset, now);
    if (ticking && ms < LOW_TIME_MS && !low.current) {
      low.current = true;
      playSound("low");
    }
    if (ms >= LOW_TIME_MS) low.current = false;
  }, [now, ticking]);

  // The tab's title tells whose turn it is, also when the tab is in the background.
  useEffect(() => {
    if (!st) return;
    document.title = mineNow ? `● ${t("title.your_turn")} · YINSH` : st.status === "active" ? t("title.game") : "YINSH";
    return () => {
      document.title = "YINSH";
    };
  }, [st?.status, st?.to_move, role, s]);
}

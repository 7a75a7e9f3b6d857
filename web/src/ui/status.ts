// What the game page says in words: the status line, results, server errors, seat names,
// ratings.
// Pure functions over the server's state, unit-tested in node.
import { colorName, displayName, t } from "../i18n";
import type { Color, Result, Seat, State } from "../net/types";

/** "1500?" while provisional. */
export function shownRating(rating: number, provisional: boolean): string {
  return `${rating}${provisional ? "?" : ""}`;
}

export function other(c: Color): Color {
  return c === "white" ? "black" : "white";
}

/** A seat's name as shown; `viewer` is whoever looks at it (an open seat reads differently). */
export function seatName(seat: Seat | undefined, invited = false): string {
  if (!seat) return "?";
  if (seat.kind === "open") return invited ? t("seat.invited") : t("seat.open");
  // The server names the computer in English; the level is what matters.
  if (seat.kind === "ai") return seat.level === null ? (seat.name ?? "?") : t("seat.computer", { level: seat.level });
  return seat.name ? displayName(seat.name) : t("seat.guest");
}

/** The seat an invited visitor can take (the first open one), if any. */
export function openSeat(st: State): Color | null {
  if (st.status !== "waiting") return null;
  if (st.seats.white.kind === "open") return "white";
  if (st.seats.black.kind === "open") return "black";
  return null;
}

export function describeResult(
  r: Result | null,
  status: string,
  variant = "normal",
  names?: Record<Color, string>,
): string {
  if (r?.reason === "expired") return t("result.expired");
  if (status === "aborted" || r?.reason === "aborted") return t("result.aborted");
  if (!r) return "";
  const why: Record<Result["reason"], string> = {
    rings: variant === "blitz" ? t("why.rings_blitz") : t("why.rings"),
    markers: t("why.markers"),
    no_moves: t("why.no_moves"),
    timeout: t("why.timeout"),
    resign: t("why.resign"),
    abandoned: t("why.abandoned"),
    aborted: "",
    expired: "",
  };
  if (!r.winner) return t("result.draw", { score: r.score, why: why[r.reason] }).trim();
  const name = names ? names[r.winner] : colorName(r.winner);
  return t("result.wins", { name, why: why[r.reason], score: r.score });
}

/** A chat line for an ending that has no decision of its own (resignation, time, abort). */
export function endingLine(st: State, names: Record<Color, string>): string | null {
  if (st.status === "aborted") return t("chat.aborted");
  const r = st.result;
  if (!r?.winner) return null;
  const loser = names[other(r.winner)];
  if (r.reason === "resign") return t("chat.resigned", { name: loser });
  if (r.reason === "timeout") return t("chat.timeout", { name: loser });
  return null;
}

/** The status line under the board. `role` is the viewer's seat, or "spectator". */
export function stepHelp(st: State, role: Color | "spectator", legal: readonly string[], pending = false): string {
  const mine = st.status === "active" && st.to_move === role && !pending;
  if (st.status === "waiting") {
    const open = openSeat(st);
    if (open && role === "spectator") {
      const host = other(open);
      return t("status.invited", { name: seatName(st.seats[host]), color: colorName(open) });
    }
    return open ? t("status.waiting_opponent") : t("status.waiting_start");
  }
  if (st.status !== "active") return describeResult(st.result, st.status, variantOf(st));
  const toMove = st.to_move as Color;
  if (!mine) {
    const seat = st.seats[toMove];
    if (seat.kind === "ai") return t("status.thinking", { name: seatName(seat) });
    if (pending) return t("status.sending");
    return t("status.to_play", { color: colorName(toMove) });
  }
  if (legal.length === 1 && legal[0] === "pass") return t("status.pass");
  switch (st.step) {
    case "place":
      return t("status.place");
    case "move":
      return t("status.move");
    case "remove-row":
    case "early-remove-row":
      return legal.length === 1 ? t("status.one_row") : t("status.choose_row");
    case "remove-ring":
    case "early-remove-ring":
      return t("status.remove_ring");
    default:
      return t("status.your_turn");
  }
}

export function variantOf(st: State): "normal" | "blitz" {
  return st.position.endsWith("blitz") ? "blitz" : "normal";
}

/** Abort is allowed until the first ring move (placement only). */
export function canAbort(st: State, decisions: readonly string[]): boolean {
  if (st.status === "waiting") return true;
  return st.status === "active" && !decisions.some((d) => d.includes("-"));
}

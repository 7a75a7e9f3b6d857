// Hints and "show threats": who may see them, and what is drawn. Pure (unit-tested).
//
// Only a player in a casual game against the computer gets them: never a spectator, never a
// game between people, never a rated game (a game whose `rated` flag is set, on the game or
// on its state, whatever its opponent). A game missing any of this information is refused.
import type { Note } from "../board/notes";
import type { Threat } from "../engine/rules";
import type { Color, Game } from "../net/types";

/** What assistAllowed reads: the game, and a `rated` flag wherever the server puts it. */
type MaybeRated = Pick<Game, "state"> & { rated?: unknown; state: Game["state"] & { rated?: unknown } };

/** True when `role` plays this game against the computer, casually, and it is going on. */
export function assistAllowed(game: MaybeRated | null, role: string): boolean {
  if (!game || (role !== "white" && role !== "black")) return false;
  if (game.rated !== undefined && game.rated !== false) return false;
  if (game.state.rated !== undefined && game.state.rated !== false) return false;
  const me = role as Color;
  const them: Color = me === "white" ? "black" : "white";
  const seats = game.state.seats;
  return game.state.status === "active" && seats[me]?.kind === "human" && seats[them]?.kind === "ai";
}

/**
 * The threatened rows as bars, and a mark on each of the opponent's rings that can make one
 * (its moves would be too many arrows: a ring often makes the row whichever way it goes).
 */
export function threatNotes(threats: readonly Threat[]): Note[] {
  const out: Note[] = threats.map((t) => ({ kind: "row", from: t.from, to: t.to, tone: "threat" }) as Note);
  const rings = new Set(threats.flatMap((t) => t.by.map((d) => d.split("-")[0] as string)));
  for (const at of rings) out.push({ kind: "spot", at, tone: "threat" });
  return out;
}

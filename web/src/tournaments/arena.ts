// The arenas' API (docs/api.md 2.7) and what the pages compute from it: the time control's
// words, the countdown to the start or the end, a score sheet's marks, the form's request, and
// when the page should take the player to a new game.
import { describeClock, request } from "../net/api";

export type ArenaStatus = "upcoming" | "running" | "finished";
export type Flag = "normal" | "streak" | "double" | "null";

/** A tournament as listed (`Summary`). */
export interface ArenaSummary {
  id: string;
  kind: "arena";
  name: string;
  variant: "normal" | "blitz";
  clock: { base_ms: number; increment_ms: number };
  rated: boolean;
  starts_at: number;
  ends_at: number;
  status: ArenaStatus;
  players: number;
  /** "" for an event the server's schedule made. */
  created_by: string;
}

export interface SheetMark {
  game: string;
  points: number;
  flag: Flag;
  berserk: boolean;
}

export interface Standing {
  rank: number;
  name: string;
  account: string;
  points: number;
  on_fire: boolean;
  performance: number;
  games: number;
  active: boolean;
  playing: string | null;
  sheet: SheetMark[];
}

export interface Pairing {
  game: string;
  white: string;
  black: string;
  status: "active" | "over" | "aborted";
  result: "1-0" | "0-1" | "1/2-1/2" | "";
}

export interface Me {
  joined: boolean;
  active: boolean;
  game: string | null;
}

export interface ArenaDetail extends ArenaSummary {
  now: number;
  standings: Standing[];
  pairings: Pairing[];
  /** null for a guest. */
  me: Me | null;
}

export interface CreateArena {
  name: string;
  variant: "normal" | "blitz";
  clock: { base_ms: number; increment_ms: number };
  minutes: number;
  starts_in_s: number;
  rated: boolean;
}

const enc = encodeURIComponent;

export const arenas = {
  list: () => request<{ now: number; tournaments: ArenaSummary[] }>("GET", "/api/tournaments"),
  ofPlayer: (name: string) =>
    request<{
      now: number;
      tournaments: (ArenaSummary & { result?: { rank: number; points: number; games: number } })[];
    }>("GET", `/api/tournaments?player=${encodeURIComponent(name)}`),
  create: (body: CreateArena) => request<ArenaSummary>("POST", "/api/tournaments", body),
  get: (id: string) => request<ArenaDetail>("GET", `/api/tournaments/${enc(id)}`),
  join: (id: string) => request<{ joined: boolean }>("POST", `/api/tournaments/${enc(id)}/join`, {}),
  withdraw: (id: string) => request<{ joined: boolean }>("POST", `/api/tournaments/${enc(id)}/withdraw`, {}),
  berserk: (id: string, game: string) => request<unknown>("POST", `/api/tournaments/${enc(id)}/berserk`, { game }),
};

/** The time control in the words of the other pages: "3 min + 2 s". */
export function arenaClock(c: { base_ms: number; increment_ms: number }): string {
  return describeClock(c);
}

/**
 * A time left (ms) as a countdown: whole days apart ("days": 2, "clock": "3:04:05") from the
 * hours, minutes and seconds; a negative time is 0. Seconds are rounded up, so that the
 * countdown shows 0:00 only when the time has come.
 */
export function countdown(ms: number): { days: number; clock: string } {
  const s = Math.ceil(Math.max(0, ms) / 1000);
  const days = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return { days, clock: h || days ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}` };
}

/** The CSS classes of a sheet's mark: its flag, and `berserk` when the player berserked. */
export function markClass(m: SheetMark): string {
  return `mark flag-${m.flag}${m.berserk ? " berserk" : ""}`;
}

/** The form's fields (minutes and seconds as typed) as the request; null when one is out of range. */
export function createRequest(f: {
  name: string;
  variant: "normal" | "blitz";
  clockMinutes: number;
  incrementSeconds: number;
  minutes: number;
  startsInMinutes: number;
  rated: boolean;
}): CreateArena | null {
  const name = f.name.trim();
  const ok =
    name.length >= 2 &&
    name.length <= 40 &&
    f.clockMinutes >= 0.25 &&
    f.clockMinutes <= 60 &&
    f.incrementSeconds >= 0 &&
    f.incrementSeconds <= 60 &&
    Number.isInteger(f.minutes) &&
    f.minutes >= 20 &&
    f.minutes <= 720 &&
    f.startsInMinutes >= 0 &&
    f.startsInMinutes <= 7 * 24 * 60;
  if (!ok) return null;
  return {
    name,
    variant: f.variant,
    clock: { base_ms: Math.round(f.clockMinutes * 60000), increment_ms: Math.round(f.incrementSeconds * 1000) },
    minutes: f.minutes,
    starts_in_s: Math.round(f.startsInMinutes * 60),
    rated: f.rated,
  };
}

/**
 * The game the page should take the player to: `me.game` once it is a game other than the one
 * the page first saw (`seen`: the player's game when the page opened, which they left on
 * purpose) and other than the game being shown (`current`), unless the pairings say it is over
 * already; else null.
 */
export function gameToFollow(
  a: { me: Me | null; pairings: Pairing[] },
  seen: string | null,
  current: string | null = null,
): string | null {
  const g = a.me?.game ?? null;
  if (!g || g === seen || g === current) return null;
  const p = a.pairings.find((x) => x.game === g);
  return p && p.status !== "active" ? null : g;
}

/** The summaries in the list's three groups, each in the server's order. */
export function grouped(list: ArenaSummary[]): Record<ArenaStatus, ArenaSummary[]> {
  return {
    running: list.filter((a) => a.status === "running"),
    upcoming: list.filter((a) => a.status === "upcoming"),
    finished: list.filter((a) => a.status === "finished"),
  };
}

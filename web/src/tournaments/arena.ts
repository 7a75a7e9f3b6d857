// The tournaments' API (docs/api.md 2.7) and what the pages compute from it: the time control's
// words, the countdown to the start or the end, a score sheet's marks, the form's request, and
// when the page should take the player to a new game. Swiss events' own shapes: swiss.ts.
import { describeClock, request } from "../net/api";

export type ArenaStatus = "upcoming" | "running" | "finished";
export type Flag = "normal" | "streak" | "double" | "null";

/** A tournament as listed (`Summary`). */
export type TournamentClock = { base_ms: number; increment_ms: number } | { days: number };

export interface ArenaSummary {
  id: string;
  kind: "arena" | "swiss";
  name: string;
  variant: "normal" | "blitz";
  clock: TournamentClock;
  rated: boolean;
  starts_at: number;
  /** null for a Swiss event that has not finished (it ends with its last round). */
  ends_at: number | null;
  status: ArenaStatus;
  players: number;
  /** "" for an event the server's schedule made. */
  created_by: string;
  /** Whether joining asks for an entry code (the code is never shown). */
  entry_code?: boolean;
  min_rating?: number | null;
  max_rating?: number | null;
  /** Swiss: the rounds to play and the rounds paired so far. */
  rounds?: number;
  round?: number;
  round_gap_ms?: number;
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
  kind: "arena";
  now: number;
  standings: Standing[];
  pairings: Pairing[];
  /** null for a guest. */
  me: Me | null;
}

export interface CreateArena {
  kind: "arena" | "swiss";
  name: string;
  variant: "normal" | "blitz";
  clock: TournamentClock;
  /** An arena's duration. */
  minutes?: number;
  /** A Swiss event's rounds, and for a correspondence one the days from a round to the next. */
  rounds?: number;
  round_days?: number;
  starts_in_s: number;
  rated: boolean;
  entry_code?: string;
  min_rating?: number;
  max_rating?: number;
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
  join: (id: string, entryCode = "") =>
    request<{ joined: boolean }>(
      "POST",
      `/api/tournaments/${enc(id)}/join`,
      entryCode ? { entry_code: entryCode } : {},
    ),
  withdraw: (id: string) => request<{ joined: boolean }>("POST", `/api/tournaments/${enc(id)}/withdraw`, {}),
  berserk: (id: string, game: string) => request<unknown>("POST", `/api/tournaments/${enc(id)}/berserk`, { game }),
  chat: (id: string) => request<{ lines: ChatLine[] }>("GET", `/api/tournaments/${enc(id)}/chat`),
  say: (id: string, text: string) => request<ChatLine>("POST", `/api/tournaments/${enc(id)}/chat`, { text }),
  unsay: (id: string, line: string) =>
    request<unknown>("POST", `/api/tournaments/${enc(id)}/chat/${enc(line)}/delete`, {}),
};

/** A line of a tournament's chat. */
export interface ChatLine {
  id: string;
  name: string;
  text: string;
  at: number;
}

/** The time control in the words of the other pages: "3 min + 2 s". */
export function arenaClock(c: TournamentClock): string {
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

/** The form's fields as typed. `days` > 0: a correspondence Swiss of that many days a move. */
export interface ArenaForm {
  kind: "arena" | "swiss";
  name: string;
  variant: "normal" | "blitz";
  clockMinutes: number;
  incrementSeconds: number;
  minutes: number;
  rounds: number;
  days: number;
  roundDays: number;
  startsInMinutes: number;
  rated: boolean;
  entryCode: string;
  minRating: number;
  maxRating: number;
}

const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 14];

/** The form's fields as the request; null when one is out of range (the server's ranges). */
export function createRequest(f: ArenaForm): CreateArena | null {
  const name = f.name.trim();
  const whole = (v: number, lo: number, hi: number) => Number.isInteger(v) && v >= lo && v <= hi;
  const swiss = f.kind === "swiss";
  const correspondence = swiss && f.days > 0;
  const ok =
    name.length >= 2 &&
    name.length <= 40 &&
    (correspondence
      ? CORRESPONDENCE_DAYS.includes(f.days) && whole(f.roundDays, 1, 30)
      : f.clockMinutes >= 0.25 && f.clockMinutes <= 60 && f.incrementSeconds >= 0 && f.incrementSeconds <= 60) &&
    (swiss ? whole(f.rounds, 2, 20) : whole(f.minutes, 10, 720)) &&
    f.startsInMinutes >= 0 &&
    f.startsInMinutes <= 7 * 24 * 60 &&
    f.entryCode.length <= 40 &&
    whole(f.minRating, 0, 3500) &&
    whole(f.maxRating, 0, 3500) &&
    (f.minRating === 0 || f.maxRating === 0 || f.minRating <= f.maxRating);
  if (!ok) return null;
  const body: CreateArena = {
    kind: f.kind,
    name,
    variant: f.variant,
    clock: correspondence
      ? { days: f.days }
      : { base_ms: Math.round(f.clockMinutes * 60000), increment_ms: Math.round(f.incrementSeconds * 1000) },
    starts_in_s: Math.round(f.startsInMinutes * 60),
    rated: f.rated,
  };
  if (swiss) body.rounds = f.rounds;
  else body.minutes = f.minutes;
  if (correspondence) body.round_days = f.roundDays;
  if (f.entryCode) body.entry_code = f.entryCode;
  if (f.minRating) body.min_rating = f.minRating;
  if (f.maxRating) body.max_rating = f.maxRating;
  return body;
}

/**
 * The game the page should take the player to: `me.game` once it is a game other than the one
 * the page first saw (`seen`: the player's game when the page opened, which they left on
 * purpose) and other than the game being shown (`current`), unless the pairings say it is over
 * already; else null.
 */
export function gameToFollow<P extends { game: string | null; status: string }>(
  a: { me: Me | null; pairings: P[] },
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

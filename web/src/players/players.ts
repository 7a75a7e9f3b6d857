// The player pages' API (docs/api.md 2.2) and the rating graph's geometry.
import { request } from "../net/api";
import type { PuzzleRating, Summary } from "../net/types";

export const CATEGORIES = [
  "bullet",
  "blitz",
  "rapid",
  "classical",
  "untimed",
  "blitz-variant",
  "correspondence",
] as const;
export type Category = (typeof CATEGORIES)[number];

export interface CategoryRating {
  category: Category;
  rating: number;
  deviation: number;
  provisional: boolean;
  games: number;
  wins: number;
  draws: number;
  losses: number;
}
export interface Profile {
  name: string;
  role: string;
  bot?: boolean; // an engine's account (docs/api.md 2.4)
  created_at: number;
  ratings: CategoryRating[];
  totals: { games: number; wins: number; draws: number; losses: number };
  /** The puzzle rating (null before the first puzzle tried while logged in). */
  puzzles?: PuzzleRating | null;
}
export type PlayerGame = Summary & {
  color: "white" | "black";
  outcome: "win" | "loss" | "draw" | null;
  category: Category;
  rating: { before: number; after: number; diff: number } | null;
};
export interface GamesPage {
  games: PlayerGame[];
  page: number;
  per_page: number;
  total: number;
}
export interface HistoryPoint {
  at: number;
  rating: number;
  deviation: number;
  game: string;
}
export interface GameFilter {
  page: number;
  opponent: string;
  result: "" | "win" | "loss" | "draw";
  category: "" | Category;
}

const enc = encodeURIComponent;

export const players = {
  profile: (name: string) => request<Profile>("GET", `/api/players/${enc(name)}`),
  games: (name: string, f: GameFilter) => {
    const q = new URLSearchParams({ page: String(f.page) });
    if (f.opponent) q.set("opponent", f.opponent);
    if (f.result) q.set("result", f.result);
    if (f.category) q.set("category", f.category);
    return request<GamesPage>("GET", `/api/players/${enc(name)}/games?${q}`);
  },
  history: (name: string, category: Category) =>
    request<{ points: HistoryPoint[] }>("GET", `/api/players/${enc(name)}/history?category=${category}`).then(
      (r) => r.points,
    ),
  leaderboard: (category: Category) =>
    request<{ players: { name: string; rating: number; deviation: number; games: number }[] }>(
      "GET",
      `/api/leaderboard?category=${category}`,
    ).then((r) => r.players),
  online: () => request<{ players: string[] }>("GET", "/api/online").then((r) => r.players),
  recordsLink: (name: string) => `/api/players/${enc(name)}/records`,
};

/**
 * The rating graph's polyline: one point per rated game, x by game number, y by rating,
 * in a `width` x `height` box with `pad` around; the rating range is widened to at least 100.
 */
export function graphPoints(
  points: { rating: number }[],
  width: number,
  height: number,
  pad = 10,
): { path: string; min: number; max: number; dots: { x: number; y: number }[] } {
  if (points.length === 0) return { path: "", min: 0, max: 0, dots: [] };
  let min = Math.min(...points.map((p) => p.rating));
  let max = Math.max(...points.map((p) => p.rating));
  if (max - min < 100) {
    const mid = (max + min) / 2;
    min = Math.floor(mid - 50);
    max = Math.ceil(mid + 50);
  }
  const n = points.length;
  const x = (i: number) => pad + (n === 1 ? (width - 2 * pad) / 2 : (i * (width - 2 * pad)) / (n - 1));
  const y = (r: number) => pad + ((max - r) * (height - 2 * pad)) / (max - min);
  const dots = points.map((p, i) => ({ x: Number(x(i).toFixed(1)), y: Number(y(p.rating).toFixed(1)) }));
  const path = dots.map((d, i) => `${i === 0 ? "M" : "L"}${d.x.toFixed(1)},${d.y.toFixed(1)}`).join(" ");
  return { path, min, max, dots };
}

/** A rating history time (seconds or milliseconds since 1970) as a date in the page's language. */
export function shortDate(at: number, lang: string): string {
  return new Date(at < 1e12 ? at * 1000 : at).toLocaleDateString(lang, { day: "numeric", month: "short" });
}

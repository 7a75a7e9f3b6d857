// HTTP JSON API client and seat tokens.
import { type ServerParams, serverText, t } from "../i18n";
import type { ClockSpec, Color, Game, Level, RecordJson, Summary } from "./types";

/** A refused request; `message` in the current language (serverText), `serverMessage` as sent. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly serverMessage: string,
    readonly status = 0,
    params: ServerParams = {},
  ) {
    super(serverText(code, serverMessage, params));
  }
}

/** What to tell the player about a failed call. */
export function errorText(e: unknown): string {
  return e instanceof ApiError || e instanceof Error ? e.message : String(e);
}

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError("network", t("error.network"));
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    if (res.ok) return text as T;
  }
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string; params?: ServerParams } } | null)?.error;
    throw new ApiError(
      err?.code ?? `http_${res.status}`,
      // Not the server's own answer (a proxy's page while the server is down, say): ours.
      err?.message ?? t("error.http", { status: res.status }),
      res.status,
      err?.params,
    );
  }
  return data as T;
}

export interface CreateRequest {
  variant: "normal" | "blitz";
  clock: ClockSpec | null;
  opponent: { type: "human" } | { type: "ai"; level: number };
  color: Color | "random";
  name: string;
}

export interface SeatGrant {
  game: string;
  seat: Color;
  token: string;
  link?: string;
  snapshot: Game;
}

export const api = {
  levels: () => request<{ levels: Level[] }>("GET", "/api/levels").then((r) => r.levels),
  games: (status: "waiting" | "active" | "over", limit = 50) =>
    request<{ games: Summary[] }>("GET", `/api/games?status=${status}&limit=${limit}`).then((r) => r.games),
  game: (id: string) => request<Game>("GET", `/api/games/${encodeURIComponent(id)}`),
  create: (req: CreateRequest) => request<SeatGrant>("POST", "/api/games", req),
  join: (id: string, name: string, color?: Color) =>
    request<SeatGrant>("POST", `/api/games/${encodeURIComponent(id)}/join`, color ? { name, color } : { name }),
  record: (id: string) => request<RecordJson>("GET", `/api/games/${encodeURIComponent(id)}/record.json`),
  recordText: async (id: string): Promise<string> => {
    const res = await fetch(`/api/games/${encodeURIComponent(id)}/record`);
    if (!res.ok) throw new ApiError(`http_${res.status}`, t("error.record", { status: res.status }));
    return res.text();
  },
};

// ---- Seat tokens and the player's name, kept in localStorage -------------------------

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function saveToken(game: string, seat: Color, token: string): void {
  storage()?.setItem(`yinsh.seat.${game}`, JSON.stringify({ seat, token }));
}

export function loadToken(game: string): { seat: Color; token: string } | null {
  try {
    const v = storage()?.getItem(`yinsh.seat.${game}`);
    return v ? JSON.parse(v) : null;
  } catch {
    return null;
  }
}

export function playerName(): string {
  return storage()?.getItem("yinsh.name") || "";
}

export function savePlayerName(name: string): void {
  storage()?.setItem("yinsh.name", name);
}

export function describeClock(c: ClockSpec | null): string {
  if (!c) return t("clock.untimed");
  if ("days" in c) return c.days === 1 ? t("clock.day") : t("clock.days", { n: c.days });
  const min = c.base_ms / 60000;
  const base = Number.isInteger(min) ? t("clock.min", { n: min }) : t("clock.s", { n: Math.round(c.base_ms / 1000) });
  return c.increment_ms ? `${base} + ${t("clock.s", { n: c.increment_ms / 1000 })}` : base;
}

/** Games this tab created or joined: the game page agrees to start them at once. */
export const autoStart = new Set<string>();

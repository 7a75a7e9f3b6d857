// Game reports (docs/analysis.md, docs/api.md "Game reports"): the server's engine analysis of
// a finished game or an uploaded record, and the calls that fetch it.

import { t } from "../i18n";
import { ApiError } from "../net/api";

export type Judgement = "" | "inaccuracy" | "mistake" | "blunder";

export interface ReportDecision {
  ply: number;
  turn: number;
  side: "white" | "black";
  decision: string;
  forced: boolean;
  /** White's win probability in permille before and after the decision. */
  white_before: number;
  white_after: number;
  /** The mover's drop in permille (unforced decisions only). */
  loss?: number;
  accuracy?: number;
  judgement?: Judgement;
  best?: string;
  line?: string[];
}

export interface ReportPlayer {
  decisions: number;
  accuracy: number;
  average_loss: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}

export interface GameReport {
  version: number;
  nodes_per_position: number;
  searches: number;
  white_final: number;
  players: { white: ReportPlayer; black: ReportPlayer };
  decisions: ReportDecision[];
}

export type ReportReply =
  | { id: string; status: "pending"; queued?: number }
  | { id: string; status: "ready"; report: GameReport };

async function call(path: string, init?: RequestInit): Promise<ReportReply> {
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError("network", t("error.network"));
  }
  const data = (await res.json().catch(() => null)) as
    | (ReportReply & { error?: undefined })
    | { error?: { code?: string; message?: string } }
    | null;
  if (!res.ok || !data || data.error) {
    const err = data?.error;
    throw new ApiError(err?.code ?? `http_${res.status}`, err?.message ?? `${res.status}`, res.status);
  }
  return data as ReportReply;
}

/** A finished game's report: ready, or pending (queued on this request). */
export const gameReport = (id: string) => call(`/api/games/${encodeURIComponent(id)}/report`);
/** Uploads a record (official notation) for analysis. */
export const uploadReport = (record: string) => call("/api/reports", { method: "POST", body: record });
export const uploadedReport = (id: string) => call(`/api/reports/${encodeURIComponent(id)}`);

/** The points of the win-probability graph: White's permille before each decision, then the end. */
export function graphPoints(r: GameReport): number[] {
  return [...r.decisions.map((d) => d.white_before), r.white_final];
}

/** The judged decisions, in game order. */
export function keyMoments(r: GameReport): ReportDecision[] {
  return r.decisions.filter((d) => !!d.judgement);
}

// Messages between the page and the engine's Web Worker (worker.ts, client.ts).

export interface SearchRequest {
  /** Position text (SPEC 5). */
  position: string;
  /** 0 (random) .. 8 (full strength), as the server's AI levels. */
  level: number;
  /** Budgets, 0 = none; with none at all the search runs for one second. */
  nodes?: number;
  movetime?: number;
  depth?: number;
  /** Lines wanted (MultiPV, 1..130; default 1): the best decisions, each with an exact score. */
  multipv?: number;
}

/** One finished iteration of the search, from the side to move's point of view. */
export interface SearchLine {
  depth: number;
  /** Centi-rings; at or beyond +-30000 a forced win or loss. */
  score: number;
  /** Expected result in permille (0..1000), the engine's calibrated win probability. */
  winprob: number;
  nodes: number;
  time_ms: number;
  pv: string[];
}

/** One of the MultiPV lines: a root decision, its exact score, and the play expected after it. */
export interface PvLine {
  best: string;
  score: number;
  winprob: number;
  /** Starts with `best`. */
  pv: string[];
}

export interface SearchResult extends SearchLine {
  best: string;
  /** Every iteration, shallowest first (the last is the result's own line). */
  lines: SearchLine[];
  /** The best decisions of the last finished depth, best first (multipv of them at most). */
  multipv: PvLine[];
}

export type ToWorker = { id: number; search: SearchRequest } | { id: number; newGame: true };
export type FromWorker =
  | { id: number; result: SearchResult }
  | { id: number; error: string }
  | { id: number; done: true };

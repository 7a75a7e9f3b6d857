// Shapes of the server API (docs/api.md of the server branch).
export type Color = "white" | "black";
export type Status = "waiting" | "active" | "over" | "aborted";

export interface ClockSpec {
  base_ms: number;
  increment_ms: number;
}

export interface Seat {
  name: string | null;
  kind: "human" | "ai" | "open";
  level: number | null;
  ready: boolean;
}

export interface Result {
  score: "1-0" | "0-1" | "1/2-1/2" | "*";
  winner: Color | null;
  reason: "rings" | "markers" | "no_moves" | "timeout" | "resign" | "aborted";
}

export interface Clocks {
  white_ms: number;
  black_ms: number;
  running: Color | null;
  server_time_ms: number;
}

export interface State {
  status: Status;
  ply: number;
  position: string;
  to_move: Color | null;
  step: string;
  legal: string[];
  removed: { white: number; black: number };
  clocks: Clocks | null;
  seats: { white: Seat; black: Seat };
  undo_request: Color | null;
  rematch: { offered: Color[]; new_game: string | null };
  result: Result | null;
}

export interface ChatLine {
  from: string;
  seat: Color | "spectator" | "system";
  text: string;
  at: number;
}

export interface Game {
  id: string;
  variant: "normal" | "blitz";
  clock: ClockSpec | null;
  created_at: number;
  start: string;
  decisions: string[];
  chat: ChatLine[];
  state: State;
}

export interface Summary {
  id: string;
  variant: "normal" | "blitz";
  clock: ClockSpec | null;
  white: string | null;
  black: string | null;
  status: Status;
  result: Result | null;
  ply: number;
  created_at: number;
  updated_at: number;
}

export interface RecordJson {
  id: string;
  variant: "normal" | "blitz";
  clock: ClockSpec | null;
  white: string | null;
  black: string | null;
  start: string;
  status: Status;
  result: Result | null;
  decisions: Array<{
    ply: number;
    by: Color;
    decision: string;
    at: number;
    white_ms: number | null;
    black_ms: number | null;
  }>;
  chat: ChatLine[];
}

export interface Level {
  level: number;
  name: string;
  movetime_ms: number;
}

/** Any message from the server over the WebSocket. */
export interface ServerMessage {
  type: string;
  version: number;
  id?: string | number;
  game?: Game | string;
  you?: { role: Color | "spectator"; name: string | null };
  seat?: Color;
  token?: string;
  code?: string;
  message?: string;
  text?: string;
  server_time_ms?: number;
  state?: State;
  ply?: number;
  by?: Color;
  decision?: string;
  line?: ChatLine;
  name?: string;
  new_game?: string;
  result?: Result;
  /** snapshot: who is connected; presence: the same, as top-level fields. */
  presence?: Record<Color, boolean>;
  white?: boolean;
  black?: boolean;
}

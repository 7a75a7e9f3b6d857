// Readers of the WebSocket messages (docs/api.md section 3): one field table per message
// type, typed so that it names every type of the unions in types.ts and no other. A reader
// returns the message when each listed field has its kind (optional ones: absent or of their
// kind), else null. Nested shapes (<Game>, <State>, ...) are checked to be objects.
import type { ClientMessage, ServerMessage } from "./types";

type Kind = "string" | "int" | "bool" | "color" | "object" | "id" | "array" | "object_or_null";
type Spec = Record<string, Kind | `${Kind}?`>;

const V: Spec = { version: "int" };
const EVENT: Spec = { version: "int", game: "string", at: "int", state: "object" };
const BY: Spec = { ...EVENT, by: "color" };
const CLOCKS = { white_ms: "int", black_ms: "int" } as const;
const ID: Spec = { id: "id?" };

export const SERVER_SPECS: Record<ServerMessage["type"], Spec> = {
  snapshot: { ...V, game: "object", presence: "object", you: "object", ...ID },
  presence: { ...V, game: "string", white: "bool", black: "bool" },
  seat: { ...V, game: "string", seat: "color", token: "string", ...ID },
  error: { ...V, code: "string", message: "string", params: "object?", ...ID },
  pong: { ...V, server_time_ms: "int", ...ID },
  info: { ...V, text: "string", code: "string?", params: "object?" },
  lobby: { seeks: "array", challenges: "array", pairing: "object_or_null", players: "int" },
  matched: { game: "string", seat: "color", token: "string", via: "string", opponent: "string" },
  challenged: { challenge: "object" },
  notice: {
    kind: "string",
    game: "string",
    color: "color",
    opponent: "string",
    outcome: "string?",
    reason: "string?",
    tournament: "string?",
    at: "int",
  },
  ratings: { ...V, game: "string", white: "object?", black: "object?" },
  joined: { ...EVENT, seat: "color", name: "string", kind: "string", level: "int?" },
  ready: { ...EVENT, seat: "color" },
  started: EVENT,
  decision: { ...EVENT, ply: "int", by: "color", decision: "string", ...CLOCKS },
  undo_requested: BY,
  undo_declined: BY,
  undone: { ...BY, ply: "int", ...CLOCKS },
  chat: { ...EVENT, line: "object" },
  chat_deleted: { ...EVENT, line: "int", by: "string", name: "string" },
  game_over: { ...EVENT, result: "object", ...CLOCKS },
  aborted: { ...BY, reason: "string?" },
  rematch_offered: BY,
  rematch: { ...EVENT, new_game: "string" },
  vacation: { ...EVENT, seat: "color", from: "int", until: "int", ...CLOCKS },
  berserk: { ...EVENT, seat: "color", ...CLOCKS },
};

export const CLIENT_SPECS: Record<ClientMessage["type"], Spec> = {
  hello: { game: "string", token: "string?", name: "string?", ...ID },
  join: { name: "string?", color: "color?", ...ID },
  start: ID,
  move: { decision: "string", ply: "int?", ...ID },
  resign: ID,
  abort: ID,
  undo: ID,
  undo_accept: ID,
  undo_decline: ID,
  rematch: ID,
  chat: { text: "string", ...ID },
  chat_delete: { line: "int", ...ID },
  snapshot: ID,
  ping: ID,
  claim: { result: "string", ...ID },
  lobby: { name: "string?", ...ID },
  seek: { variant: "string?", clock: "object?", rated: "bool?", range: "object?", ...ID },
  seek_cancel: { seek: "string", ...ID },
  seek_accept: { seek: "string", ...ID },
  pair: { variant: "string?", clock: "object?", rated: "bool?", ...ID },
  pair_cancel: ID,
  challenge: { to: "string", variant: "string?", clock: "object?", rated: "bool?", color: "string?", ...ID },
  challenge_accept: { challenge: "string", ...ID },
  challenge_decline: { challenge: "string", ...ID },
  challenge_cancel: { challenge: "string", ...ID },
};

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function hasKind(v: unknown, kind: Kind): boolean {
  switch (kind) {
    case "string":
      return typeof v === "string";
    case "int":
      return Number.isInteger(v);
    case "bool":
      return typeof v === "boolean";
    case "color":
      return v === "white" || v === "black";
    case "object":
      return isObject(v);
    case "id":
      return typeof v === "string" || typeof v === "number";
    case "array":
      return Array.isArray(v);
    case "object_or_null":
      return v === null || isObject(v);
  }
}

function matches(m: Record<string, unknown>, spec: Spec): boolean {
  return Object.entries(spec).every(([field, k]) => {
    const optional = k.endsWith("?");
    const kind = (optional ? k.slice(0, -1) : k) as Kind;
    if (m[field] === undefined) return optional;
    return hasKind(m[field], kind);
  });
}

function read<T extends { type: string }>(v: unknown, specs: Record<string, Spec>): T | null {
  if (!isObject(v) || typeof v.type !== "string" || !Object.hasOwn(specs, v.type)) return null;
  const spec = specs[v.type];
  return spec && matches(v, spec) ? (v as unknown as T) : null;
}

/** A message from the server, or null when it is not one of docs/api.md's. */
export function readServerMessage(v: unknown): ServerMessage | null {
  return read<ServerMessage>(v, SERVER_SPECS);
}

/** A WebSocket frame's text as a message from the server, or null when it is not one. */
export function parseServerMessage(data: string): ServerMessage | null {
  try {
    return readServerMessage(JSON.parse(data));
  } catch {
    return null;
  }
}

/** A message for the server, or null when it is not one of docs/api.md's. */
export function readClientMessage(v: unknown): ClientMessage | null {
  return read<ClientMessage>(v, CLIENT_SPECS);
}

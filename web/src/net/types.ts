// Shapes of the server API (docs/api.md of the server branch).
export type Color = "white" | "black";
export type Status = "waiting" | "active" | "over" | "aborted";

/** A real-time clock (base + increment), or a correspondence one: days per move. */
export type ClockSpec = { base_ms: number; increment_ms: number } | { days: number };

export interface Seat {
  name: string | null;
  kind: "human" | "ai" | "open";
  level: number | null;
  ready: boolean;
  /** The seat is an account's (its name links to /@/NAME); a guest's name is only a name. */
  account?: boolean;
  /** The seat's account is a bot's (an engine plays it): marked BOT beside its name. */
  bot?: boolean;
}

export interface Result {
  score: "1-0" | "0-1" | "1/2-1/2" | "*";
  winner: Color | null;
  reason: "rings" | "markers" | "no_moves" | "timeout" | "resign" | "aborted" | "expired" | "abandoned";
}

export interface Clocks {
  white_ms: number;
  black_ms: number;
  running: Color | null;
  server_time_ms: number;
  /** An arena's game: who berserked (half a clock, no increment; docs/api.md 2.7). */
  berserk?: { white: boolean; black: boolean };
  /** A correspondence game: while a seat's account is on vacation, when it ends (docs/api.md 2.1). */
  vacation?: { white: number | null; black: number | null };
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
  /** The writer's account id (absent for a guest). */
  account?: string;
  /** The line's id (its chat event's version): in <Game>, and set from the live event's version. */
  id?: number;
  /** Removed by its author or a moderator (chat_deleted): the text is "". */
  removed?: boolean;
  removed_by?: "author" | "moderator";
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
  /** The arena this game belongs to (docs/api.md 2.7); absent for any other game. */
  tournament?: string;
}

export interface Summary {
  id: string;
  variant: "normal" | "blitz";
  clock: ClockSpec | null;
  white: string | null;
  black: string | null;
  /** The seat is an account's (its name links to /@/NAME); a named seat that is not is a
   * guest's, or the computer's. */
  white_account: boolean;
  black_account: boolean;
  status: Status;
  result: Result | null;
  ply: number;
  created_at: number;
  updated_at: number;
  rated?: boolean;
}

export interface RecordJson {
  id: string;
  variant: "normal" | "blitz";
  clock: ClockSpec | null;
  white: string | null;
  black: string | null;
  /** As in Summary: the seat is an account's. */
  white_account: boolean;
  black_account: boolean;
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

/** An account's puzzle rating (docs/api.md 2.3), on the puzzle page and the player's page. */
export interface PuzzleRating {
  rating: number;
  deviation: number;
  provisional: boolean;
  attempts: number;
  solved: number;
}

export interface Level {
  level: number;
  name: string;
  movetime_ms: number;
}

/** The id a client may put on a message; replies and errors caused by it echo it. */
export type MessageId = string | number;

// ---- WebSocket messages (docs/api.md section 3). The schema's fixtures, one per type in
// tests/data/messages/, are read by these types' readers (messages.ts) and by the server's
// (src/server/wire/commands.h, events.h, server_messages.h) in the unit tests of both.

/** Client -> server (3.1). */
export type ClientMessage = { id?: MessageId } & (
  | { type: "hello"; game: string; token?: string; name?: string }
  | { type: "join"; name?: string; color?: Color }
  | { type: "move"; decision: string; ply?: number }
  | { type: "chat"; text: string }
  | { type: "chat_delete"; line: number }
  | {
      type: "start" | "resign" | "abort" | "undo" | "undo_accept" | "undo_decline" | "rematch" | "snapshot" | "ping";
    }
  | { type: "claim"; result: "win" | "draw" }
  // The lobby (3.5).
  | { type: "lobby"; name?: string }
  | { type: "seek"; variant?: string; clock?: ClockSpec; rated?: boolean; range?: { min: number; max: number } }
  | { type: "pair"; variant?: string; clock?: ClockSpec; rated?: boolean }
  | { type: "pair_cancel" }
  | { type: "challenge"; to: string; variant?: string; clock?: ClockSpec; rated?: boolean; color?: Color | "random" }
  | { type: "seek_cancel" | "seek_accept"; seek: string }
  | { type: "challenge_accept" | "challenge_decline" | "challenge_cancel"; challenge: string }
);

/** An open seek in the lobby (3.5). */
export interface LobbySeek {
  id: string;
  name: string;
  variant: string;
  clock: ClockSpec | null;
  rated: boolean;
  created_at: number;
  mine: boolean;
  /** The seeker is an account (false: a guest, whose name nobody checks). */
  account: boolean;
  /** The seeker's rating in the seek's category (absent: a guest); `provisional`: shown "1500?". */
  rating?: number;
  provisional?: boolean;
  range?: { min: number; max: number };
}
/** A direct challenge, sent (`outgoing`) or received (3.5). */
export interface LobbyChallenge {
  id: string;
  from: string;
  to: string;
  variant: string;
  clock: ClockSpec | null;
  rated: boolean;
  created_at: number;
  outgoing: boolean;
  /** The challenger is an account (false: a guest, whose name nobody checks). */
  account: boolean;
  /** The challenger's colour in the game made on accept ("random": drawn then). */
  color?: Color | "random";
  /** The challenger is a bot account. */
  bot?: boolean;
  rating?: number;
  provisional?: boolean;
  /** Stored for an account that was away: it waits for an answer (days), wherever either side is. */
  stored?: boolean;
}
/** The lobby as this connection sees it (3.5). */
export interface LobbyMessage {
  type: "lobby";
  seeks: LobbySeek[];
  challenges: LobbyChallenge[];
  pairing: { variant: string; clock: ClockSpec | null; since: number; rated?: boolean } | null;
  players: number;
}
/** A game was made for this connection (3.5). */
export interface MatchedMessage {
  type: "matched";
  game: string;
  seat: Color;
  token: string;
  via: "seek" | "pair" | "challenge";
  opponent: string;
}
/** A challenge to this account, on a connection that does not follow the lobby (3.5). */
export interface ChallengedMessage {
  type: "challenged";
  challenge: LobbyChallenge;
}

/** A notice to this account, on every connection it has open (3.2): it became its turn in
 *  `game`, or `game` ended (`outcome` from its side, `reason` the result's), or an arena paired
 *  it into `game` (`tournament`, docs/api.md 2.7), or an arena it joined has begun (`game` ""),
 *  or a challenge it sent to a player who was away was accepted (the new `game`) or declined
 *  (`game` ""; `opponent` who answered). */
export interface NoticeMessage {
  type: "notice";
  kind:
    | "your_turn"
    | "game_over"
    | "tournament_game"
    | "tournament_starting"
    | "challenge_accepted"
    | "challenge_declined";
  game: string;
  color: Color;
  opponent: string;
  outcome?: "won" | "lost" | "drawn" | "aborted";
  reason?: string;
  tournament?: string;
  at: number;
}

/** Server -> client, private replies and presence (3.2). */
export interface SnapshotMessage {
  type: "snapshot";
  version: number;
  game: Game;
  presence: Record<Color, boolean>;
  you: { role: Color | "spectator"; name: string | null };
  id?: MessageId;
}
export interface PresenceMessage {
  type: "presence";
  version: number;
  game: string;
  white: boolean;
  black: boolean;
}
export interface SeatMessage {
  type: "seat";
  version: number;
  game: string;
  seat: Color;
  token: string;
  id?: MessageId;
}
export interface ErrorMessage {
  type: "error";
  version: number;
  code: string;
  message: string;
  /** What a client words the message with (docs/api.md, section 5). */
  params?: Record<string, string | number>;
  id?: MessageId;
}
export interface PongMessage {
  type: "pong";
  version: number;
  server_time_ms: number;
  id?: MessageId;
}
export interface InfoMessage {
  type: "info";
  version: number;
  text: string;
  code?: string;
  params?: Record<string, string | number>;
}
/** One player's rating change in a rated game (docs/api.md 3.2). */
export interface RatingChange {
  before: number;
  after: number;
  diff: number;
  provisional: boolean;
}
/** The rating changes of a rated game; a side is absent for the AI. */
export interface RatingsMessage {
  type: "ratings";
  version: number;
  game: string;
  white?: RatingChange;
  black?: RatingChange;
}

/** A broadcast event (3.3): its fields, the game's id, its version and the state after it. */
export type EventMessage = { version: number; game: string; at: number; state: State } & (
  | { type: "joined"; seat: Color; name: string; kind: "human" | "ai"; level?: number }
  | { type: "ready"; seat: Color }
  | { type: "started" }
  | { type: "decision"; ply: number; by: Color; decision: string; white_ms: number; black_ms: number }
  | { type: "undo_requested" | "undo_declined" | "rematch_offered"; by: Color }
  | { type: "aborted"; by: Color; reason?: "expired" }
  | { type: "undone"; by: Color; ply: number; white_ms: number; black_ms: number }
  | { type: "chat"; line: ChatLine }
  | { type: "chat_deleted"; line: number; by: "author" | "moderator"; name: string }
  | { type: "game_over"; result: Result; white_ms: number; black_ms: number }
  | { type: "rematch"; new_game: string }
  | { type: "vacation"; seat: Color; from: number; until: number; white_ms: number; black_ms: number }
  | { type: "berserk"; seat: Color; white_ms: number; black_ms: number }
);

/** Any message from the server over the WebSocket. */
export type ServerMessage =
  | SnapshotMessage
  | PresenceMessage
  | SeatMessage
  | ErrorMessage
  | PongMessage
  | InfoMessage
  | LobbyMessage
  | MatchedMessage
  | ChallengedMessage
  | NoticeMessage
  | RatingsMessage
  | EventMessage;

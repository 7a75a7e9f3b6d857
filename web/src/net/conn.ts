// The live connection to one game: WebSocket with automatic reconnection (socket.ts), version tracking
// (a gap triggers a fresh snapshot), catch-up when a stale tab comes back, and the offset
// between the server's clock and ours (from ping/pong) for the clocks.
import { serverText, t } from "../i18n";
import { ReconnectingSocket } from "./socket";
import type { ChatLine, Color, Game, LobbyChallenge, MatchedMessage, RatingsMessage, ServerMessage } from "./types";

export type ConnStatus = "connecting" | "open" | "reconnecting";

export interface LiveModel {
  game: Game | null;
  version: number;
  role: Color | "spectator";
  status: ConnStatus;
  /** Server clock minus local clock, in ms. */
  offset: number;
  /** Lines from the server meant only for us (info, errors), shown in the chat. */
  notes: ChatLine[];
  /** Which seats have someone connected (an AI seat always has); null until known. */
  presence: Record<Color, boolean> | null;
}

export interface ConnHandlers {
  onChange: (m: LiveModel) => void;
  onError: (code: string, message: string, id?: string | number) => void;
  onEvent?: (msg: ServerMessage) => void;
  onSeat?: (seat: Color, token: string) => void;
  onRatings?: (msg: RatingsMessage) => void;
  /** A direct challenge to this account (docs/api.md 3.5), and the game made when it is accepted. */
  onChallenged?: (c: LobbyChallenge) => void;
  onMatched?: (m: MatchedMessage) => void;
}

const PING_EVERY = 15000;
const SILENCE_LIMIT = 40000;

export class GameConnection {
  private readonly socket: ReconnectingSocket;
  private model: LiveModel;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lastHeard = 0;
  private nextId = 1;
  private pingSent = new Map<number, number>();
  private closed = false;
  private token: string | null;
  private readonly onWake = () => this.wake();

  constructor(
    private readonly gameId: string,
    token: string | null,
    private readonly h: ConnHandlers,
  ) {
    this.token = token;
    this.model = {
      game: null,
      version: -1,
      role: "spectator",
      status: "connecting",
      offset: 0,
      notes: [],
      presence: null,
    };
    document.addEventListener("visibilitychange", this.onWake);
    window.addEventListener("online", this.onWake);
    window.addEventListener("focus", this.onWake);
    this.socket = new ReconnectingSocket({
      onOpen: () => this.opened(),
      onMessage: (data) => this.message(data),
      onClose: (reason) => this.dropped(reason),
      onRetry: () => this.update({ status: "reconnecting" }),
    });
  }

  get current(): LiveModel {
    return this.model;
  }

  close(): void {
    this.closed = true;
    document.removeEventListener("visibilitychange", this.onWake);
    window.removeEventListener("online", this.onWake);
    window.removeEventListener("focus", this.onWake);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.socket.close();
  }

  /** Use a seat token from now on (after joining); re-sends hello. */
  setToken(token: string): void {
    this.token = token;
    this.send({ type: "hello", game: this.gameId, token });
  }

  /** Sends a message; returns its id, or null when not connected. */
  send(msg: Record<string, unknown>): number | null {
    if (!this.socket.isOpen) return null;
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ ...msg, id }));
    return id;
  }

  private update(patch: Partial<LiveModel>): void {
    this.model = { ...this.model, ...patch };
    this.h.onChange(this.model);
  }

  private opened(): void {
    this.lastHeard = Date.now();
    this.send(
      this.token ? { type: "hello", game: this.gameId, token: this.token } : { type: "hello", game: this.gameId },
    );
    this.ping();
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.heartbeat(), PING_EVERY);
  }

  private message(data: string): void {
    this.lastHeard = Date.now();
    let msg: ServerMessage;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    this.receive(msg);
  }

  private dropped(reason: string): void {
    // The server says why it closed: "server restarting" (a deploy), or a client it had to
    // drop (one that did not read its messages). Shown in the chat; we reconnect anyway.
    if (reason) this.note(t("conn.closed_by_server", { reason }));
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  /** The tab became visible, the network came back, or the window got focus: catch up. */
  private wake(): void {
    if (this.closed || document.visibilityState === "hidden") return;
    if (this.socket.wake()) {
      this.send({ type: "snapshot" });
      this.ping();
    }
  }

  private heartbeat(): void {
    if (!this.socket.isOpen) return;
    if (Date.now() - this.lastHeard > SILENCE_LIMIT) {
      // A half-open connection: drop it and reconnect.
      this.socket.drop();
      return;
    }
    this.ping();
  }

  private ping(): void {
    const id = this.send({ type: "ping" });
    if (id !== null) this.pingSent.set(id, Date.now());
  }

  private receive(msg: ServerMessage): void {
    switch (msg.type) {
      case "snapshot": {
        const game = msg.game as Game;
        this.update({
          game,
          version: msg.version,
          role: msg.you?.role ?? "spectator",
          status: "open",
          presence: msg.presence ?? this.model.presence,
        });
        return;
      }
      case "presence":
        // Not an event: it carries the current version and changes nothing in the game.
        if (typeof msg.white === "boolean" && typeof msg.black === "boolean")
          this.update({ presence: { white: msg.white, black: msg.black } });
        return;
      case "pong": {
        const sent = typeof msg.id === "number" ? this.pingSent.get(msg.id) : undefined;
        if (sent !== undefined && msg.server_time_ms) {
          this.pingSent.delete(msg.id as number);
          const now = Date.now();
          this.update({ offset: msg.server_time_ms - (sent + now) / 2 });
        }
        return;
      }
      case "error":
        // A ping refused (e.g. before hello succeeded) is not the player's business.
        if (typeof msg.id === "number" && this.pingSent.delete(msg.id)) return;
        this.h.onError(
          msg.code ?? "error",
          serverText(msg.code, msg.message ?? t("error.refused"), msg.params),
          msg.id,
        );
        // No such game: nothing to follow, and retrying will not help.
        if (msg.code === "game_not_found") this.close();
        return;
      case "info":
        this.note(serverText(msg.code, msg.text ?? "", msg.params));
        return;
      case "lobby":
        return; // the lobby's (lobbyConn.ts): not about this game
      case "matched":
        this.h.onMatched?.(msg);
        return;
      case "challenged":
        this.h.onChallenged?.(msg.challenge);
        return;
      case "ratings":
        this.h.onRatings?.(msg);
        return;
      case "notice":
        return; // the bell's (noticeConn.ts): it holds its own connection on every page
      case "seat":
        if (msg.token && msg.seat) {
          this.token = msg.token;
          this.h.onSeat?.(msg.seat, msg.token);
          // Follow the game with the new seat.
          this.send({ type: "hello", game: this.gameId, token: msg.token });
        }
        return;
    }
    // A broadcast event.
    const g = this.model.game;
    if (!g || msg.version !== this.model.version + 1) {
      this.send({ type: "snapshot" });
      return;
    }
    const game: Game = { ...g, state: msg.state ?? g.state };
    if (msg.type === "decision" && msg.decision && msg.ply === g.decisions.length + 1) {
      game.decisions = [...g.decisions, msg.decision];
    } else if (msg.type === "undone" && typeof msg.ply === "number") {
      game.decisions = g.decisions.slice(0, msg.ply);
    } else if (msg.type === "chat" && msg.line) {
      game.chat = [...g.chat, { ...msg.line, id: msg.version }].slice(-200);
    } else if (msg.type === "chat_deleted") {
      game.chat = g.chat.map((l) => (l.id === msg.line ? { ...l, text: "", removed: true, removed_by: msg.by } : l));
    }
    if (msg.state && game.decisions.length !== msg.state.ply) {
      // Our list disagrees with the server's count: fetch everything.
      this.send({ type: "snapshot" });
    }
    this.update({ game, version: msg.version });
    this.h.onEvent?.(msg);
  }

  note(text: string): void {
    const line: ChatLine = { from: "server", seat: "system", text, at: Date.now() };
    this.update({ notes: [...this.model.notes, line].slice(-50) });
  }
}

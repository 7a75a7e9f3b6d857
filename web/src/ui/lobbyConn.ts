// The lobby's WebSocket connection (docs/api.md 3.5): follows the lobby under the player's
// name, sends seeks, pairing requests and challenges, and hands each `lobby` view, `matched`
// game, `info` and `error` to its handlers. Reconnects with a growing delay; what the player
// had open (seeks, pairing, challenges) belongs to the old connection and is gone then.
import { socketUrl } from "./conn";
import { readServerMessage } from "./messages";
import type { ClientMessage, LobbyMessage, MatchedMessage } from "./types";

export interface LobbyHandlers {
  onLobby: (m: LobbyMessage) => void;
  onMatched: (m: MatchedMessage) => void;
  onError: (code: string, message: string) => void;
  onInfo: (text: string) => void;
  onOnline?: (online: boolean) => void;
}

export class LobbyConn {
  private ws: WebSocket | null = null;
  private closed = false;
  private backoff = 500;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private nextId = 1;

  constructor(
    private name: string,
    private h: LobbyHandlers,
  ) {
    this.connect();
  }

  close(): void {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.ws?.close();
    this.ws = null;
  }

  /** Follow the lobby under another name. */
  rename(name: string): void {
    this.name = name;
    this.send({ type: "lobby", name });
  }

  /** Sends a lobby command; false when not connected. */
  send(msg: ClientMessage): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify({ ...msg, id: this.nextId++ }));
    return true;
  }

  private connect(): void {
    if (this.closed) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(socketUrl());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.backoff = 500;
      this.h.onOnline?.(true);
      this.send({ type: "lobby", name: this.name });
    };
    ws.onmessage = (e) => {
      let raw: unknown;
      try {
        raw = JSON.parse(String(e.data));
      } catch {
        return;
      }
      const m = readServerMessage(raw);
      if (!m) return;
      if (m.type === "lobby") this.h.onLobby(m);
      else if (m.type === "matched") this.h.onMatched(m);
      else if (m.type === "error") this.h.onError(m.code, m.message);
      else if (m.type === "info") this.h.onInfo(m.text);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.h.onOnline?.(false);
      this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    if (this.closed) return;
    this.retry = setTimeout(() => this.connect(), this.backoff);
    this.backoff = Math.min(this.backoff * 2, 10000);
  }
}

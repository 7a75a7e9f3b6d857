// The one WebSocket to the server that reconnects (the game's connection, conn.ts, and the
// lobby's, lobbyConn.ts, are built on it): after a close it tries again with a growing,
// jittered delay (0.5 s doubling up to 8 s, each +-20 % so that many tabs do not come back in
// step), until closed; `wake` reconnects at once (the tab came back, the network returned).

/** The server's WebSocket address, from the page's. */
export function socketUrl(): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`;
}

export interface SocketHandlers {
  /** A connection opened (the first, or a reconnection): say hello again. */
  onOpen: () => void;
  onMessage: (data: string) => void;
  /** An open or opening connection closed (not by `close`); `reason` as the server gave it. */
  onClose?: (reason: string) => void;
  /** A reconnection is scheduled (also when the socket could not even be created). */
  onRetry?: () => void;
}

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 8000;

export class ReconnectingSocket {
  private ws: WebSocket | null = null;
  private backoff = FIRST_DELAY_MS;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(private readonly h: SocketHandlers) {
    this.connect();
  }

  get isOpen(): boolean {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  /** Sends a text frame; false when not connected. */
  send(text: string): boolean {
    if (!this.ws || !this.isOpen) return false;
    this.ws.send(text);
    return true;
  }

  /** For good: no more reconnections, no more handler calls. */
  close(): void {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const ws = this.ws;
    this.ws = null;
    ws?.close();
  }

  /** Drops the connection (a half-open one) and reconnects as after any close. */
  drop(): void {
    this.ws?.close();
  }

  /** Reconnects now if there is no connection; true when one is open. */
  wake(): boolean {
    if (this.closed) return false;
    if (!this.ws) {
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = null;
      this.backoff = FIRST_DELAY_MS;
      this.connect();
      return false;
    }
    return this.isOpen;
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
      this.backoff = FIRST_DELAY_MS;
      this.h.onOpen();
    };
    ws.onmessage = (e) => this.h.onMessage(String(e.data));
    ws.onclose = (e) => {
      if (this.ws !== ws) return; // closed by us, or replaced
      this.ws = null;
      this.h.onClose?.(e.reason);
      this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    if (this.closed) return;
    this.h.onRetry?.();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const delay = this.backoff * (0.8 + Math.random() * 0.4);
    this.backoff = Math.min(this.backoff * 2, MAX_DELAY_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }
}

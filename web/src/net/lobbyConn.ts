// The lobby's WebSocket connection (docs/api.md 3.5): follows the lobby under the player's
// name, sends seeks, pairing requests and challenges, and hands each `lobby` view, `matched`
// game, `info` and `error` to its handlers. Reconnects as a game's connection does (socket.ts);
// what the player had open (seeks, pairing, challenges) belongs to the old connection and is
// gone then.
import { serverText } from "../i18n";
import { parseServerMessage } from "./messages";
import { ReconnectingSocket } from "./socket";
import type { ClientMessage, LobbyMessage, MatchedMessage } from "./types";

export interface LobbyHandlers {
  onLobby: (m: LobbyMessage) => void;
  onMatched: (m: MatchedMessage) => void;
  onError: (code: string, message: string) => void;
  onInfo: (text: string) => void;
  onOnline?: (online: boolean) => void;
}

export class LobbyConn {
  private readonly socket: ReconnectingSocket;
  private nextId = 1;

  /** The name the server knows this connection by (what the last `lobby` command sent). */
  private sentName: string | null = null;

  constructor(
    private name: string,
    private h: LobbyHandlers,
  ) {
    this.socket = new ReconnectingSocket({
      onOpen: () => {
        this.h.onOnline?.(true);
        this.sentName = null;
        this.send({ type: "lobby", name: this.name });
      },
      onMessage: (data) => this.receive(data),
      onClose: () => this.h.onOnline?.(false),
    });
  }

  close(): void {
    this.socket.close();
  }

  /** Follow the lobby under another name. */
  rename(name: string): void {
    this.name = name;
    this.send({ type: "lobby", name });
  }

  /**
   * The name a guest types: kept without a message per keystroke, and told to the server
   * before the next command (a seek, a pairing, a challenge), whose game then carries it.
   */
  setName(name: string): void {
    this.name = name;
  }

  /** Sends a lobby command; false when not connected. */
  send(msg: ClientMessage): boolean {
    if (!this.socket.isOpen) return false;
    if (msg.type === "lobby") {
      if (msg.name !== undefined) this.sentName = msg.name;
    } else if (this.sentName !== null && this.sentName !== this.name) this.rename(this.name);
    return this.socket.send(JSON.stringify({ ...msg, id: this.nextId++ }));
  }

  private receive(data: string): void {
    const m = parseServerMessage(data);
    if (!m) return;
    if (m.type === "lobby") this.h.onLobby(m);
    else if (m.type === "matched") this.h.onMatched(m);
    else if (m.type === "error") this.h.onError(m.code, serverText(m.code, m.message, m.params));
    else if (m.type === "info") this.h.onInfo(serverText(m.code, m.text, m.params));
  }
}

// The notice socket: a WebSocket every page holds while an account is logged in (the header's
// bell, account/Bell.tsx). It sends nothing: the server knows the account by its session
// cookie and writes to it the account's `notice` messages (its turn, a game's end) and the
// challenges to it (`challenged`), docs/api.md 3.2. Reconnects as every socket does (socket.ts).
import { parseServerMessage } from "./messages";
import { ReconnectingSocket } from "./socket";
import type { ChallengedMessage, NoticeMessage } from "./types";

export class NoticeConn {
  private readonly socket: ReconnectingSocket;

  constructor(onNotice: (m: NoticeMessage | ChallengedMessage) => void) {
    this.socket = new ReconnectingSocket({
      onOpen: () => {},
      onMessage: (data) => {
        const m = parseServerMessage(data);
        if (m && (m.type === "notice" || m.type === "challenged")) onNotice(m);
      },
    });
  }

  /** Reconnects now if the connection dropped (the tab came back). */
  wake(): void {
    this.socket.wake();
  }

  close(): void {
    this.socket.close();
  }
}

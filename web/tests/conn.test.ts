// The live connection's protocol logic, against a fake WebSocket: hello with the seat
// token, versioned events applied in order, a gap answered by a snapshot request,
// reconnection after a drop, and no retry for a game that does not exist; the lobby's
// connection (lobbyConn.ts) reconnecting through the same socket (socket.ts).
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";

class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    this.sent.push(JSON.parse(s));
  }
  close(code = 1006, reason = "") {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
}

const g = globalThis as Record<string, unknown>;
beforeEach(() => {
  FakeSocket.all = [];
  const events = { addEventListener() {}, removeEventListener() {} };
  g.WebSocket = FakeSocket;
  g.document = { ...events, visibilityState: "visible" };
  g.window = events;
  g.location = { protocol: "http:", host: "example.test:8080" };
});
afterEach(() => {
  for (const k of ["WebSocket", "document", "window", "location"]) delete g[k];
});

const { GameConnection } = await import("../src/net/conn");
const { LobbyConn } = await import("../src/net/lobbyConn");
type Model = import("../src/net/conn").LiveModel;

function state(ply: number) {
  return { status: "active", ply, position: "x", legal: [], removed: { white: 0, black: 0 } };
}
function game(decisions: string[]) {
  return { id: "g1", start: "s", decisions, chat: [], state: state(decisions.length) };
}

function setup(token: string | null = "t0k") {
  const models: Model[] = [];
  const errors: string[] = [];
  const c = new GameConnection("g1", token, {
    onChange: (m) => models.push(m),
    onError: (code) => errors.push(code),
  });
  const ws = FakeSocket.all[0] as FakeSocket;
  return { c, ws, models, errors, last: () => models[models.length - 1] as Model };
}

describe("GameConnection", () => {
  it("says hello with the seat token on open", () => {
    const { c, ws } = setup();
    assert.equal(ws.url, "ws://example.test:8080/ws");
    ws.open();
    assert.deepEqual(ws.sent[0], { type: "hello", game: "g1", token: "t0k", id: 1 });
    assert.equal(ws.sent[1]?.type, "ping");
    c.close();
  });
  it("applies events in version order and asks for a snapshot after a gap", () => {
    const { c, ws, last } = setup();
    ws.open();
    ws.receive({ type: "snapshot", version: 5, game: game(["e4"]), you: { role: "white", name: "a" } });
    assert.equal(last().version, 5);
    assert.equal(last().role, "white");
    assert.equal(last().status, "open");
    ws.receive({ type: "decision", version: 6, ply: 2, decision: "f6", state: state(2) });
    assert.deepEqual(last().game?.decisions, ["e4", "f6"]);
    assert.equal(last().game?.state.ply, 2);
    const before = ws.sent.length;
    ws.receive({ type: "decision", version: 8, ply: 4, decision: "a2", state: state(4) });
    assert.deepEqual(last().game?.decisions, ["e4", "f6"], "an event after a gap is not applied");
    assert.deepEqual(
      ws.sent.slice(before).map((m) => m.type),
      ["snapshot"],
    );
    ws.receive({ type: "undone", version: 7, ply: 1, by: "white", state: state(1) });
    assert.deepEqual(last().game?.decisions, ["e4"], "undone truncates");
    c.close();
  });
  it("gives a live chat line its event's version as id, and marks it removed on chat_deleted", () => {
    const { c, ws, last } = setup();
    ws.open();
    ws.receive({ type: "snapshot", version: 2, game: game([]), you: { role: "white", name: "a" } });
    const line = { from: "a", seat: "white", text: "hi", at: 5 };
    ws.receive({ type: "chat", version: 3, line, state: state(0) });
    assert.deepEqual(last().game?.chat, [{ ...line, id: 3 }]);
    ws.receive({ type: "chat_deleted", version: 4, line: 3, by: "moderator", name: "mod", state: state(0) });
    assert.deepEqual(last().game?.chat, [{ ...line, id: 3, text: "", removed: true, removed_by: "moderator" }]);
    c.close();
  });
  it("keeps who is connected, from snapshots and presence messages, without a version step", () => {
    const { c, ws, last } = setup();
    ws.open();
    assert.equal(last()?.presence ?? null, null);
    ws.receive({
      type: "snapshot",
      version: 3,
      game: game([]),
      presence: { white: true, black: false },
      you: { role: "white", name: "a" },
    });
    assert.deepEqual(last().presence, { white: true, black: false });
    const before = ws.sent.length;
    ws.receive({ type: "presence", version: 3, game: "g1", white: true, black: true });
    assert.deepEqual(last().presence, { white: true, black: true });
    assert.equal(last().version, 3, "presence is not an event");
    assert.equal(ws.sent.length, before, "and no reason to ask for a snapshot");
    ws.receive({ type: "decision", version: 4, ply: 1, decision: "e4", state: state(1) });
    assert.deepEqual(last().game?.decisions, ["e4"]);
    c.close();
  });
  it("reports errors, but not a refused ping", () => {
    const { c, ws, errors } = setup();
    ws.open();
    const pingId = ws.sent[1]?.id;
    ws.receive({ type: "error", version: 0, code: "no_game", message: "send hello first", id: pingId });
    ws.receive({ type: "error", version: 0, code: "illegal_decision", message: "no", id: 99 });
    assert.deepEqual(errors, ["illegal_decision"]);
    c.close();
  });
  it("reconnects after a drop and says hello again", async () => {
    const { c, ws, last } = setup();
    ws.open();
    ws.close();
    assert.equal(last().status, "reconnecting");
    await new Promise((r) => setTimeout(r, 700));
    assert.equal(FakeSocket.all.length, 2, "a new socket after the backoff");
    const ws2 = FakeSocket.all[1] as FakeSocket;
    ws2.open();
    assert.equal(ws2.sent[0]?.type, "hello");
    assert.equal(ws2.sent[0]?.token, "t0k");
    c.close();
  });
  it("shows why the server closed the connection, and reconnects", () => {
    const { c, ws, last } = setup();
    ws.open();
    ws.close(1001, "server restarting");
    assert.equal(last().status, "reconnecting");
    assert.match(last().notes.at(-1)?.text ?? "", /Disconnected by the server: server restarting/);
    c.close();
  });
  it("stops for a game that does not exist", async () => {
    const { ws, errors } = setup(null);
    ws.open();
    assert.equal(ws.sent[0]?.token, undefined, "a spectator sends no token");
    ws.receive({ type: "error", version: 0, code: "game_not_found", message: "no such game", id: 1 });
    assert.deepEqual(errors, ["game_not_found"]);
    await new Promise((r) => setTimeout(r, 700));
    assert.equal(FakeSocket.all.length, 1, "no reconnection");
  });
  it("refuses to send while disconnected", () => {
    const { c } = setup();
    assert.equal(c.send({ type: "move", decision: "e4" }), null);
    c.close();
  });
});

describe("LobbyConn", () => {
  it("follows the lobby on every connection, says when it is offline, and stops when closed", async () => {
    const online: boolean[] = [];
    const infos: string[] = [];
    const c = new LobbyConn("ann", {
      onLobby: () => {},
      onMatched: () => {},
      onError: () => {},
      onInfo: (text) => infos.push(text),
      onOnline: (o) => online.push(o),
    });
    const ws = FakeSocket.all[0] as FakeSocket;
    assert.equal(ws.url, "ws://example.test:8080/ws");
    assert.equal(c.send({ type: "lobby", name: "x" }), false, "nothing is sent before the socket opens");
    ws.open();
    assert.deepEqual(ws.sent[0], { type: "lobby", name: "ann", id: 1 });
    ws.receive({ type: "info", version: 0, text: "welcome" });
    assert.deepEqual(infos, ["welcome"]);
    c.rename("bea");
    ws.close();
    assert.deepEqual(online, [true, false]);
    await new Promise((r) => setTimeout(r, 700));
    assert.equal(FakeSocket.all.length, 2, "a new socket after the backoff");
    const ws2 = FakeSocket.all[1] as FakeSocket;
    ws2.open();
    assert.equal(ws2.sent[0]?.type, "lobby");
    assert.equal(ws2.sent[0]?.name, "bea", "under the name it follows now");
    c.close();
    assert.deepEqual(online, [true, false, true], "closing is not going offline");
    await new Promise((r) => setTimeout(r, 700));
    assert.equal(FakeSocket.all.length, 2, "no reconnection once closed");
  });
  it("tells the server a name typed meanwhile before the next command, once", () => {
    const c = new LobbyConn("Guest", { onLobby: () => {}, onMatched: () => {}, onError: () => {}, onInfo: () => {} });
    const ws = FakeSocket.all[FakeSocket.all.length - 1] as FakeSocket;
    ws.open();
    c.setName("A");
    c.setName("Alice");
    assert.equal(ws.sent.length, 1, "no message per keystroke");
    c.send({ type: "pair", rated: false });
    c.send({ type: "pair_cancel" });
    assert.deepEqual(
      ws.sent.map((m) => [m.type, m.name]),
      [
        ["lobby", "Guest"],
        ["lobby", "Alice"],
        ["pair", undefined],
        ["pair_cancel", undefined],
      ],
    );
    c.close();
  });
});

#!/usr/bin/env node
// The clients of scripts/soak (issue 11): GAMES concurrent games between bots for SECONDS, each
// game created and joined over HTTP and played over two WebSocket connections at ~THINK_MS per
// decision; finished games are replaced by new ones. Connections drop (a bot closes its socket
// after 2% of its acknowledged decisions; the server restarts under it) and reconnect with the
// seat's token. Not a test: a benchmark, run by scripts/soak.
//   node --experimental-websocket --no-warnings scripts/soak.mjs PORT SECONDS GAMES THINK_MS VERIFY_AFTER_S
// A decision is acknowledged when its sender receives the server's `decision` event for it (the
// server stores an event before it broadcasts it). Every acknowledged decision is checked twice:
// in each snapshot its own bot receives on reconnecting (not the other seat's bot: frames on
// two sockets may arrive in either order, so a snapshot made before the other bot's decision
// may be read after that bot read its acknowledgement), and, VERIFY_AFTER_S seconds after play
// stops (scripts/soak kills and restarts the server meanwhile), in GET /api/games/<id> of
// every game.
// Prints one JSON line of counts; "lost" (acknowledged decisions missing or different) must be 0.
const [port, seconds, gamesArg, thinkArg, verifyAfterArg] = process.argv.slice(2);
const url = `http://127.0.0.1:${port}`;
const wsUrl = `ws://127.0.0.1:${port}/ws`;
const GAMES = Number(gamesArg ?? 50);
const THINK = Number(thinkArg ?? 200);
const stopAt = Date.now() + Number(seconds ?? 60) * 1000;
const verifyAfter = Number(verifyAfterArg ?? 20) * 1000;
const RECONNECT_CHANCE = 0.02;

const count = {
  games_created: 0, games_finished: 0, acknowledged: 0, reconnects_chosen: 0, reconnects_forced: 0,
  snapshots_checked: 0, lost: 0, http_retries: 0, errors: {}, first_lost: [],
};
const games = [];  // every game ever created: {id, acked: Map(ply -> [decision, color])}
const live = new Set();  // the seats of the games in play
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const playing = () => Date.now() < stopAt;

async function http(method, path, body) {
  for (;;) {
    try {
      const r = await fetch(url + path, { method, body: body && JSON.stringify(body) });
      const j = await r.json();
      if (r.status < 500) return { status: r.status, body: j };
    } catch {}  // the server is restarting
    count.http_retries++;
    await sleep(250);
  }
}

function lose(game, what) {
  count.lost++;
  if (count.first_lost.length < 5) count.first_lost.push(`${game.id}: ${what}`);
}

// Every decision of `game` acknowledged to `color` (to either seat if null) is in `decisions`
// (the game's list, ply 1 first); `where` names the check.
function check(game, decisions, color, where) {
  for (const [ply, [d, by]] of game.acked)
    if ((color === null || by === color) && decisions[ply - 1] !== d)
      lose(game, `${where}: ply ${ply} acknowledged to ${by} ${d}, stored ${decisions[ply - 1]}`);
}

class Seat {
  constructor(game, color, token) {
    Object.assign(this, { game, color, token, pending: -1, ws: null, closed: false, heard: Date.now() });
  }
  connect() {
    if (this.closed) return;
    const ws = new WebSocket(wsUrl);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", game: this.game.id, token: this.token }));
    // Only the current socket is heard: a socket being closed may still deliver frames, and a
    // move planned from one would wait for a socket that is gone (the game would stall).
    ws.onmessage = (e) => {
      if (this.ws !== ws) return;
      this.heard = Date.now();
      this.receive(JSON.parse(String(e.data)));
    };
    // Node 20's WebSocket fires `error` and never `close` when the connection fails before the
    // handshake ends (refused while the server restarts, or reset from the dying server's
    // backlog): both mean the socket is lost, and a handshake that hangs is given up on.
    ws.onerror = () => this.lost(ws);
    ws.onclose = () => this.lost(ws);
    setTimeout(() => ws.readyState === WebSocket.CONNECTING && this.lost(ws), 5000);
  }
  lost(ws) {  // once per socket: it is current until then
    if (this.ws !== ws || this.closed) return;
    this.ws = null;
    this.pending = -1;  // unacknowledged: it may or may not have been stored
    count.reconnects_forced++;
    ws.close();
    setTimeout(() => this.connect(), 250);
  }
  reconnect() {  // chosen: close and come back
    count.reconnects_chosen++;
    const old = this.ws;
    this.ws = null;
    this.pending = -1;
    old.close();
    setTimeout(() => this.connect(), 50);
  }
  close() {
    live.delete(this);
    this.closed = true;
    this.ws?.close();
  }
  receive(m) {
    if (m.type === "error") {
      count.errors[m.code] = (count.errors[m.code] ?? 0) + 1;
      this.pending = -1;
      return;
    }
    if (m.type === "snapshot") {
      check(this.game, m.game.decisions, this.color, "snapshot");
      count.snapshots_checked++;
      if (m.game.state.status === "waiting" && !m.game.state.seats[this.color].ready)
        this.ws.send(JSON.stringify({ type: "start" }));
      return this.play(m.game.state);
    }
    if (!m.state) return;
    if (m.type === "decision" && m.by === this.color && m.ply === this.pending) {
      this.game.acked.set(m.ply, [m.decision, this.color]);
      count.acknowledged++;
      this.pending = -1;
      if (Math.random() < RECONNECT_CHANCE) return this.reconnect();
    }
    this.play(m.state);
  }
  play(s) {
    if (s.status === "over") return this.game.over();
    if (s.status !== "active" || s.to_move !== this.color || this.pending !== -1 || !playing()) return;
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    if (s.legal.length === 0) return;
    const d = s.legal[Math.floor(Math.random() * s.legal.length)];
    this.pending = s.ply + 1;
    const ws = this.ws;
    setTimeout(() => {
      if (this.ws === ws && ws.readyState === WebSocket.OPEN && this.pending === s.ply + 1)
        ws.send(JSON.stringify({ type: "move", decision: d, ply: s.ply }));
    }, THINK / 2 + Math.random() * THINK);
  }
}

async function newGame(slot) {
  if (!playing()) return;
  const c = await http("POST", "/api/games", { color: "white", name: `soak${slot}` });
  const j = await http("POST", `/api/games/${c.body.game}/join`, { name: `soak${slot}b` });
  if (!c.body.token || !j.body.token) {
    count.errors.create = (count.errors.create ?? 0) + 1;
    await sleep(1000);
    return newGame(slot);
  }
  count.games_created++;
  const game = { id: c.body.game, acked: new Map(), done: false };
  const seats = [new Seat(game, "white", c.body.token), new Seat(game, "black", j.body.token)];
  game.over = () => {
    if (game.done) return;
    game.done = true;
    count.games_finished++;
    for (const s of seats) s.close();
    newGame(slot);
  };
  game.stop = () => seats.forEach((s) => s.close());
  games.push(game);
  for (const s of seats) live.add(s);
  for (const s of seats) s.connect();
}

// Every 10 s, one line on stderr: acknowledged decisions in the last 10 s and the live seats'
// sockets by state, so that a stall shows when it starts and where the bots wait.
let lastAcked = 0;
const progress = setInterval(() => {
  const st = { none: 0, connecting: 0, open: 0, closing: 0, closed: 0, pending: 0, silent: 0 };
  for (const s of live) {
    st[s.ws ? ["connecting", "open", "closing", "closed"][s.ws.readyState] : "none"]++;
    if (s.pending !== -1) st.pending++;
    if (Date.now() - s.heard > 10000) st.silent++;
  }
  console.error(JSON.stringify({ t: new Date().toISOString().slice(11, 19), acked: count.acknowledged - lastAcked, ...st }));
  lastAcked = count.acknowledged;
}, 10000);
for (let i = 0; i < GAMES; i++) newGame(i);
await sleep(stopAt - Date.now());
clearInterval(progress);
for (const g of games) g.stop();
await sleep(verifyAfter);  // scripts/soak kills and restarts the server meanwhile
for (const g of games) {
  const r = await http("GET", `/api/games/${g.id}`);
  if (r.status !== 200) lose(g, `GET answered ${r.status}`);
  else check(g, r.body.decisions, null, "after the last restart");
}
count.games_checked = games.length;
console.log(JSON.stringify(count));
process.exit(0);

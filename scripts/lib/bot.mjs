// A scripted player for the benchmarks: creates a game against the server's AI and sits in its
// seat over the WebSocket, answering each state the server sends (Node 20 with
// --experimental-websocket). Not used by the tests or the web app.

// POST /api/games: the bot plays White against the AI at `level`; `clock` as in docs/api.md
// (omitted: untimed). Returns the HTTP status and the answer ({game, token} when created).
export async function createAiGame(url, { name, level, clock }) {
  const r = await fetch(`${url}/api/games`, {
    method: "POST",
    body: JSON.stringify({ color: "white", name, opponent: { type: "ai", level }, ...(clock ? { clock } : {}) }),
  });
  return { status: r.status, game: await r.json() };
}

// Joins `game` ({game, token}) and calls onState(state) with every game state the server
// sends, the snapshot's first. onState returns a decision to send, null to wait, or false to
// leave. Resolves when the connection closes.
export function seat(port, game, onState) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const play = (state) => {
      const decision = onState(state);
      if (decision === false) {
        ws.close();
        return resolve();
      }
      if (decision) ws.send(JSON.stringify({ type: "move", decision, ply: state.ply }));
    };
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", game: game.game, token: game.token }));
    ws.onmessage = (e) => {
      const m = JSON.parse(String(e.data));
      if (m.type === "snapshot") play(m.game.state);
      else if (m.state) play(m.state);
    };
    ws.onclose = () => resolve();
  });
}

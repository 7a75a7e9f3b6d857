#!/usr/bin/env node
// How many concurrent games against the level-8 AI at 10 s + 0 a server holds without the AI
// losing on time (issue 11, D2). Not a test: a benchmark, run by scripts/bench-ai-capacity.
//   node --experimental-websocket scripts/bench-ai-capacity.mjs PORT N [level] [base_ms]
// Creates N games (the bot White, the AI Black), answers every White turn at once with a
// random legal decision, and prints one line: games, finished, AI losses on time, refusals
// (ai_busy), the smallest clock the AI had left, and the wall time.
import { createAiGame, seat } from "./lib/bot.mjs";

const [port, n, level = "8", base = "10000"] = process.argv.slice(2).map(String);
const url = `http://127.0.0.1:${port}`;
const games = [];
let refused = 0;
for (let i = 0; i < Number(n); i++) {
  const clock = { base_ms: Number(base), increment_ms: 0 };
  const { status, game } = await createAiGame(url, { name: `bot${i}`, level: Number(level), clock });
  if (status === 503) refused++;
  else games.push(game);
}
const t0 = Date.now();
let aiTimeouts = 0;
let finished = 0;
let minAiLeft = Infinity;
await Promise.all(
  games.map((g) =>
    seat(port, g, (state) => {
      if (state.clocks && state.status === "active") minAiLeft = Math.min(minAiLeft, state.clocks.black_ms);
      if (state.status !== "active") {
        finished++;
        if (state.result?.reason === "timeout" && state.result?.winner === "white") aiTimeouts++;
        return false;
      }
      if (state.to_move === "white" && state.legal.length > 0)
        return state.legal[Math.floor(Math.random() * state.legal.length)];
      return null;
    }),
  ),
);
console.log(
  `games ${games.length} finished ${finished} ai_lost_on_time ${aiTimeouts} refused ${refused} ` +
    `min_ai_clock_ms ${minAiLeft === Infinity ? "-" : minAiLeft} wall_s ${((Date.now() - t0) / 1000).toFixed(1)}`,
);
process.exit(0);

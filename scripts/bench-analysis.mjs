#!/usr/bin/env node
// Game reports against live games (issue 14): how long the server's analysis pool takes for
// one report, and whether live games' AI answers as fast while reports run. Not a test: a
// benchmark, run by scripts/bench-analysis.
//   node --experimental-websocket scripts/bench-analysis.mjs PORT RECORD_FILE REPORTS DECISIONS
// 1. With REPORTS > 0: uploads REPORTS variants of RECORD_FILE at once (POST /api/reports; a
//    comment makes no variant: each drops a different number of final decisions) and prints
//    the time until each is ready (waiting at most REPORT_WAIT_S seconds, default 1800).
// 2. Meanwhile (or alone with REPORTS = 0) plays one untimed game against the level-5 AI
//    (White an instant bot whose seeded random choices make the same game every run, so the
//    AI searches the same positions) for DECISIONS of White's decisions, and prints the AI's
//    reply latency: from White's decision sent to the AI's decision received (median, p90,
//    max, in ms).
import { readFileSync } from "node:fs";

import { createAiGame, seat } from "./lib/bot.mjs";

const [port, recordFile, reports = "0", decisions = "30"] = process.argv.slice(2);
const url = `http://127.0.0.1:${port}`;
const record = readFileSync(recordFile, "utf8");

// The record with its last `drop` turns taken off (a different game for each upload).
function variant(drop) {
  const [head, moves] = record.split(/\n\n/);
  const turns = moves
    .trim()
    .split(/\s+/)
    .filter((t) => /^\d+\./.test(t));
  return `${head.replace(/\[Result "[^"]*"\]\n?/, "")}\n\n${turns.slice(0, turns.length - drop).join(" ")}\n`;
}

async function report(drop) {
  const t0 = Date.now();
  const up = await fetch(`${url}/api/reports`, { method: "POST", body: variant(drop) });
  const j = await up.json();
  if (up.status !== 202 && up.status !== 200) throw new Error(`upload: ${up.status} ${JSON.stringify(j)}`);
  for (;;) {
    const r = await fetch(`${url}/api/reports/${j.id}`);
    const body = await r.json();
    if (r.status === 200)
      return { ms: Date.now() - t0, decisions: body.report.decisions.length, searches: body.report.searches };
    if (r.status !== 202) throw new Error(`report: ${r.status} ${JSON.stringify(body)}`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

async function aiLatencies(count) {
  const { game } = await createAiGame(url, { name: "bot", level: 5 });
  const lat = [];
  let seed = 1; // the same game in every run: the AI searches the same positions
  let sentAt = 0;
  let lastPly = -1;
  await seat(port, game, (state) => {
    if (state.status !== "active" || lat.length >= count) return false;
    if (state.to_move !== "white" || state.ply === lastPly || state.legal.length === 0) return null;
    if (sentAt) lat.push(Date.now() - sentAt);
    lastPly = state.ply;
    seed = (seed * 1103515245 + 12345) % 2147483648;
    sentAt = Date.now();
    return state.legal[seed % state.legal.length];
  });
  lat.sort((a, b) => a - b);
  const q = (p) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))];
  return { n: lat.length, median: q(0.5), p90: q(0.9), max: lat[lat.length - 1] };
}

const waitS = Number(process.env.REPORT_WAIT_S ?? 1800);
const jobs = [];
for (let i = 0; i < Number(reports); i++)
  jobs.push(
    report(i).then((r) =>
      console.log(
        `report ${i + 1}: ${r.decisions} decisions, ${r.searches} positions searched, ${(r.ms / 1000).toFixed(1)} s`,
      ),
    ),
  );
const live = await aiLatencies(Number(decisions));
console.log(`AI replies while ${reports} reports run: ${JSON.stringify(live)}`);
const limit = new Promise((res) => setTimeout(() => res("limit"), waitS * 1000));
if ((await Promise.race([Promise.all(jobs), limit])) === "limit") console.log(`reports not all ready after ${waitS} s`);
process.exit(0);

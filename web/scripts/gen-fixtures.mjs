// Generates tests/fixtures/engine-games.json: random legal games played by the rules engine
// (`yinsh engine`), with the engine's position text after every decision. The unit tests
// replay the decisions in the browser code and compare. Run: node scripts/gen-fixtures.mjs
// [path to yinsh] (default ../build/yinsh). The fixture is committed; tests do not need it.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createInterface } from "node:readline";

const bin = process.argv[2] ?? process.env.YINSH_BIN ?? "../build/yinsh";
const eng = spawn(bin, ["engine"], { stdio: ["pipe", "pipe", "inherit"] });
const lines = createInterface({ input: eng.stdout });
const queue = [];
let waiting = null;
lines.on("line", (l) => {
  if (waiting) {
    const w = waiting;
    waiting = null;
    w(l);
  } else queue.push(l);
});
const next = () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => (waiting = r)));
const send = (s) => eng.stdin.write(`${s}\n`);

let seed = 12345;
const rand = (n) => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};

async function game(variant) {
  const decisions = [];
  const positions = [];
  for (;;) {
    const pos = `position startpos${variant === "blitz" ? " blitz" : ""}${decisions.length ? ` moves ${decisions.join(" ")}` : ""}`;
    send(pos);
    send("show");
    send("isready");
    let text = null;
    for (;;) {
      const l = await next();
      if (l === "readyok") break;
      const m = /^position (.*)$/.exec(l);
      if (m) text = m[1];
    }
    positions.push(text);
    send(pos);
    send("legal");
    const legal = (await next()).trim();
    if (!legal) break;
    const list = legal.split(" ");
    decisions.push(list[rand(list.length)]);
  }
  return { variant, decisions, positions };
}

const games = [];
for (let i = 0; i < 24; i++) games.push(await game(i % 6 === 5 ? "blitz" : "normal"));
send("quit");
writeFileSync(new URL("../tests/fixtures/engine-games.json", import.meta.url), `${JSON.stringify(games)}\n`);
for (const g of games) console.log(g.variant, g.decisions.length, g.positions.at(-1));

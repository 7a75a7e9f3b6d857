// An engine on the site through `yinsh bot` (issue 74): our engine at level 2, connected as the
// bot account Robo, accepts a rated challenge that an account sends from the lobby in the
// browser; the game is played to its end through the page (random legal decisions, by clicks),
// and both accounts' ratings move. The same with an engine that crashes after three decisions
// (the bridge starts it again and the game goes on to its end) and with one whose first
// process answers an illegal decision (the bot loses that game only: the next is played out).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { expect, type Page, test } from "./fixtures";
import { playToEnd, seeded } from "./play";
import { register } from "./players";
import { BIN, YinshServer } from "./server";

const server = new YinshServer();
const bots: ChildProcess[] = [];
const scratch = mkdtempSync(join(tmpdir(), "yinsh-bot-e2e-"));
test.beforeAll(async () => server.start());
// Each test's bridge and pages (playerPage) go with it: all connect from one address, which the
// server allows 32 connections.
test.afterEach(async () => {
  for (const b of bots.splice(0)) b.kill("SIGKILL");
});
test.afterAll(async () => server.dispose());

/** The bot account `name` (registered, a token with bot:play and challenge:write, upgraded by the
 * bridge) played by `engine` through `yinsh bot`; the bridge's log, as it grows. */
async function bridge(playerPage: () => Promise<Page>, name: string, engine: string): Promise<{ log: () => string }> {
  const owner = await playerPage(); // logged in as the bot account, to make its token
  await register(owner, server.url, name);
  const made = await owner.request.post(`${server.url}/api/account/tokens`, {
    data: { description: "engine", scopes: ["bot:play", "challenge:write"] },
  });
  expect(made.status()).toBe(201);
  const secret = (await made.json()).token.secret as string;
  let text = "";
  const bot = spawn(BIN, ["bot", "--server", server.url, "--token", secret, "--upgrade", "--engine", engine], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  bots.push(bot);
  bot.stderr?.on("data", (b: Buffer) => {
    text += b.toString();
  });
  await expect.poll(() => text, { timeout: 20_000 }).toContain(`playing as ${name} (bot)`);
  return { log: () => text };
}

/** A person `name`, registered and on the lobby in a page of its own. */
async function person(playerPage: () => Promise<Page>, name: string): Promise<Page> {
  const page = await playerPage();
  await register(page, server.url, name);
  await page.goto(server.url);
  await expect(page.getByTestId("account-menu")).toHaveText(name);
  return page;
}

/** From the lobby, `page` challenges the bot `name` (rated, 10 + 5) and is taken to the game. */
async function challenge(page: Page, name: string, log: () => string = () => ""): Promise<void> {
  await page.getByLabel("Seek clock").selectOption("600000+5000");
  await expect(page.getByLabel("Rated")).toBeChecked();
  const card = page.getByTestId("find-opponent");
  await card.getByLabel("Player's name").fill(name);
  await card.getByRole("button", { name: "Challenge" }).click();
  await expect(page, log()).toHaveURL(/\/game\/[a-z0-9]{12}$/, { timeout: 30_000 });
}

/** The stored state of the game on `page`. */
async function stored(page: Page): Promise<{
  ply: number;
  result: { reason?: string; winner?: string } | null;
  seats: Record<string, { name: string }>;
}> {
  const id = page.url().split("/").pop() ?? "";
  return (await (await page.request.get(`${server.url}/api/games/${id}`)).json()).state;
}

test("yinsh bot accepts a rated challenge from the browser and plays it to its end", async ({ playerPage }) => {
  test.setTimeout(300_000);
  const robo = await bridge(playerPage, "Robo", `${BIN} engine --level 2`);
  const ada = await person(playerPage, "Ada");
  await challenge(ada, "Robo");
  await expect(ada.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  expect(robo.log()).toContain("from Ada: accepted");

  await playToEnd(ada, () => "click", seeded(74));
  await expect(ada.getByTestId("game-page")).toHaveAttribute("data-status", "over");

  for (const name of ["Ada", "Robo"]) {
    const player = await (await ada.request.get(`${server.url}/api/players/${name}`)).json();
    const rated = (player.ratings as Array<{ games: number; rating: number }>).filter((r) => r.games > 0);
    expect(rated.length, `${name}: ${JSON.stringify(player.ratings)}`).toBe(1);
    expect(rated[0]?.rating, `${name}'s rating moved`).not.toBe(1500);
  }
  expect(robo.log()).not.toContain("resigning");
});

test("an engine that crashes after three decisions is started again and the game goes on to its end", async ({
  playerPage,
}) => {
  test.setTimeout(300_000);
  // The first process of this engine dies after its third decision; the ones after it live.
  const marker = join(scratch, "crashed");
  const script = join(scratch, "crashy.py");
  writeFileSync(
    script,
    [
      "import os, subprocess, sys, threading",
      `first = not os.path.exists(${JSON.stringify(marker)})`,
      `open(${JSON.stringify(marker)}, 'a').close()`,
      `p = subprocess.Popen([${JSON.stringify(BIN)}, 'engine', '--level', '1'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)`,
      "def out():",
      "    n = 0",
      "    for line in p.stdout:",
      "        if line.startswith('bestmove'):",
      "            n += 1",
      "            if first and n == 4:",
      "                os._exit(3)",
      "        sys.stdout.write(line); sys.stdout.flush()",
      "    os._exit(0)",
      "threading.Thread(target=out, daemon=True).start()",
      "for line in sys.stdin:",
      "    p.stdin.write(line); p.stdin.flush()",
      "",
    ].join("\n"),
  );
  const crashy = await bridge(playerPage, "Crashy", `python3 ${script}`);
  const bea = await person(playerPage, "Bea");
  await challenge(bea, "Crashy");
  await playToEnd(bea, () => "click", seeded(75));
  await expect(bea.getByTestId("game-page")).toHaveAttribute("data-status", "over");
  const state = await stored(bea);
  expect(state.result?.reason, crashy.log()).not.toBe("resign");
  expect(state.ply).toBeGreaterThanOrEqual(20);
  expect(crashy.log(), "the crash was not seen").toContain("the engine failed");
});

test("an engine that answers an illegal decision loses that game only", async ({ playerPage }) => {
  test.setTimeout(300_000);
  // The first process answers an illegal decision at once; the next one plays properly.
  const marker = join(scratch, "cheated");
  const script = join(scratch, "cheat.sh");
  writeFileSync(
    script,
    [
      `if [ -e ${marker} ]; then exec ${BIN} engine --level 1; fi`,
      `touch ${marker}`,
      'while read -r line; do case "$line" in',
      "  isready) echo readyok;; go*) echo 'bestmove k11';; quit) exit 0;; esac; done",
      "",
    ].join("\n"),
  );
  const cheat = await bridge(playerPage, "Cheat", `sh ${script}`);
  const cyra = await person(playerPage, "Cyra");
  // The first game: Cheat's illegal answer, at its first turn, resigns it (Cyra plays until then).
  await challenge(cyra, "Cheat", cheat.log);
  await playToEnd(cyra, () => "click", seeded(77));
  await expect(cyra.getByTestId("game-page")).toHaveAttribute("data-status", "over");
  const first = await stored(cyra);
  expect(first.result?.reason, cheat.log()).toBe("resign");
  expect(first.seats[first.result?.winner ?? ""]?.name).toBe("Cyra");
  expect(cheat.log()).toContain("illegal decision");
  // The next game is played to its end by the engine's next process.
  await cyra.goto(server.url);
  await challenge(cyra, "Cheat", cheat.log);
  await playToEnd(cyra, () => "click", seeded(76));
  await expect(cyra.getByTestId("game-page")).toHaveAttribute("data-status", "over");
  const second = await stored(cyra);
  expect(second.result?.reason, cheat.log()).not.toBe("resign");
  expect(second.ply).toBeGreaterThanOrEqual(20);
});

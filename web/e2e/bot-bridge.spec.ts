// An engine on the site through `yinsh bot` (issue 74): our engine at level 2, connected as the
// bot account Robo, accepts a rated challenge that an account sends from the lobby in the
// browser; the game is played to its end through the page (random legal decisions, by clicks),
// and both accounts' ratings move.
import { type ChildProcess, spawn } from "node:child_process";

import { expect, test } from "./fixtures";
import { playToEnd, seeded } from "./play";
import { BIN, YinshServer } from "./server";

const server = new YinshServer();
let bot: ChildProcess | null = null;
let botLog = "";
test.beforeAll(async () => server.start());
test.afterAll(async () => {
  bot?.kill("SIGKILL");
  await server.dispose();
});

test("yinsh bot accepts a rated challenge from the browser and plays it to its end", async ({ browser }) => {
  test.setTimeout(300_000);
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 860 } });
  const ada = await ctx.newPage();
  ada.on("pageerror", (e) => {
    throw e;
  });

  // Robo: an account, a token with bot:play and challenge:write, the upgrade; then the bridge.
  const robo = await browser.newContext();
  const reg = await robo.request.post(`${server.url}/api/account/register`, {
    data: { name: "Robo", password: "correct horse" },
  });
  expect(reg.status()).toBe(201);
  const made = await robo.request.post(`${server.url}/api/account/tokens`, {
    data: { description: "engine", scopes: ["bot:play", "challenge:write"] },
  });
  expect(made.status()).toBe(201);
  const secret = (await made.json()).token.secret as string;
  bot = spawn(
    BIN,
    ["bot", "--server", server.url, "--token", secret, "--upgrade", "--engine", `${BIN} engine --level 2`],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  bot.stderr?.on("data", (b: Buffer) => {
    botLog += b.toString();
  });
  await expect.poll(() => botLog, { timeout: 20_000 }).toContain("playing as Robo (bot)");

  // Ada registers (the page's context keeps her cookie) and challenges Robo, rated, 10 + 5.
  const regAda = await ada.request.post(`${server.url}/api/account/register`, {
    data: { name: "Ada", password: "correct horse" },
  });
  expect(regAda.status()).toBe(201);
  await ada.goto(server.url);
  await expect(ada.getByTestId("account-menu")).toHaveText("Ada");
  await ada.getByLabel("Seek clock").selectOption("600000+5000");
  await expect(ada.getByLabel("Rated")).toBeChecked();
  const card = ada.getByTestId("find-opponent");
  await card.getByLabel("Player's name").fill("Robo");
  await card.getByRole("button", { name: "Challenge" }).click();
  await expect(ada).toHaveURL(/\/game\/[a-z0-9]{12}$/, { timeout: 30_000 });
  await expect(ada.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  expect(botLog).toContain("from Ada: accepted");

  await playToEnd(ada, () => "click", seeded(74));
  await expect(ada.getByTestId("game-page")).toHaveAttribute("data-status", "over");

  for (const name of ["Ada", "Robo"]) {
    const player = await (await ada.request.get(`${server.url}/api/players/${name}`)).json();
    const rated = (player.ratings as Array<{ games: number; rating: number }>).filter((r) => r.games > 0);
    expect(rated.length, `${name}: ${JSON.stringify(player.ratings)}`).toBe(1);
    expect(rated[0]?.rating, `${name}'s rating moved`).not.toBe(1500);
  }
  expect(botLog).not.toContain("resigning");
});

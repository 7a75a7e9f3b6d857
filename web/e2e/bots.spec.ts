// A bot account in the browser: an account upgraded with an API token (bot:play) reads BOT
// on its player page and in the player bar of its games; an account that is no bot does not.

import { expect, test } from "./fixtures";
import { YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

test("an upgraded account shows BOT on its player page", async ({ page, playwright }) => {
  const api = await playwright.request.newContext({ baseURL: server.url });
  for (const name of ["Robo", "Hugo"])
    expect((await api.post("/api/account/register", { data: { name, password: "correct horse" } })).status()).toBe(201);
  // The context holds Hugo's cookie now; Robo logs in again for its token.
  await api.post("/api/account/login", { data: { name: "Robo", password: "correct horse" } });
  const made = await api.post("/api/account/tokens", { data: { description: "engine", scopes: ["bot:play"] } });
  expect(made.status()).toBe(201);
  const secret = (await made.json()).token.secret as string;
  const up = await api.post("/api/bot/account/upgrade", { headers: { Authorization: `Bearer ${secret}` } });
  expect(up.status()).toBe(200);

  await page.goto(`${server.url}/@/Robo`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("BOT Robo");
  await expect(page.getByTestId("bot-badge")).toBeVisible();
  await page.goto(`${server.url}/@/Hugo`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hugo");
  await expect(page.getByTestId("bot-badge")).toHaveCount(0);

  // Robo's game against the AI (made from its session): its player bar reads BOT before its name, the AI's does not.
  const game = await api.post("/api/games", { data: { color: "white", opponent: { type: "ai", level: 1 } } });
  expect(game.status()).toBe(201);
  await page.goto(`${server.url}/game/${(await game.json()).game}`);
  await expect(page.getByTestId("player-white")).toContainText("Robo");
  await expect(page.getByTestId("bot-white")).toHaveText("BOT");
  await expect(page.getByTestId("player-black")).toContainText("Computer");
  await expect(page.getByTestId("bot-black")).toHaveCount(0);
  await api.dispose();
});

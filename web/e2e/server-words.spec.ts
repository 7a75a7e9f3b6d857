// What the server says reaches a Polish player in Polish: refusals and chat answers worded by
// their code (docs/api.md, section 5), the default guest name, the offline computer's levels,
// and a lobby whose server cannot be reached.

import { CATALOGUE, t } from "../src/i18n";
import { expect, test } from "./fixtures";
import { YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

const say = CATALOGUE.pl;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("yinsh.lang", "pl"));
});

test("the server's refusals, the chat's answers and the guest's name in Polish", async ({ page }) => {
  await page.goto(`${server.url}/account`);
  const register = page.getByTestId("register-form");
  await register.getByLabel(say["account.name"]).fill("a!");
  await register.getByLabel(say["account.password"]).fill("correct horse");
  await register.getByRole("button", { name: say["account.register"] }).click();
  await expect(register.getByRole("alert")).toHaveText(say["server.bad_name"]);

  await page.goto(server.url);
  await page.getByLabel(say["form.white_starts"]).check();
  await page.getByRole("button", { name: say["lobby.create"] }).click();
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  // The server names a guest who gave no name "Guest"; the page says it in Polish.
  await expect(page.getByTestId("game-page")).toContainText(say["seat.guest"]);
  await expect(page.getByTestId("game-page")).not.toContainText("Guest");

  const chat = page.getByLabel(say["chat.label"]);
  await chat.fill("/help");
  await chat.press("Enter");
  await expect(page.locator(".chat-lines")).toContainText(say["server.help"]);
  await chat.fill("/fly high");
  await chat.press("Enter");
  await expect(page.getByTestId("error")).toContainText(t("server.unknown_command", { command: "/fly" }, "pl"));
});

test("the offline computer's levels in Polish", async ({ page }) => {
  await page.goto(`${server.url}/offline`);
  const level = page.getByLabel(say["form.level"]);
  await expect(level.locator("option")).toHaveCount(9);
  await expect(level.locator("option").nth(4)).toHaveText(`4: ${say["level.engine_4"]}`);
  await expect(level.locator("option").nth(8)).toHaveText(`8: ${say["level.engine_8"]}`);
});

test("a lobby without its server says so in Polish", async ({ page }) => {
  await page.route("**/api/**", (route) => route.abort());
  await page.routeWebSocket(/\/ws/, (ws) => ws.close());
  await page.goto(server.url);
  await expect(page.getByTestId("error")).toContainText(say["error.network"]);
  await expect(page.getByTestId("open-games")).toHaveText(say["lobby.unavailable"]);
  await expect(page.getByTestId("lobby-state")).toHaveText(say["seek.unreachable"]);
  // The computer's levels keep their names (the server's eight), not "Level 1" to "Level 6".
  const levels = page.locator("form.create").getByLabel(say["form.level"]).locator("option");
  await expect(levels).toHaveCount(8);
  await expect(levels.nth(0)).toHaveText(`1. ${say["level.Beginner"]}`);
  await expect(levels.nth(7)).toHaveText(`8. ${say["level.Grandmaster"]}`);
  // And points to what still works: the computer in the browser.
  await page.getByTestId("offline-hint").getByRole("link", { name: say["nav.offline"] }).click();
  await expect(page).toHaveURL(/\/offline$/);
  await expect(page.getByLabel(say["form.level"])).toBeVisible();
});

test("a nameless spectator's chat line in Polish", async ({ page, browser }) => {
  await page.goto(server.url);
  await page.getByLabel(say["form.white_starts"]).check();
  await page.getByRole("button", { name: say["lobby.create"] }).click();
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  const ctx = await browser.newContext();
  try {
    const watcher = await ctx.newPage();
    await watcher.addInitScript(() => localStorage.setItem("yinsh.lang", "pl"));
    await watcher.goto(page.url());
    const chat = watcher.getByLabel(say["chat.label"]);
    await chat.fill("cześć");
    await chat.press("Enter");
    // The server names the writer "Spectator"; each page says it in its language.
    for (const p of [watcher, page]) {
      await expect(p.locator(".chat-lines")).toContainText(`${say["seat.spectator"]}: cześć`);
      await expect(p.locator(".chat-lines")).not.toContainText("Spectator");
    }
  } finally {
    await ctx.close();
  }
});

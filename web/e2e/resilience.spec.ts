// Resilience: the server goes away mid-game and comes back; the page reconnects by itself
// and restores the state. A tab that was hidden catches up. Server errors are shown plainly.
import { expect, type Page, test } from "./fixtures";
import { act, boardInfo, seeded, waitPly, waitTurnOrEnd } from "./play";
import { YinshServer } from "./server";

const server = new YinshServer();

// Both tabs show the same ply. Read together and retried: the AI may answer in between, so a
// ply read once from one tab is no fixed target for the other.
async function expectSamePly(a: Page, b: Page) {
  const ply = (p: Page) => p.getByTestId("game-page").getAttribute("data-ply");
  await expect
    .poll(async () => {
      const [x, y] = await Promise.all([ply(a), ply(b)]);
      return x !== null && x === y;
    })
    .toBe(true);
}
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

test("reconnects after the server restarts and keeps playing", async ({ page }) => {
  await page.goto(server.url);
  await page.getByLabel("White (starts)").check();
  await page.getByLabel("Time control").selectOption("none");
  await page.getByRole("button", { name: "Create game" }).click();
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  const rnd = seeded(11);
  for (let i = 0; i < 3; i++) {
    await waitTurnOrEnd(page);
    const { ply } = await boardInfo(page);
    await act(page, "click", rnd);
    await waitPly(page, ply);
  }
  await waitTurnOrEnd(page);
  const before = await boardInfo(page);
  const pieces = await page.locator(".yb-pieces .yb-piece").count();

  await server.stop();
  await expect(page.getByTestId("reconnecting")).toBeVisible({ timeout: 10000 });
  await server.start(server.port);
  await expect(page.getByTestId("reconnecting")).toBeHidden({ timeout: 20000 });
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-ply", String(before.ply));
  await expect(page.locator(".yb-pieces .yb-piece")).toHaveCount(pieces);
  // Still seated (the token survived the restart): we can go on playing.
  await waitTurnOrEnd(page);
  await act(page, "click", rnd);
  await waitPly(page, before.ply);
  // Against the AI an undo is done at once: our last turn (and the AI's reply) go back.
  await waitTurnOrEnd(page);
  const now = (await boardInfo(page)).ply;
  await page.getByRole("button", { name: "Undo" }).click();
  await waitPly(page, now);
  expect((await boardInfo(page)).ply).toBeLessThan(now);
});

test("a second tab of the same seat stays in step, and errors are shown plainly", async ({ page, context }) => {
  await page.goto(server.url);
  await page.getByLabel("White (starts)").check();
  await page.getByRole("button", { name: "Create game" }).click();
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  const url = page.url();
  // The same player opens the game in another tab (same storage: same seat).
  const other = await context.newPage();
  await other.goto(url);
  await expect(other.getByTestId("player-white")).toContainText("you");
  const rnd = seeded(5);
  await waitTurnOrEnd(page);
  const { ply } = await boardInfo(page);
  await act(page, "click", rnd);
  await waitPly(page, ply);
  // The other tab, which did nothing, shows the same decisions.
  await expectSamePly(page, other);
  // A stale tab: the other tab is frozen (as a browser does to background tabs) while the
  // game goes on, then woken: it catches up with the decisions it missed.
  const cdp = await other.context().newCDPSession(other);
  await cdp.send("Page.setWebLifecycleState", { state: "frozen" });
  for (let i = 0; i < 2; i++) {
    await waitTurnOrEnd(page);
    const before = (await boardInfo(page)).ply;
    await act(page, "click", rnd);
    await waitPly(page, before);
  }
  await cdp.send("Page.setWebLifecycleState", { state: "active" });
  await other.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expectSamePly(page, other);
  await cdp.detach();
  // An unknown chat command: the server's error is shown as it says it.
  await other.getByLabel("Chat message or /command").fill("/fly");
  await other.getByLabel("Chat message or /command").press("Enter");
  await expect(other.getByTestId("error")).toBeVisible();
  await expect(other.getByTestId("error")).toContainText(/fly|unknown/i);
  // Resign (after confirming): the game ends at once for both tabs.
  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "Resign" }).click();
  for (const p of [page, other]) await expect(p.getByTestId("status")).toContainText("by resignation");
  // A game that does not exist.
  await other.goto(`${server.url}/game/zzzzzzzzzzzz`);
  await expect(other.getByTestId("error")).toContainText(/no such game|not found/i);
});

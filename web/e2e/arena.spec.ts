// An arena from the web (docs/api.md 2.7): one player creates it from /tournaments to start at
// once for 20 minutes, both join from its page and are taken to the same game without a click;
// one berserks (their clock halves), the other resigns; the standings give the winner its
// points and both are paired again into a new game, again without a click. The list and the
// arena's page pass axe, for a player and for a guest in the dark scheme.

import { expectAccessible } from "./axe";
import { expect, type Page, test } from "./fixtures";
import { accountPage, GAME, gameId } from "./players";
import { YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

async function seatOf(page: Page, game: string, name: string): Promise<"white" | "black"> {
  const r = await page.request.get(`${server.url}/api/games/${game}`);
  expect(r.ok()).toBe(true);
  const g = await r.json();
  expect(g.tournament, "the game's view names its arena").toBeTruthy();
  return g.state.seats.white.name === name ? "white" : "black";
}

test("an arena: created, joined, games paired one after another without a click", async ({ browser }) => {
  test.setTimeout(120_000);
  const ann = await accountPage(browser, server.url, "ann");
  const ben = await accountPage(browser, server.url, "ben");

  await ann.goto(`${server.url}/tournaments`);
  await expect(ann.getByRole("heading", { level: 1 })).toHaveText("Tournaments");
  const form = ann.getByTestId("arena-form");
  await form.getByLabel("Name").fill("Monday arena");
  await form.getByLabel("Minutes per player").fill("3");
  await form.getByLabel("Increment in seconds").fill("2");
  await form.getByLabel("Duration in minutes").fill("20");
  await form.getByLabel("Starts in (minutes)").fill("0");
  await expectAccessible(ann, "the tournaments page with its form");
  await form.getByRole("button", { name: "Create the tournament" }).click();
  await expect(ann).toHaveURL(/\/tournament\/[a-z0-9]+$/);
  const arenaUrl = ann.url();
  const arenaId = arenaUrl.split("/").pop() as string;
  await expect(ann.getByRole("heading", { level: 1 })).toHaveText("Monday arena");
  await expect(ann.getByTestId("arena-page")).toHaveAttribute("data-status", "running");
  await expect(ann.getByTestId("arena-countdown")).toHaveText(/^Ends in (19|20):\d\d$/);
  await expectAccessible(ann, "an arena's page, running, nobody joined");

  // The list shows it among the running arenas, linked.
  await ben.goto(`${server.url}/tournaments`);
  await ben.getByTestId("arenas-running").getByRole("link", { name: "Monday arena" }).click();
  await expect(ben).toHaveURL(arenaUrl);

  await ann.getByRole("button", { name: "Join", exact: true }).click();
  await ben.getByRole("button", { name: "Join", exact: true }).click();
  // Paired within a wave or two: both pages go to the same game by themselves.
  await expect(ann).toHaveURL(GAME, { timeout: 15000 });
  await expect(ben).toHaveURL(GAME, { timeout: 15000 });
  const first = gameId(ann);
  expect(gameId(ben)).toBe(first);
  for (const p of [ann, ben]) {
    await expect(p.getByTestId("game-page")).toHaveAttribute("data-status", "active");
    await expect(p.getByTestId("back-to-arena")).toHaveAttribute("href", `/tournament/${arenaId}`);
  }

  // Ann berserks before her first decision: her clock halves, and the button goes.
  const annSide = await seatOf(ann, first, "ann");
  await expect(ann.getByTestId(`clock-${annSide}`)).toHaveText(/^(3:00|2:5\d)$/);
  await ann.getByTestId("berserk").click();
  await expect(ann.getByTestId("berserked")).toBeVisible();
  await expect(ann.getByTestId("berserk")).toHaveCount(0);
  await expect(ann.getByTestId(`clock-${annSide}`)).toHaveText(/^1:(30|2\d)$/);
  await expect(ben.getByTestId(`clock-${annSide}`)).toHaveText(/^1:(30|2\d)$/);

  // Ben resigns: Ann wins (2 points; the berserk point needs 14 decisions of her own).
  ben.once("dialog", (d) => d.accept());
  await ben.getByRole("button", { name: "Resign" }).click();
  // The finished game's pages follow both players into their next game of the arena.
  await expect.poll(() => new URL(ann.url()).pathname, { timeout: 15000 }).not.toBe(`/game/${first}`);
  await expect.poll(() => new URL(ben.url()).pathname, { timeout: 15000 }).not.toBe(`/game/${first}`);
  await expect(ann).toHaveURL(GAME);
  const second = gameId(ann);
  expect(gameId(ben)).toBe(second);
  await expect(ann.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  await expect(ann.getByTestId("berserk"), "Berserk again in the new game").toBeVisible();
  // The pairings came as tournament_game notices too: the bell lists them.
  await ben.getByTestId("bell").click();
  await expect(ben.getByTestId("bell-item").first()).toHaveText(/^Your next arena game against ann/);
  await ben.keyboard.press("Escape");

  // Back on the arena's page: the standings, the sheet's mark and both games.
  await ann.getByTestId("back-to-arena").click();
  await expect(ann).toHaveURL(arenaUrl);
  const standings = ann.getByTestId("standings");
  const annRow = standings.locator('[data-testid=standing][data-name="ann"]');
  await expect(annRow).toHaveAttribute("data-points", /^[23]$/);
  await expect(standings.locator('[data-testid=standing][data-name="ben"]')).toHaveAttribute("data-points", "0");
  await expect(standings.getByTestId("standing").first()).toHaveAttribute("data-name", "ann");
  await expect(annRow.getByTestId("sheet-mark")).toHaveCount(1);
  await expect(ann.getByTestId("pairings").getByRole("link")).toHaveCount(2);
  // Ann's game in play is a link; the page stays (she left that game on purpose).
  await expect(ann.getByTestId("arena-my-game")).toHaveAttribute("href", `/game/${second}`);
  await expect(ann.getByRole("button", { name: "Withdraw" })).toBeVisible();
  await expectAccessible(ann, "an arena's page with standings");

  // A guest in the dark scheme: the list and the arena, with a link to log in.
  const guestCtx = await browser.newContext({ colorScheme: "dark", viewport: { width: 1200, height: 860 } });
  const guest = await guestCtx.newPage();
  await guest.goto(`${server.url}/tournaments`);
  await expect(guest.getByTestId("arena-row")).toHaveCount(1);
  await expect(guest.getByRole("link", { name: "Log in to create a tournament" })).toBeVisible();
  await expectAccessible(guest, "the tournaments page, a guest, dark");
  await guest.goto(arenaUrl);
  await expect(guest.getByTestId("arena-login")).toHaveText("Log in to join");
  await expect(guest.getByTestId("standing")).toHaveCount(2);
  await expect(guest.locator("h1")).toHaveCount(1);
  await expectAccessible(guest, "an arena's page, a guest, dark");

  // Ann's player page lists the arena with her place in it.
  await guest.goto(`${server.url}/@/ann`);
  const mine = guest.getByTestId("player-arenas");
  await expect(mine.getByRole("link", { name: "Monday arena" })).toHaveAttribute(
    "href",
    arenaUrl.replace(server.url, ""),
  );
  await expect(mine).toContainText(/1\. of 2 · [23] points/);
  await expectAccessible(guest, "a player's page with an arena, a guest, dark");

  await guestCtx.close();
  await ann.context().close();
  await ben.context().close();
});

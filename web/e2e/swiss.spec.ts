// A Swiss event from the web (docs/api.md 2.7): one player creates it from /tournaments with an
// entry code, two rounds, starting at once; a wrong code is refused with the reason, the right
// one lets both in; the second player's joining pairs round 1 and both are taken to the game
// without a click; after a resignation and the pause, round 2 pairs them again with the colours
// swapped, and after its end the event is finished: the table's marks and points, the podium,
// and a chat line read by the other player as written (as text). The page passes axe.

import { expectAccessible } from "./axe";
import { expect, type Page, test } from "./fixtures";
import { accountPage, GAME, gameId } from "./players";
import { YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

async function whiteOf(page: Page, game: string): Promise<string> {
  const r = await page.request.get(`${server.url}/api/games/${game}`);
  expect(r.ok()).toBe(true);
  return (await r.json()).state.seats.white.name;
}

async function resign(page: Page) {
  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "Resign" }).click();
}

test("a Swiss event: an entry code, two rounds paired one after the other, a finished table", async ({ browser }) => {
  test.setTimeout(120_000);
  const ann = await accountPage(browser, server.url, "sue");
  const ben = await accountPage(browser, server.url, "tom");

  await ann.goto(`${server.url}/tournaments`);
  const form = ann.getByTestId("arena-form");
  await form.getByTestId("kind-swiss").check();
  await form.getByLabel("Name").fill("Club Swiss");
  await form.getByLabel("Minutes per player").fill("3");
  await form.getByLabel("Increment in seconds").fill("2");
  await form.getByLabel("Rounds", { exact: true }).fill("2");
  await form.getByLabel("Starts in (minutes)").fill("0");
  await form.getByLabel("Entry code (optional)").fill("club night");
  await form.getByRole("button", { name: "Create the tournament" }).click();
  await expect(ann).toHaveURL(/\/tournament\/[a-z0-9]+$/);
  const eventUrl = ann.url();
  await expect(ann.getByRole("heading", { level: 1 })).toHaveText("Club Swiss");
  await expect(ann.getByTestId("swiss-round")).toHaveText("Round 0 of 2.");
  await expect(ann.getByTestId("arena-conditions")).toHaveText("Joining needs an entry code");

  // Ann joins with the code; Ben first with a wrong one (refused, with the reason), then right.
  await ann.getByLabel("Entry code").fill("club night");
  await ann.getByRole("button", { name: "Join", exact: true }).click();
  await expect(ann.getByRole("button", { name: "Withdraw" })).toBeVisible();
  await ben.goto(eventUrl);
  await ben.getByLabel("Entry code").fill("club day");
  await ben.getByRole("button", { name: "Join", exact: true }).click();
  await expect(ben.getByRole("alert")).toContainText("not this tournament's entry code");
  await ben.getByLabel("Entry code").fill("club night");
  await ben.getByRole("button", { name: "Join", exact: true }).click();

  // Round 1 is paired at once: both pages go to the same game by themselves. No berserk here.
  await expect(ann).toHaveURL(GAME, { timeout: 15000 });
  await expect(ben).toHaveURL(GAME, { timeout: 15000 });
  const first = gameId(ann);
  expect(gameId(ben)).toBe(first);
  await expect(ann.getByTestId("back-to-arena")).toBeVisible();
  await expect(ann.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  await expect(ann.getByTestId("berserk")).toHaveCount(0);
  const white1 = await whiteOf(ann, first);

  // Ben resigns; after the pause round 2 pairs them again, colours swapped, still without a click.
  await resign(ben);
  await expect.poll(() => new URL(ann.url()).pathname, { timeout: 30000 }).not.toBe(`/game/${first}`);
  await expect.poll(() => new URL(ben.url()).pathname, { timeout: 30000 }).not.toBe(`/game/${first}`);
  const second = gameId(ann);
  expect(gameId(ben)).toBe(second);
  expect(await whiteOf(ann, second)).not.toBe(white1);
  await expect(ann.getByTestId("game-page")).toHaveAttribute("data-status", "active");

  // Ann resigns round 2: the event is over. The table: one win and one loss each.
  await resign(ann);
  await ann.getByTestId("back-to-arena").click();
  await expect(ann).toHaveURL(eventUrl);
  await expect(ann.getByTestId("arena-page")).toHaveAttribute("data-status", "finished", { timeout: 15000 });
  const table = ann.getByTestId("standings");
  for (const name of ["sue", "tom"]) {
    const row = table.locator(`[data-testid=standing][data-name="${name}"]`);
    await expect(row).toHaveAttribute("data-points", "1");
    await expect(row.getByTestId("swiss-cell")).toHaveCount(2);
  }
  const sue = table.locator('[data-testid=standing][data-name="sue"]').getByTestId("swiss-cell");
  await expect(sue.nth(0)).toHaveAttribute("data-result", "win");
  await expect(sue.nth(1)).toHaveAttribute("data-result", "loss");
  await expect(ann.getByTestId("podium")).toBeVisible();
  await expect(ann.getByTestId("swiss-board")).toHaveCount(1);

  // The tournament's chat: Sue writes, Tom reads it on his page of the event.
  await ann.getByLabel("Your message").fill("gg <b>tom</b>");
  await ann.getByRole("button", { name: "Send" }).click();
  await expect(ann.getByTestId("chat-line")).toHaveCount(1);
  await ben.goto(eventUrl);
  await expect(ben.getByTestId("chat-line")).toContainText("sue: gg <b>tom</b>");
  await expectAccessible(ann, "a finished Swiss event's page");
});

// The rating graph on a player page: after one rated game a dot with the game's date (not an
// empty box), after two a line through two dots with the first and last dates below.
import { type Browser, expect, type Page, test } from "./fixtures";
import { YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

async function registered(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1200, height: 860 } })).newPage();
  page.on("dialog", (d) => d.accept());
  await page.goto(`${server.url}/account`);
  const register = page.getByTestId("register-form");
  await register.getByLabel("Name").fill(name);
  await register.getByLabel("Password").fill("correct horse");
  await register.getByRole("button", { name: "Register" }).click();
  await expect(page.getByTestId("account-menu")).toHaveText(name);
  return page;
}

/** A rated game through a seek, which the seeker resigns at once. */
async function ratedGame(seeker: Page, other: Page): Promise<void> {
  await seeker.goto(server.url);
  await other.goto(server.url);
  await seeker.getByLabel("Seek clock").selectOption("600000+5000");
  await seeker.getByRole("button", { name: "Post a seek" }).click();
  await other.getByTestId("seek-other").getByRole("button", { name: "Play" }).click();
  for (const p of [seeker, other]) await expect(p.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  await seeker.getByRole("button", { name: "Resign" }).click();
  for (const p of [seeker, other]) await expect(p.getByTestId("game-page")).toHaveAttribute("data-status", "over");
}

test("the rating graph shows a dot and a date per rated game", async ({ browser }) => {
  const gail = await registered(browser, "Gail");
  const hugo = await registered(browser, "Hugo");
  const today = new Date().toLocaleDateString("en-US", { day: "numeric", month: "short" });

  await ratedGame(gail, hugo);
  await gail.goto(`${server.url}/@/Gail`);
  const graph = gail.getByTestId("rating-graph");
  await expect(graph.getByTestId("graph-dot")).toHaveCount(1);
  await expect(graph.getByTestId("graph-first-date")).toHaveText(today);
  await expect(graph.locator("circle title")).toHaveText(/: \d+$/);
  // Drawn at a sensible size: not a page-wide box with labels taller than a line of text.
  const box = await graph.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(481);
  const label = await graph.locator("text").first().boundingBox();
  expect(label?.height ?? 99).toBeLessThan(20);

  await ratedGame(hugo, gail);
  await gail.goto(`${server.url}/@/Gail`);
  await expect(graph.getByTestId("graph-dot")).toHaveCount(2);
  await expect(graph.locator("path")).toHaveCount(1);
  await expect(graph.getByTestId("graph-last-date")).toHaveText(today);
});

// Two accounts play a rated game through a seek (issue 13): each registers in its own browser,
// one posts a rated seek (shown with its rating, "1500?"), the other accepts it with one
// click, the game is played to its end (a resignation), and both player pages then show the
// new ratings (no longer 1500) and the game. A challenge (its colour chosen: Black) reaches
// an account on its game page and is accepted there. No timing assertions: every wait is an
// expect with the config's generous timeout.

import { expectAccessible } from "./axe";
import { type Browser, expect, type Page, test } from "./fixtures";
import { YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

async function registered(browser: Browser, name: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 860 } });
  const page = await ctx.newPage();
  page.on("pageerror", (e) => {
    throw e;
  });
  page.on("dialog", (d) => d.accept()); // "Resign this game?"
  await page.goto(`${server.url}/account`);
  const register = page.getByTestId("register-form");
  await register.getByLabel("Name").fill(name);
  await register.getByLabel("Password").fill("correct horse");
  await register.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByTestId("account-menu")).toHaveText(name);
  await expect(page.getByRole("button", { name: "Post a seek" })).toBeVisible();
  return page;
}

test("two accounts play a rated game through a seek and both player pages show it", async ({ browser }) => {
  test.setTimeout(240_000);
  const rhea = await registered(browser, "Rhea");
  const sven = await registered(browser, "Sven");

  await rhea.getByLabel("Seek clock").selectOption("600000+5000");
  await expect(rhea.getByLabel("Rated")).toBeChecked(); // an account's seeks are rated by default
  await rhea.getByRole("button", { name: "Post a seek" }).click();
  await expect(rhea.getByTestId("seek-mine")).toContainText("Rhea (1500?)");
  await expectAccessible(rhea, "the lobby of an account with its rated seek");

  const row = sven.getByTestId("seek-other");
  await expect(row).toContainText("Rhea (1500?)");
  await expect(row).toContainText("10 min + 5 s · rated");
  await row.getByRole("button", { name: "Play" }).click();

  for (const p of [rhea, sven]) {
    await expect(p).toHaveURL(/\/game\/[a-z0-9]{12}$/);
    await expect(p.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  }
  expect(rhea.url()).toBe(sven.url());
  const id = rhea.url().split("/").pop() as string;

  await rhea.getByRole("button", { name: "Resign" }).click();
  for (const p of [rhea, sven]) await expect(p.getByTestId("game-page")).toHaveAttribute("data-status", "over");

  for (const [page, name] of [
    [rhea, "Rhea"],
    [sven, "Sven"],
  ] as const) {
    await page.goto(`${server.url}/@/${name}`);
    const ratings = page.getByTestId("player-ratings");
    await expect(ratings).toContainText("Rapid"); // the category by its translated name
    await expect(ratings.locator("td").first()).not.toHaveText(/^1500\??$/);
    // The row of the game (its outcome links to the replay, each name to its player's page).
    const replay = page.locator(`a[href="/replay/${id}"]`);
    const game = page.getByTestId("player-games").getByTestId("player-game").filter({ has: replay });
    await expect(game.locator('a[href="/@/Rhea"]')).toHaveCount(1);
    await expect(game).toContainText("Rhea");
    await expect(game).toContainText("Sven");
  }
  // The winner gained, the loser lost.
  const rating = async (p: Page) =>
    Number.parseInt((await p.getByTestId("player-ratings").locator("td").first().textContent()) ?? "", 10);
  const [r, s] = [await rating(rhea), await rating(sven)];
  expect(r).toBeLessThan(1500);
  expect(s).toBeGreaterThan(1500);
});

test("a challenge as Black reaches an account on its game page, which accepts it: the challenger is Black", async ({
  browser,
}) => {
  const ada = await registered(browser, "Ada");
  const bo = await registered(browser, "Bo_rg");
  // Bo is in a game against the computer (no lobby on that page).
  await bo.getByLabel("Computer").check();
  await bo.getByLabel("Level").selectOption("1");
  await bo.getByLabel("Time control").selectOption("none");
  await bo.getByRole("button", { name: "Create game" }).click();
  await expect(bo).toHaveURL(/\/game\/[a-z0-9]{12}$/);
  await expect(bo.getByTestId("game-page")).toBeVisible();
  const first = bo.url();

  const card = ada.getByTestId("find-opponent");
  await card.getByLabel("Player's name").fill("nobody_here");
  await card.getByRole("button", { name: "Challenge" }).click();
  await expect(ada.getByRole("alert")).toContainText("There is no player named nobody_here");
  await card.getByLabel("Player's name").fill("bo_RG");
  await expect(card.getByLabel("Your colour")).toHaveValue("random"); // drawn when the game is made, unless chosen
  await card.getByLabel("Your colour").selectOption({ label: "Black" });
  await card.getByRole("button", { name: "Challenge" }).click();
  await expect(ada.getByTestId("challenge-out")).toContainText("Bo_rg");
  await expect(ada.getByTestId("challenge-out")).toContainText("you play Black");

  const notice = bo.getByTestId("challenge-in");
  await expect(notice).toContainText("Ada (1500?) challenges you");
  await expect(notice).toContainText("rated");
  await expect(notice).toContainText("you play White");
  await notice.getByRole("button", { name: "Accept" }).click();
  await expect(bo).not.toHaveURL(first);
  await expect(bo).toHaveURL(/\/game\/[a-z0-9]{12}$/);
  await expect(ada).toHaveURL(bo.url());
  for (const p of [ada, bo]) await expect(p.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  // Ada asked for Black: she has it, on her page, on Bo's and in the game's record.
  await expect(ada.getByTestId("player-black")).toContainText("you");
  await expect(bo.getByTestId("player-white")).toContainText("you");
  await expect(bo.getByTestId("player-black")).toContainText("Ada");
  const game = await (await ada.request.get(`${server.url}/api/games/${ada.url().split("/").pop()}`)).json();
  expect(game.state.seats.black.name).toBe("Ada");
  expect(game.state.seats.white.name).toBe("Bo_rg");
});

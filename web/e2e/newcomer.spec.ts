// One test per layout and accessibility defect a new player met (issue 71): the phone
// header, the current move's contrast in dark mode, the game page's level-one heading.
// e2e/layouts.spec.ts then checks every page at every layout; these name each defect.
import { expect, type Page, test } from "./fixtures";
import { boardInfo, waitPly } from "./play";
import { YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());
test.use({ locale: "en-GB" });

async function box(page: Page, sel: string) {
  const b = await page.locator(sel).first().boundingBox();
  if (!b) throw new Error(`${sel} has no box`);
  return { x: b.x, right: b.x + b.width };
}

test("at 390x844 Log in keeps clear of the logo", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(server.url);
  const brand = await box(page, "header.top .brand");
  const login = await box(page, "[data-testid=account-menu]");
  expect(login.x - brand.right, "space between the brand and Log in").toBeGreaterThanOrEqual(4);
});

test("at 844x390 every page link, Leaderboard too, can be reached and is in view", async ({ page }) => {
  await page.setViewportSize({ width: 844, height: 390 });
  await page.goto(server.url);
  const menu = page.getByTestId("menu-button");
  if (await menu.isVisible()) await menu.click();
  const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboard" });
  await expect(link).toBeVisible();
  const b = await link.boundingBox();
  const nav = await page.locator("header.top nav").boundingBox();
  expect(b && nav && b.x >= nav.x && b.x + b.width <= nav.x + nav.width, "inside its nav, not scrolled off").toBe(true);
  const login = await box(page, "[data-testid=account-menu]");
  const tools = await box(page, "header.top .header-tools");
  expect(tools.x - login.right, "space between Log in and the language select").toBeGreaterThanOrEqual(4);
});

/** A game against the computer, playing White, its board waiting for a ring. */
async function aiGame(page: Page): Promise<void> {
  await page.goto(server.url);
  await page.getByLabel("White (starts)").check();
  await page.getByRole("button", { name: "Create game" }).click();
  await expect(page.locator(".yb-board")).toHaveAttribute("data-mode", "place");
}

test("the game page has a level-one heading", async ({ page }) => {
  await aiGame(page);
  await expect(page.locator("h1")).toHaveCount(1);
});

test("in dark mode the current move reads at a contrast of 4.5 or more", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await aiGame(page);
  await page.getByLabel("Type a decision").fill((await boardInfo(page)).marks[0]?.point ?? "");
  await page.getByLabel("Type a decision").press("Enter");
  await waitPly(page, 0);
  const ratio = await page.locator(".moves .ply.current").evaluate((e) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const st = getComputedStyle(e);
    const [a, b] = [lum(rgb(st.color)), lum(rgb(st.backgroundColor))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
  expect(ratio).toBeGreaterThanOrEqual(4.5);
});

/** A game against the computer (level 3) created from the lobby, played as Black. */
async function blackGame(page: Page): Promise<string> {
  await page.goto(server.url);
  await page.locator("form.create").getByLabel("Black", { exact: true }).check();
  await page.getByRole("button", { name: "Create game" }).click();
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  await expect(page.getByTestId("game-page")).not.toHaveAttribute("data-ply", "0"); // White's first ring
  return page.url().split("/game/")[1] as string;
}

const bottomBar = (page: Page) => page.locator(".board-col > .player").last();

test("a game played as Black replays with Black at the bottom, under the players' names", async ({ page }) => {
  await page.goto(server.url);
  await page.getByLabel("Your name").fill("Pat");
  const id = await blackGame(page);
  await page.goto(`${server.url}/replay/${id}`);
  await expect(bottomBar(page)).toHaveAttribute("data-testid", "player-black");
  await expect(page.locator("h1")).toHaveText("Computer (level 3) vs Pat");
  await page.getByRole("button", { name: "Flip the board" }).click();
  await expect(bottomBar(page)).toHaveAttribute("data-testid", "player-white");

  // An account's game, replayed in a browser without the game's seat: found by the name.
  const reg = await page.request.post(`${server.url}/api/account/register`, {
    data: { name: "Blackwood", password: "correct horse battery" },
  });
  expect(reg.ok()).toBe(true);
  const mine = await blackGame(page);
  await page.evaluate((g) => localStorage.removeItem(`yinsh.seat.${g}`), mine);
  await page.goto(`${server.url}/replay/${mine}`);
  await expect(page.locator("h1")).toHaveText("Computer (level 3) vs Blackwood");
  await expect(bottomBar(page)).toHaveAttribute("data-testid", "player-black");
  // A spectator (nobody's seat) sees White at the bottom.
  await page.evaluate((g) => localStorage.removeItem(`yinsh.seat.${g}`), id);
  await page.goto(`${server.url}/replay/${id}`);
  await expect(page.locator("h1")).toHaveText("Computer (level 3) vs Pat");
  await expect(bottomBar(page)).toHaveAttribute("data-testid", "player-white");
});

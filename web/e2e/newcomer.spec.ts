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

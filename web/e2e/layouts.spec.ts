// Every page at the four layouts (desktop 1280x800, tablet 768x1024, phone portrait 390x844,
// phone landscape 844x390), in the light and the dark colour scheme (the system's, which the
// default setting follows): axe-core finds no serious or critical violation, each page has one
// level-one heading, and the header's parts (menu button, brand, page links, account link,
// tools) lie inside the viewport without touching one another. Where the page links sit behind
// the menu button, the open menu shows every one of them in view.
import { expectAccessible } from "./axe";
import { expect, type Page, test } from "./fixtures";
import { boardInfo, waitPly } from "./play";
import { YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

const LAYOUTS = [
  { name: "desktop", width: 1280, height: 800, touch: false },
  { name: "tablet", width: 768, height: 1024, touch: true },
  { name: "phone-portrait", width: 390, height: 844, touch: true },
  { name: "phone-landscape", width: 844, height: 390, touch: true },
];
const LINKS = ["Lobby", "Analysis", "Play offline", "Puzzles", "Learn", "Leaderboard", "Tournaments"];

interface Box {
  what: string;
  x: number;
  y: number;
  right: number;
  bottom: number;
}

/** The boxes of the header's visible parts (the page links one by one when shown in the row). */
function headerBoxes(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const parts = [
      ...document.querySelectorAll(
        "header.top > .menu-button, header.top > .brand, header.top > nav > a, header.top > .account-menu, header.top .header-tools > *",
      ),
    ];
    return parts
      .map((e) => {
        const r = e.getBoundingClientRect();
        const what = (e.getAttribute("aria-label") || e.textContent || e.className).trim().slice(0, 20);
        return { what, x: r.x, y: r.y, right: r.right, bottom: r.bottom, w: r.width };
      })
      .filter((b) => b.w > 0)
      .map(({ w: _, ...b }) => b);
  });
}

/** The boxes lie inside the viewport and at least `gap` px apart from each other. */
function expectApart(boxes: Box[], width: number, height: number, where: string, gap = 4): void {
  for (const b of boxes) {
    expect(b.x >= 0 && b.right <= width && b.y >= 0 && b.bottom <= height, `${where}: ${b.what} in view`).toBe(true);
  }
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i] as Box, boxes[j] as Box];
      const apart = a.right + gap <= b.x || b.right + gap <= a.x || a.bottom + gap <= b.y || b.bottom + gap <= a.y;
      expect(apart, `${where}: ${a.what} [${a.x},${a.right}] and ${b.what} [${b.x},${b.right}] apart`).toBe(true);
    }
}

async function checkHeader(page: Page, width: number, height: number, where: string): Promise<void> {
  const parts = await headerBoxes(page);
  expectApart(parts, width, height, where);
  for (const what of ["YINSH lobby", "Log in"])
    expect(
      parts.some((p) => p.what === what),
      `${where}: ${what} shown`,
    ).toBe(true);
  const menu = page.getByTestId("menu-button");
  const nav = page.getByRole("navigation", { name: "Main" });
  if (await menu.isVisible()) {
    await expect(nav.getByRole("link", { name: "Leaderboard" })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    const links = [];
    for (const name of LINKS) {
      const link = nav.getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      const b = await link.boundingBox();
      if (b) links.push({ what: name, x: b.x, y: b.y, right: b.x + b.width, bottom: b.y + b.height });
    }
    expectApart(links, width, height, `${where}, menu open`, 0); // a list: one under another
    await expectAccessible(page, `${where}, menu open`);
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Leaderboard" })).toBeHidden();
  } else {
    for (const name of LINKS) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
}

/** axe, and one level-one heading. */
async function checkPage(page: Page, what: string): Promise<void> {
  await expect(page.locator("h1"), `${what}: one level-one heading`).toHaveCount(1);
  await expectAccessible(page, what);
}

for (const layout of LAYOUTS) {
  for (const scheme of ["light", "dark"] as const) {
    test.describe(`${layout.name} ${scheme}`, () => {
      test.use({
        viewport: { width: layout.width, height: layout.height },
        hasTouch: layout.touch,
        isMobile: layout.touch,
        colorScheme: scheme,
        locale: "en-GB",
      });

      test(`every page at ${layout.width}x${layout.height}, ${scheme}`, async ({ page }) => {
        const where = `${layout.name} ${scheme}`;
        const go = async (path: string, testid: string) => {
          await page.goto(`${server.url}${path}`);
          await expect(page.getByTestId(testid)).toBeVisible({ timeout: 20000 });
        };
        await page.goto(server.url);
        await expect(page.getByRole("heading", { name: "Play YINSH" })).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("data-scheme", scheme);
        await checkHeader(page, layout.width, layout.height, `${where} lobby`);
        await checkPage(page, `${where} lobby`);

        // A game against the computer: one ring placed (a current move in the list), then over.
        await page.getByLabel("White (starts)").check();
        await page.getByRole("button", { name: "Create game" }).click();
        await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "active");
        await expect(page.locator(".yb-board")).toHaveAttribute("data-mode", "place");
        const point = (await boardInfo(page)).marks[0]?.point ?? "";
        await page.getByLabel("Type a decision").fill(point);
        await page.getByLabel("Type a decision").press("Enter");
        await waitPly(page, 0);
        await expect(page.locator(".moves .ply.current")).toBeVisible();
        await checkPage(page, `${where} game`);
        page.once("dialog", (d) => d.accept());
        await page.getByRole("button", { name: "Resign" }).click();
        await expect(page.getByTestId("game-over")).toBeVisible();
        await checkPage(page, `${where} game over`);
        const id = page.url().split("/").pop() as string;
        await go(`/replay/${id}`, "replay-page");
        await checkPage(page, `${where} replay`);
        await go(`/#replay=${encodeURIComponent("1.e5 2.f6 3.a2")}`, "replay-page");
        await checkPage(page, `${where} imported record`);

        await go("/analysis", "analysis-page");
        await expect(page.getByTestId("engine-score")).toBeVisible({ timeout: 20000 });
        await checkPage(page, `${where} analysis`);
        await go("/offline", "offline-setup");
        await checkPage(page, `${where} offline setup`);
        await page.getByRole("button", { name: "Start" }).click();
        await expect(page.locator(".yb-board")).toHaveAttribute("data-mode", "place");
        await checkPage(page, `${where} offline game`);
        await page.goto(`${server.url}/puzzles`);
        await expect(page.locator(".yb-board")).toBeVisible({ timeout: 20000 });
        await checkPage(page, `${where} puzzles`);
        await page.goto(`${server.url}/learn`);
        await expect(page.locator(".yb-board")).toBeVisible({ timeout: 20000 });
        await checkPage(page, `${where} tutorial`);
        await page.goto(`${server.url}/rules`);
        await expect(page.getByRole("heading", { name: "The rules of YINSH" })).toBeVisible({ timeout: 20000 });
        await checkPage(page, `${where} rules`);
        await page.goto(`${server.url}/leaderboard`);
        await expect(page.getByRole("heading", { name: "Leaderboard" })).toBeVisible();
        await checkPage(page, `${where} leaderboard`);
        await go("/nope", "not-found");
        await checkPage(page, `${where} not found`);
        await go("/account", "account-page");
        await expect(page.getByTestId("register-form")).toBeVisible();
        await checkPage(page, `${where} account, logged out`);

        // Logged in: the account's name in the header, its account page and its player page.
        const name = `${layout.name.replace("-", "")}${scheme}`.slice(0, 20);
        const register = page.getByTestId("register-form");
        await register.getByLabel("Name").fill(name);
        await register.getByLabel("Password").fill("correct horse");
        await register.getByRole("button", { name: "Register" }).click();
        await expect(page.getByTestId("account-menu")).toHaveText(name);
        await go("/account", "account-page");
        await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
        await checkPage(page, `${where} account`);
        await page.goto(`${server.url}/@/${name}`);
        await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
        await checkPage(page, `${where} player page`);
        // The list of ongoing games: one against the computer (the account's turn) and a
        // correspondence game waiting for an opponent.
        for (const data of [{ opponent: { type: "ai", level: 1 }, color: "white" }, { clock: { days: 3 } }])
          expect((await page.request.post(`${server.url}/api/games`, { data })).status()).toBe(201);
        await go("/games", "games-page");
        await expect(page.getByTestId("ongoing-game")).toHaveCount(2);
        await expect(page.locator(".ongoing.your-turn")).toHaveCount(1);
        await checkPage(page, `${where} games`);
        await go("/tournaments", "arenas-page");
        await expect(page.getByTestId("arena-form")).toBeVisible();
        await checkPage(page, `${where} tournaments`);
      });
    });
  }
}

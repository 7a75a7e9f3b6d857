// The whole board visible without scrolling, with both clocks, at phone, tablet and desktop
// sizes; the controls reachable; screenshots of each kept in test-results/screenshots.
import { join } from "node:path";
import { formatRecord } from "../src/board/turns";
import { parsePosition, pliesOf, START_TEXT } from "../src/engine/rules";
import { expect, type Locator, type Page, test } from "./fixtures";
// The rules core (web/dist/yinsh-core.mjs), loaded as the unit tests load it.
import "../tests/core";
import fixtures from "../tests/fixtures/engine-games.json" with { type: "json" };
import { boardInfo, waitPly } from "./play";
import { SHOTS, YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

const SIZES = [
  { name: "phone-portrait", width: 390, height: 844, touch: true },
  { name: "phone-landscape", width: 844, height: 390, touch: true },
  { name: "tablet", width: 768, height: 1024, touch: true },
  { name: "desktop", width: 1280, height: 800, touch: false },
];

/** The element lies wholly inside the viewport as the page is now scrolled. */
async function inView(page: Page, loc: Locator): Promise<boolean> {
  const box = await loc.boundingBox();
  const vp = page.viewportSize();
  if (!box || !vp) return false;
  return box.x >= -1 && box.y >= -1 && box.x + box.width <= vp.width + 1 && box.y + box.height <= vp.height + 1;
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      hasTouch: size.touch,
      isMobile: size.touch,
      locale: "en-GB",
    });

    test(`game and replay fit ${size.width}x${size.height}`, async ({ page }) => {
      await page.goto(server.url);
      await page.getByLabel("Your name").fill("Pat");
      await page.getByLabel("White (starts)").check();
      await page.getByLabel("Time control").selectOption("600000+10000");
      await page.getByRole("button", { name: "Create game" }).click();
      await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "active");
      for (let i = 0; i < 3; i++) {
        await expect(page.locator(".yb-board")).toHaveAttribute("data-mode", "place");
        const ply = Number(await page.getByTestId("game-page").getAttribute("data-ply"));
        const d = (await boardInfo(page)).marks[i * 7]?.point ?? "";
        await page.getByLabel("Type a decision").fill(d);
        await page.getByLabel("Type a decision").press("Enter");
        await waitPly(page, ply);
      }
      await expect(page.getByTestId("game-page")).toHaveAttribute("data-ply", "6");
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(300);
      expect(await inView(page, page.locator(".yb-board")), "board").toBe(true);
      expect(await inView(page, page.getByTestId("clock-white")), "white clock").toBe(true);
      expect(await inView(page, page.getByTestId("clock-black")), "black clock").toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), "no sideways scroll").toBeLessThanOrEqual(
        size.width,
      );
      await page.screenshot({ path: join(SHOTS, `layout-${size.name}-game.png`) });
      // The controls are reachable (scrolled to when needed) and usable.
      const resign = page.getByRole("button", { name: "Resign" });
      await resign.scrollIntoViewIfNeeded();
      expect(await inView(page, resign), "resign").toBe(true);
      page.once("dialog", (d) => d.accept());
      await resign.click();
      await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "over");

      // The replay opens with the whole board in view, and stepping back keeps it there.
      const id = page.url().split("/").pop() as string;
      await page.goto(`${server.url}/replay/${id}`);
      await expect(page.getByTestId("replay-page")).toHaveAttribute("data-ply", "6");
      await page.waitForTimeout(300);
      expect(await inView(page, page.locator(".yb-board")), "replay board").toBe(true);
      for (let i = 0; i < 3; i++) {
        if (size.touch) await page.getByRole("button", { name: "Previous" }).tap();
        else await page.getByRole("button", { name: "Previous" }).click();
      }
      await expect(page.getByTestId("replay-page")).toHaveAttribute("data-ply", "3");
      await page.waitForTimeout(300);
      expect(await inView(page, page.locator(".yb-board")), "replay board after Previous").toBe(true);
      expect(await inView(page, page.getByRole("button", { name: "Previous" })), "Previous button").toBe(true);
      await page.screenshot({ path: join(SHOTS, `layout-${size.name}-replay.png`) });

      // A long game (an engine fixture, imported): at its last decision and after stepping
      // back the board stays in view (the move list scrolls itself, not the page).
      const game = (fixtures as Array<{ decisions: string[] }>)[0] as { decisions: string[] };
      const plies = pliesOf(parsePosition(START_TEXT), game.decisions);
      await page.goto(`${server.url}/#replay=${encodeURIComponent(formatRecord(plies))}`);
      await expect(page.getByTestId("replay-page")).toBeVisible();
      const last = page.getByRole("button", { name: "Last", exact: true });
      if (size.touch) await last.tap();
      else await last.click();
      await expect(page.getByTestId("replay-page")).toHaveAttribute("data-ply", String(plies.length));
      await page.waitForTimeout(300);
      expect(await inView(page, page.locator(".yb-board")), "long replay board at the end").toBe(true);
      for (let i = 0; i < 3; i++) {
        if (size.touch) await page.getByRole("button", { name: "Previous" }).tap();
        else await page.getByRole("button", { name: "Previous" }).click();
      }
      await page.waitForTimeout(300);
      expect(await inView(page, page.locator(".yb-board")), "long replay board after Previous").toBe(true);
    });
  });
}

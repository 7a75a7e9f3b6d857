// A whole game on a phone-sized screen with touch input: taps for placement and removals,
// a touch drag and tap-tap for ring moves.
import { join } from "node:path";
import { expect, test } from "./fixtures";
import { playToEnd, seeded } from "./play";
import { SHOTS, YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

test("play a blitz game against the AI by touch on a phone", async ({ page }) => {
  await page.goto(server.url);
  await page.getByLabel("Your name").fill("Pat");
  await page.getByLabel("Variant").selectOption("blitz");
  await page.getByLabel("Time control").selectOption("600000+10000");
  await page.getByLabel("Black").check();
  await page.screenshot({ path: join(SHOTS, "phone-lobby.png"), fullPage: true });
  await page.getByRole("button", { name: "Create game" }).tap();
  await expect(page).toHaveURL(/\/game\//);
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "active");

  // The board fills the width of the phone and nothing overflows sideways.
  const box = await page.locator(".yb-board").boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(340);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Playing Black: Black's side is at the bottom.
  await expect(page.locator(".board-col > .player").last()).toHaveAttribute("data-testid", "player-black");

  const rnd = seeded(3);
  let shot = false;
  const made = await playToEnd(
    page,
    (mode, n) => (mode === "move" && n % 2 === 0 ? "touch-drag" : "touch"),
    rnd,
    async (mode, n) => {
      if (!shot && mode === "move" && n > 8) {
        shot = true;
        await page.waitForTimeout(600); // let the AI's ring slide and flips finish
        await page.screenshot({ path: join(SHOTS, "phone-game.png") });
      }
    },
  );
  expect(made).toContain("touch-drag");
  await expect(page.getByTestId("status")).toContainText(/wins|Draw/);
  await page.screenshot({ path: join(SHOTS, "phone-game-over.png"), fullPage: true });
});

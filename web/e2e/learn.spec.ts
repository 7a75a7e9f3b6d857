// The tutorial completed end to end by clicks on the board, every step checked by the rules
// core in the page; a missed goal asks for another try; progress survives a reload; the rules
// page draws its pictures; axe finds no serious violation on either page.
import { join } from "node:path";
import { expectAccessible } from "./axe";
import { decide } from "./decide";
import { expect, test } from "./fixtures";
import { SHOTS, YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());
test.use({ locale: "en-GB" });

// The lessons in order, with a way to reach each one's goal (learn.ts).
const STEPS: Array<[string, string[]]> = [
  ["place", ["e5"]],
  ["move", ["e5-e8"]],
  ["jump", ["e3-e6"]],
  ["flip", ["d3-d7"]],
  ["row", ["e8-f9", "xe4-e8", "xk10"]],
  ["two_rows", ["e6-f6", "xc4-g8", "xk10"]],
  ["gift_row", ["e5-e7"]],
  ["opponent_row", ["xf3-f7", "xk10"]],
  ["pool", ["d2-d3"]],
  ["blitz", ["e8-f9", "xe4-e8", "xk10"]],
];

test("the tutorial, every step, end to end", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(server.url);
  await page.getByRole("link", { name: "Learn", exact: true }).click();
  const learn = page.getByTestId("learn-page");
  await expect(learn).toBeVisible();
  await expectAccessible(page, "tutorial");

  // A miss first: the row lesson's ring moved down its own markers flips them: no row.
  await page.getByRole("button", { name: "A row: remove it and a ring" }).click();
  await expect(learn).toHaveAttribute("data-lesson", "row");
  await decide(page, "e8-e3");
  await expect(learn).toHaveAttribute("data-verdict", "retry");
  // And says why, not only "Not quite".
  await expect(page.getByTestId("status")).toHaveText(
    "Not quite. Your ring jumped over 4 of your own markers and turned them black, so no row of five white markers was made. Try again.",
  );
  // Another ring than the one the step names.
  await page.getByRole("button", { name: "Start the step again" }).click();
  await page.getByRole("button", { name: "Jumping" }).click();
  await decide(page, "b1-b2");
  await expect(page.getByTestId("status")).toContainText(
    "You moved the ring on b1; this step is about the ring on e3.",
  );
  await page.getByRole("button", { name: "Start the step again" }).click();
  await page.getByRole("button", { name: "Placing rings" }).click();

  for (const [i, [id, decisions]] of STEPS.entries()) {
    await expect(learn).toHaveAttribute("data-lesson", id);
    await expect(learn).toHaveAttribute("data-verdict", "playing");
    for (const d of decisions) await decide(page, d);
    await expect(learn).toHaveAttribute("data-verdict", "done");
    if (id === "two_rows") await page.screenshot({ path: join(SHOTS, "learn-two-rows.png") });
    if (i + 1 < STEPS.length) await page.getByRole("button", { name: "Next step" }).click();
  }
  await expect(page.getByTestId("learn-complete")).toBeVisible();
  await page.screenshot({ path: join(SHOTS, "learn-complete.png") });

  // Kept in this browser.
  await page.reload();
  await expect(page.getByTestId("learn-complete")).toBeVisible();
  await expect(page.getByText("✓ done")).toHaveCount(STEPS.length);

  await page.getByRole("link", { name: "The rules, with pictures" }).click();
  await expect(page.getByRole("heading", { name: "The rules of YINSH" })).toBeVisible();
  await expect(page.locator(".rules-picture .yb-board")).toHaveCount(6);
  await expectAccessible(page, "rules");
  await page.screenshot({ path: join(SHOTS, "rules.png"), fullPage: true });
  expect(errors).toEqual([]);
});

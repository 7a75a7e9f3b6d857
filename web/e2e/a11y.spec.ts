// axe-core on every page (lobby, game while playing and when over, replay, imported record,
// not found, analysis board, offline play), in the light and the dark theme: no serious or critical violation.

import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import { YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());
test.use({ locale: "en-GB" });

for (const theme of ["light", "dark"] as const) {
  test(`every page passes axe (${theme} theme)`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem("yinsh.settings", JSON.stringify({ theme: t })), theme);
    await page.goto(server.url);
    await expect(page.getByRole("heading", { name: "Play YINSH" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-scheme", theme);
    await expectAccessible(page, "lobby");
    await page.locator(".settings summary").click();
    await expectAccessible(page, "lobby with the settings open");
    await page.locator(".settings summary").click();

    await page.getByLabel("White (starts)").check();
    await page.getByRole("button", { name: "Create game" }).click();
    await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "active");
    await expect(page.locator(".yb-board")).toHaveAttribute("data-mode", "place");
    await expectAccessible(page, "game");
    page.once("dialog", (d) => d.accept());
    await page.getByRole("button", { name: "Resign" }).click();
    await expect(page.getByTestId("game-over")).toBeVisible();
    await expectAccessible(page, "game over");

    await page.getByTestId("game-over").getByRole("link", { name: "Replay" }).click();
    await expect(page.getByTestId("replay-page")).toBeVisible();
    await expectAccessible(page, "replay");
    await page.goto(`${server.url}/#replay=${encodeURIComponent("1.e5 2.f6 3.a2")}`);
    await expect(page.getByTestId("replay-page")).toBeVisible();
    await expectAccessible(page, "imported record");
    await page.goto(`${server.url}/nope`);
    await expect(page.getByTestId("not-found")).toBeVisible();
    await expectAccessible(page, "not found");

    // The pages that run without the server: the analysis board (with the engine's line
    // shown) and offline play (its setup form, then a game).
    await page.getByRole("link", { name: "Analysis", exact: true }).click();
    await expect(page.getByTestId("analysis-page")).toBeVisible();
    await expect(page.getByTestId("engine-score")).toBeVisible({ timeout: 20000 });
    await expectAccessible(page, "analysis board");
    await page.getByRole("link", { name: "Play offline" }).click();
    await expect(page.getByTestId("offline-setup")).toBeVisible();
    await expectAccessible(page, "offline setup");
    await page.getByRole("button", { name: "Start" }).click();
    await expect(page.locator(".yb-board")).toHaveAttribute("data-mode", "place");
    await expectAccessible(page, "offline game");
  });
}

test("the check catches a violation", async ({ page }) => {
  await page.goto(`${server.url}/nope`);
  await page.evaluate(() => {
    const b = document.createElement("button");
    b.innerHTML = "<svg></svg>"; // a button with no name: a critical violation
    document.body.appendChild(b);
  });
  let failed = false;
  try {
    await expectAccessible(page, "probe");
  } catch {
    failed = true;
  }
  expect(failed).toBe(true);
});

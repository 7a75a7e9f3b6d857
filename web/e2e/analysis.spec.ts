// The analysis board: opened from a replay at a chosen decision, the engine (WebAssembly in a
// Web Worker) shows its line and score, a variation is played on the board, and all of it
// keeps working after the server is stopped.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { act, seeded } from "./play";
import { SHOTS, webDir, YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

test("analyse a replayed position: engine line, a variation, server stopped", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const games = JSON.parse(readFileSync(join(webDir, "tests/fixtures/engine-games.json"), "utf8"));
  const g = games[0] as { decisions: string[] };
  await page.goto(`${server.url}/#replay=${encodeURIComponent(g.decisions.join(" "))}`);
  await page.getByRole("button", { name: "ply 14:" }).click();
  await page.getByRole("link", { name: "Analyse this position" }).click();
  await expect(page.getByTestId("analysis-page")).toBeVisible();
  await expect(page).toHaveURL(/\/analysis#start=/);
  await expect(page.locator(".moves.variations .ply")).toHaveCount(14);
  await expect(page.locator(".ply.current")).toHaveAccessibleName(`ply 14: ${g.decisions[13]}`);
  await expect(page.getByTestId("engine-score")).toBeVisible({ timeout: 20000 });
  await expect(page.getByTestId("engine-line")).toContainText(/depth \d+/);

  // From here on the page needs no server: rules and engine run in the browser.
  await server.stop();
  const best = page.getByRole("button", { name: /Play the best decision/ });
  // Read the label and click in one turn of the page's event loop: the engine keeps deepening
  // and may change its best decision between a separate read and click.
  const label = await best.evaluate((el: HTMLElement) => {
    const text = el.textContent ?? "";
    el.click();
    return text;
  });
  const bestText = label.replace(/.*\((.*)\)/, "$1");
  await expect(page.locator(".ply.current")).toHaveAccessibleName(`ply 15: ${bestText}`);
  await expect(page.getByTestId("engine-score")).toBeVisible({ timeout: 20000 });

  // Back one decision and play another one on the board: a variation beside the main line.
  const rnd = seeded(5);
  for (let tries = 0; tries < 5 && (await page.locator(".variation").count()) === 0; tries++) {
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.locator(".ply.current")).toHaveAccessibleName(/^ply 14:/);
    await act(page, "click", rnd);
    await expect(page.locator(".ply.current")).toHaveAccessibleName(/^ply 15:/);
  }
  await expect(page.locator(".variation")).toHaveCount(1);
  await expect(page.getByTestId("engine-score")).toBeVisible({ timeout: 20000 });
  // The main line is still there and can be clicked.
  await page.getByRole("button", { name: `ply 15: ${bestText}` }).click();
  await expect(page.locator(".ply.current")).toHaveAccessibleName(`ply 15: ${bestText}`);
  await expect(page.getByTestId("engine-score")).toBeVisible({ timeout: 20000 });
  await page.screenshot({ path: join(SHOTS, "analysis.png") });

  // Other starts: a pasted record, a refused text, the empty board; the address follows.
  const setup = page.getByLabel("Start from a position text or a record");
  await setup.fill("1.e4 2.f6 3.a2");
  await page.getByRole("button", { name: "Set up" }).click();
  await expect(page.locator(".ply.current")).toHaveAccessibleName("ply 3: a2");
  await expect(page).toHaveURL(/moves=e4(\+|%20)f6(\+|%20)a2$/);
  await setup.fill("1.e4 2.e4");
  await page.getByRole("button", { name: "Set up" }).click();
  await expect(page.getByRole("alert")).toContainText(/turn 2: illegal decision 'e4': e4 is occupied/);
  await page.getByRole("button", { name: "Empty board", exact: true }).click();
  await expect(page.getByText("No decisions yet.")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  expect(errors).toEqual([]);
});

// The analysis board: opened from a replay at a chosen decision, the engine (WebAssembly in a
// Web Worker) shows its line and score, a variation is played on the board, and all of it
// keeps working after the server is stopped.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures";
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
  // The best 3 lines (this position has many decisions), each with its score; the evaluation
  // bar shows White's win probability; arrows or marks on the board for the lines' decisions.
  await expect(page.getByTestId("engine-pv")).toHaveCount(3, { timeout: 20000 });
  await expect(page.getByTestId("engine-winprob")).toHaveText(/^White (\d+|<1|>99)%$/);
  await expect(page.getByTestId("eval-bar")).toHaveAttribute("aria-label", /^White (\d+|<1|>99)%$/);
  await expect(page.locator(".yb-notes .yb-note-best")).toHaveCount(1);
  await expect(page.locator(".yb-notes .yb-note")).toHaveCount(3);

  // From here on the page needs no server: rules and engine run in the browser.
  await server.stop();
  // A line clicked plays it into the tree up to the decision clicked. Read the line and click
  // in one turn of the page's event loop: the engine keeps deepening and may change its lines
  // between a separate read and click.
  const second = await page.evaluate(() => {
    const li = document.querySelectorAll<HTMLElement>("[data-testid=engine-pv]")[1] as HTMLElement;
    const buttons = li.querySelectorAll<HTMLButtonElement>("button");
    const n = Math.min(2, buttons.length);
    (buttons[n - 1] as HTMLButtonElement).click();
    return (li.dataset.decisions ?? "").split(" ").slice(0, n);
  });
  const after = 14 + second.length;
  await expect(page.locator(".ply.current")).toHaveAccessibleName(`ply ${after}: ${second[second.length - 1]}`);
  await expect(page.getByRole("button", { name: `ply 15: ${second[0]}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`moves=.*${(second[second.length - 1] as string).replace("-", "\\-")}$`));
  await page.getByRole("button", { name: `ply 14: ${g.decisions[13]}` }).click();
  await expect(page.locator(".ply.current")).toHaveAccessibleName(`ply 14: ${g.decisions[13]}`);
  await expect(page.getByTestId("engine-pv")).toHaveCount(3, { timeout: 20000 });

  const best = page.getByTestId("play-best");
  const label = await best.evaluate((el: HTMLElement) => {
    const text = el.dataset.decision ?? "";
    el.click();
    return text;
  });
  const bestText = label;
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

test("the position's link round-trips, in a new page and in the same tab", async ({ page, context }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  // The first test stopped its server: this one is served again (same database).
  await server.start();
  await page.goto(`${server.url}/analysis`);
  const setup = page.getByLabel("Start from a position text or a record");
  await setup.fill("1.e4 2.f6 3.a2 4.c7 5.i9 6.b5 7.e6 8.c6 9.i11 10.h5");
  await page.getByRole("button", { name: "Set up" }).click();
  await expect(page.locator(".ply.current")).toHaveAccessibleName("ply 10: h5");
  // A variation: back two decisions, another placement; then the engine's best line from there.
  await page.getByRole("button", { name: "Back" }).click();
  await page.getByRole("button", { name: "Back" }).click();
  await page.evaluate(() =>
    (window as unknown as { yinshBoard: { clickPoint(p: string): void } }).yinshBoard.clickPoint("d5"),
  );
  await expect(page.locator(".ply.current")).toHaveAccessibleName("ply 9: d5");
  await expect(page.locator(".variation")).toHaveCount(1);
  const shared = await page.getByLabel("Link to this position").inputValue();
  expect(shared).toBe(page.url());
  expect(shared).toMatch(/moves=e4\+f6\+a2\+c7\+i9\+b5\+e6\+c6\+d5$/);

  const other = await context.newPage();
  await other.goto(shared);
  await expect(other.locator(".ply.current")).toHaveAccessibleName("ply 9: d5");
  await expect(other.locator(".moves.variations .ply")).toHaveCount(9);
  await expect(other.getByTestId("engine-pv")).toHaveCount(3, { timeout: 20000 });
  await other.close();

  // The same tab, another link typed into the address bar: the board follows it.
  await page.evaluate(() => {
    location.hash = "start=4%2F7%2F8%2F9%2F10%2F9%2F10%2F9%2F8%2F7%2F4+w+place+0+0+blitz&moves=a2+b3";
  });
  await expect(page.locator(".ply.current")).toHaveAccessibleName("ply 2: b3");
  await expect(page.locator(".moves.variations .ply")).toHaveCount(2);
  await expect(page.locator(".yb-slot")).toHaveCount(2); // blitz: one space for a removed ring a side
  expect(errors).toEqual([]);
});

// Rough edges a new player meets: unknown addresses, the computer's turn, ring placement,
// abort before the game really starts, the opponent's whole turn highlighted, long names.

import { formatRecord } from "../src/board/turns";
import { parsePosition, pliesOf, replay, START_TEXT } from "../src/engine/rules";
import { expect, type Page, test } from "./fixtures";
// The rules core (web/dist/yinsh-core.mjs), loaded as the unit tests load it.
import "../tests/core";
import fixtures from "../tests/fixtures/engine-games.json" with { type: "json" };
import { waitPly } from "./play";
import { YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());
test.use({ locale: "en-GB" });

async function newAiGame(page: Page, name = "Pat"): Promise<void> {
  await page.goto(server.url);
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("White (starts)").check();
  await page.getByLabel("Time control").selectOption("none");
  await page.getByRole("button", { name: "Create game" }).click();
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "active");
}

test("unknown addresses get a not-found page, not the server's JSON", async ({ page }) => {
  for (const path of ["/nope", "/games/abc123", "/replay", "/replay/", "/game/"]) {
    const res = await page.goto(server.url + path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.locator("body")).not.toContainText('"error"');
    await expect(page.getByRole("link", { name: "Back to the lobby" })).toBeVisible();
  }
  // The API still answers in JSON.
  const api = await page.request.get(`${server.url}/api/nope`);
  expect(api.status()).toBe(404);
  expect((await api.json()).error.code).toBe("not_found");
});

test("the computer's turn says it is thinking; placement hints are small; abort during placement", async ({ page }) => {
  await newAiGame(page);
  // Every text the status line shows, however briefly.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    const el = document.querySelector("[data-testid=status]");
    if (!el) throw new Error("no status");
    new MutationObserver(() => seen.push(el.textContent ?? "")).observe(el, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  // Placement hints: one small dot per free point, not a circle crowding each point.
  await expect(page.locator(".yb-marks .yb-place")).toHaveCount(85);
  const r = Number(await page.locator(".yb-marks .yb-place").first().getAttribute("r"));
  expect(r).toBeLessThanOrEqual(10);

  await page.getByLabel("Type a decision").fill("e5");
  await page.getByLabel("Type a decision").press("Enter");
  await waitPly(page, 0);
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-ply", "2");
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(seen.some((s) => /is thinking/.test(s))).toBe(true);
  expect(seen.some((s) => /^Black to play/.test(s))).toBe(false);

  // Abort before the first ring move: the game ends without a result.
  await page.getByRole("button", { name: "Abort" }).click();
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "aborted");
  await expect(page.getByTestId("game-over")).toContainText("Game aborted");
});

test("the last turn is highlighted whole: ring move, flipped markers, row and ring removed", async ({ page }) => {
  // A game from the engine fixtures with a turn that moves a ring, makes a row and removes it.
  const games = fixtures as Array<{ variant: string; decisions: string[] }>;
  const rowTurn = (plies: Array<{ side: string; decision: string }>) =>
    plies.findIndex(
      (p, i) =>
        p.decision.startsWith("x") &&
        p.decision.includes("-") &&
        !plies[i - 1]?.decision.startsWith("x") &&
        plies[i - 1]?.decision.includes("-") &&
        plies[i - 1]?.side === p.side &&
        plies[i + 1]?.side === p.side,
    );
  const game = games.find(
    (g) => g.variant === "normal" && rowTurn(pliesOf(parsePosition(START_TEXT), g.decisions)) > 0,
  );
  if (!game) throw new Error("no fixture");
  const plies = pliesOf(parsePosition(START_TEXT), game.decisions);
  const row = rowTurn(plies);
  expect(plies[row - 1]?.side).toBe(plies[row]?.side);
  expect(plies[row + 1]?.side).toBe(plies[row]?.side);
  await page.goto(`${server.url}/#replay=${encodeURIComponent(formatRecord(plies))}`);
  await expect(page.getByTestId("replay-page")).toBeVisible();
  // After the ring removal that ends the turn: the move, the row and the ring all show.
  await page.getByRole("button", { name: `ply ${row + 2}:` }).click();
  await expect(page.getByTestId("replay-page")).toHaveAttribute("data-ply", String(row + 2));
  await expect(page.locator(".yb-last .yb-last-path")).toHaveCount(1);
  await expect(page.locator(".yb-last .yb-last-row")).toHaveCount(1);
  expect(await page.locator(".yb-last .yb-last-spot").count()).toBeGreaterThanOrEqual(3);
  // A placement turn highlights just that point.
  await page.getByRole("button", { name: "ply 1:" }).click();
  await expect(page.locator(".yb-last .yb-last-spot")).toHaveCount(1);
  await expect(page.locator(".yb-last .yb-last-path")).toHaveCount(0);
  // A ring move that flipped markers marks each flipped marker.
  const positions = replay(parsePosition(START_TEXT), game.decisions);
  const flips = (i: number) => {
    const [a, b] = [positions[i], positions[i + 1]];
    return [...(b?.board ?? [])].filter(
      ([pt, pc]) => pc.toLowerCase() === pc && a?.board.get(pt) === (pc === "w" ? "b" : "w"),
    ).length;
  };
  const flipTurn = plies.findIndex(
    (p, i) => p.decision.includes("-") && !p.decision.startsWith("x") && flips(i) > 0 && plies[i + 1]?.side !== p.side,
  );
  expect(flipTurn).toBeGreaterThan(0);
  await page.getByRole("button", { name: `ply ${flipTurn + 1}:` }).click();
  await expect(page.locator(".yb-last .yb-last-path")).toHaveCount(1);
  await expect(page.locator(".yb-last .yb-last-flip")).toHaveCount(flips(flipTurn));
});

test("long names are not cut at 320 px", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await newAiGame(page, "Maximiliane Schwarzenberg");
  const nm = page.getByTestId("player-white").locator(".nm");
  await expect(nm).toHaveText("Maximiliane Schwarzenberg");
  const cut = await nm.evaluate((e) => e.scrollWidth > e.clientWidth + 1);
  expect(cut).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

// Hints and "show threats": offered in a game against the computer (the hint is the engine's
// decision from the browser's worker, drawn on the board and playable; threats listed and
// drawn as rows), also in offline play; absent from a game between two people.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, expect, type Page, test } from "./fixtures";
import { act, boardInfo, seeded, waitPly, waitTurnOrEnd } from "./play";
import { SHOTS, webDir, YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

interface Grant {
  game: string;
  seat: "white" | "black";
  token: string;
}

/** Calls the server's HTTP API from the page (same origin), as the lobby does. */
async function post(page: Page, path: string, body: unknown): Promise<Grant> {
  return page.evaluate(
    async ([p, b]) => {
      const res = await fetch(p as string, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(b),
      });
      if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    [path, body] as const,
  );
}

/** Opens the game page seated with `grant` (its token kept where the page looks for it). */
async function openSeated(page: Page, grant: Grant): Promise<void> {
  await page.evaluate((g) => localStorage.setItem(`yinsh.seat.${g.game}`, JSON.stringify(g)), grant);
  await page.goto(`${server.url}/game/${grant.game}`);
}

async function newPage(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(server.url);
  return page;
}

/** Asks for a hint, checks it is drawn, and plays it by typing it: it must be legal. */
async function playHint(page: Page): Promise<string> {
  const { ply } = await boardInfo(page);
  await page.getByRole("button", { name: "Hint" }).click();
  await expect(page.getByTestId("assist-text")).toHaveText(/Hint: \S+/, { timeout: 30000 });
  await expect(page.locator(".yb-notes .yb-note-hint")).toHaveCount(1);
  const hint = ((await page.getByTestId("assist-text").textContent()) ?? "").replace(/.*Hint: (\S+).*/, "$1");
  await page.getByLabel("Type a decision").fill(hint);
  await page.getByLabel("Type a decision").press("Enter");
  await waitPly(page, ply);
  // The hint was for that position only.
  await expect(page.locator(".yb-notes .yb-note-hint")).toHaveCount(0);
  return hint;
}

test("hint and threats in a casual game against the computer", async ({ browser }) => {
  const page = await newPage(browser);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const grant = await post(page, "/api/games", {
    opponent: { type: "ai", level: 1 },
    color: "white",
    name: "Alice",
  });
  await openSeated(page, grant);
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  await expect(page.getByTestId("assist")).toBeVisible();

  // A placement hint: a mark on a free point.
  const first = await playHint(page);
  expect(first).toMatch(/^[a-k]\d+$/);

  // Placements by clicks until the rings move; then a ring-move hint: an arrow.
  const rnd = seeded(3);
  for (let n = 0; n < 12; n++) {
    await waitTurnOrEnd(page);
    const info = await boardInfo(page);
    if (info.mode !== "place") break;
    await act(page, "click", rnd);
    await waitPly(page, info.ply);
  }
  await waitTurnOrEnd(page);
  expect((await boardInfo(page)).mode).toBe("move");
  await page.getByRole("button", { name: "Hint" }).click();
  await expect(page.getByTestId("assist-text")).toHaveText(/Hint: \S+-\S+/, { timeout: 30000 });
  await expect(page.locator(".yb-notes .yb-note-hint.yb-note-arrow")).toHaveCount(1);
  await page.screenshot({ path: join(SHOTS, "hint.png") });

  // Threats: the text and the bars drawn agree, turn after turn, as the game goes on.
  await page.getByLabel("Show threats").check();
  for (let n = 0; n < 8; n++) {
    await waitTurnOrEnd(page);
    const info = await boardInfo(page);
    if (info.status !== "active") break;
    if (info.mode === "move") {
      const text = page.getByTestId("threats");
      await expect(text).toHaveText(/cannot make a row|could make on its next move: /);
      const listed = ((await text.textContent()) ?? "").split(": ")[1];
      const rows = listed ? listed.split(", ") : [];
      const drawn = await page
        .locator(".yb-notes .yb-note-threat.yb-note-row")
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-note")));
      expect(drawn).toEqual(rows);
      if (rows.length) await page.screenshot({ path: join(SHOTS, "threats.png") });
    }
    if (n === 0) {
      await playHint(page);
      continue;
    }
    await act(page, "click", rnd);
    await waitPly(page, info.ply);
  }
  expect(errors).toEqual([]);
});

test("no hint or threats in a game between two people", async ({ browser }) => {
  const alice = await newPage(browser);
  const bob = await newPage(browser);
  const created = await post(alice, "/api/games", { opponent: { type: "human" }, color: "white", name: "Alice" });
  const joined = await post(bob, `/api/games/${created.game}/join`, { name: "Bob" });
  await openSeated(alice, created);
  await openSeated(bob, joined);
  for (const p of [alice, bob]) await p.getByRole("button", { name: "Start" }).click();
  for (const p of [alice, bob]) {
    await expect(p.getByTestId("game-page")).toHaveAttribute("data-status", "active");
    await expect(p.getByTestId("status")).toBeVisible();
  }
  // Both seated, the game going on, White to place: no help for either player.
  await expect(alice.getByTestId("status")).toContainText(/place/i);
  for (const p of [alice, bob]) {
    await expect(p.getByTestId("assist")).toHaveCount(0);
    await expect(p.getByRole("button", { name: "Hint" })).toHaveCount(0);
    await expect(p.getByLabel("Show threats")).toHaveCount(0);
  }
});

test("a hint in an offline game against the computer", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${server.url}/offline`);
  await page.getByLabel("Level").selectOption("1");
  await page.getByLabel("You play").selectOption("w");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  await page.getByRole("button", { name: "Hint" }).click();
  await expect(page.getByTestId("assist-text")).toHaveText(/Hint: [a-k]\d+/, { timeout: 30000 });
  await expect(page.locator(".yb-notes .yb-note-hint.yb-note-spot")).toHaveCount(1);
  const hint = ((await page.getByTestId("assist-text").textContent()) ?? "").replace(/.*Hint: (\S+).*/, "$1");
  await page.evaluate(
    (p) => (window as unknown as { yinshBoard: { clickPoint(p: string): void } }).yinshBoard.clickPoint(p),
    hint,
  );
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-ply", "2", { timeout: 20000 });
  await expect(page.locator(".moves")).toContainText(hint);
  await expect(page.locator(".yb-notes .yb-note-hint")).toHaveCount(0);
  await expect(page.getByLabel("Show threats")).toBeVisible();
  expect(errors).toEqual([]);
});

test("threats shown in a position where the computer can make a row", async ({ page }) => {
  // Game 1 of the committed engine games after 34 decisions: White to move a ring, and Black
  // can make the row c1-c5 with its next ring move. Continued as an offline game (the page
  // keeps it in localStorage), White being the player.
  const games = JSON.parse(readFileSync(join(webDir, "tests/fixtures/engine-games.json"), "utf8"));
  const decisions = (games[1] as { decisions: string[] }).decisions.slice(0, 34);
  await page.goto(server.url);
  await page.evaluate(
    (d) =>
      localStorage.setItem(
        "yinsh-offline-game",
        JSON.stringify({ setup: { level: 1, you: "w", variant: "normal" }, decisions: d }),
      ),
    decisions,
  );
  await page.goto(`${server.url}/offline`);
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-ply", "34");
  await expect(page.getByTestId("status")).toHaveText("Your decision.");
  await expect(page.locator(".yb-notes .yb-note-threat")).toHaveCount(0);
  await page.getByLabel("Show threats").check();
  await expect(page.getByTestId("threats")).toHaveText("Rows the computer could make on its next move: c1-c5");
  await expect(page.locator(".yb-notes .yb-note-threat.yb-note-row")).toHaveAttribute("data-note", "c1-c5");
  await expect(page.locator(".yb-notes .yb-note-threat.yb-note-spot").first()).toBeVisible();
  await page.screenshot({ path: join(SHOTS, "threats.png") });
  await page.getByLabel("Show threats").uncheck();
  await expect(page.locator(".yb-notes .yb-note-threat")).toHaveCount(0);
});

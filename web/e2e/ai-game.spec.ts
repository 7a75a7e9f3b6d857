// A game against the AI played to its end (placements by keyboard notation and by click,
// ring moves by drag and drop and by click-click), then its replay, then an imported record.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures";
import { playToEnd, seeded } from "./play";
import { SHOTS, webDir, YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

test("play the AI to the end, then replay the game", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));

  await page.goto(server.url);
  await expect(page.getByRole("heading", { name: "New game" })).toBeVisible();
  await page.getByLabel("Your name").fill("Alice");
  await page.getByLabel("Computer").check();
  await page.getByLabel("Level").selectOption("1");
  await page.getByLabel("Time control").selectOption("none");
  await page.getByLabel("White (starts)").check();
  await page.screenshot({ path: join(SHOTS, "lobby.png") });
  await page.getByRole("button", { name: "Create game" }).click();

  await expect(page).toHaveURL(/\/game\/[a-z0-9]{12}$/);
  const id = page.url().split("/").pop() as string;
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  await expect(page.getByTestId("player-white")).toContainText("Alice");
  await expect(page.getByTestId("player-black")).toContainText(/Computer|level/i);

  const rnd = seeded(7);
  const made = await playToEnd(
    page,
    (mode, n) => {
      if (mode === "place") return n === 0 ? "board-keys" : n % 2 === 0 ? "keyboard" : "click";
      if (mode === "move") return n % 3 === 0 ? "drag" : "click";
      return "click";
    },
    rnd,
    async (_mode, n) => {
      if (n === 16) {
        await page.waitForTimeout(600);
        await page.screenshot({ path: join(SHOTS, "game.png") });
      }
    },
  );
  expect(made).toContain("drag");
  expect(made.filter((k) => k === "place").length).toBe(5);
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "over");
  await expect(page.getByTestId("status")).toContainText(/wins|Draw/);
  const plies = Number(await page.getByTestId("game-page").getAttribute("data-ply"));
  expect(plies).toBeGreaterThan(20);
  // The move list shows the official notation, turns numbered per player.
  await expect(page.locator(".moves .turn").first()).toContainText("1.");
  await page.screenshot({ path: join(SHOTS, "game-over.png") });

  // Replay: navigation buttons, keys, clicking a move, autoplay.
  await page.getByRole("link", { name: "Replay" }).click();
  await expect(page).toHaveURL(new RegExp(`/replay/${id}$`));
  const counter = page.getByTestId("counter");
  await expect(counter).toHaveText(`${plies} / ${plies}`);
  await page.getByRole("button", { name: "First" }).click();
  await expect(counter).toHaveText(`0 / ${plies}`);
  await expect(page.locator(".yb-pieces .yb-piece")).toHaveCount(0);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(counter).toHaveText(`2 / ${plies}`);
  await expect(page.locator(".yb-pieces .yb-ring")).toHaveCount(2);
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(counter).toHaveText(`1 / ${plies}`);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText(`3 / ${plies}`);
  await page.keyboard.press("ArrowLeft");
  await expect(counter).toHaveText(`2 / ${plies}`);
  await page.keyboard.press("End");
  await expect(counter).toHaveText(`${plies} / ${plies}`);
  await page.keyboard.press("Home");
  await expect(counter).toHaveText(`0 / ${plies}`);
  await page.getByRole("button", { name: "ply 15:" }).click();
  await expect(counter).toHaveText(`15 / ${plies}`);
  await expect(page.locator(".ply.current")).toHaveAccessibleName(/^ply 15:/);
  await page.getByLabel("Autoplay speed").selectOption("500");
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(counter).toHaveText(`17 / ${plies}`, { timeout: 5000 });
  await page.getByRole("button", { name: "Pause" }).click();
  await page.getByRole("button", { name: "ply 24:" }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(SHOTS, "replay.png") });
  expect(errors).toEqual([]);
});

test("import a record in the official notation and replay it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const games = JSON.parse(readFileSync(join(webDir, "tests/fixtures/engine-games.json"), "utf8"));
  const g = games[2] as { decisions: string[]; positions: string[] };
  // Build the record text the way a person would paste it: turns per player.
  const turns: string[] = [];
  let side = "";
  g.decisions.forEach((d, i) => {
    const s = (g.positions[i] as string).split(" ")[1] as string;
    if (s !== side) turns.push(`${turns.length + 1}.${d}`);
    else turns[turns.length - 1] += `;${d}`;
    side = s;
  });
  const record = turns.join(" ").replace(/(x\w+-\w+);(x\w+)/g, "$1$2");
  await page.goto(server.url);
  // The rules core checks the record before the replay opens: refused with the turn and why.
  await page.getByLabel(/Paste a game/).fill("1.e4 2.e4");
  await page.getByRole("button", { name: "Replay it" }).click();
  await expect(page.getByRole("alert")).toContainText(/turn 2: illegal decision 'e4': e4 is occupied/);
  // So is a shared link with a bad record.
  await page.goto(`${server.url}/#replay=${encodeURIComponent("e4 f6 f6")}`);
  await expect(page.getByRole("alert")).toContainText(/cannot be read: .*illegal decision 'f6': f6 is occupied/);

  await page.goto(server.url);
  await page.getByLabel(/Paste a game/).fill(record);
  await page.getByRole("button", { name: "Replay it" }).click();
  await expect(page.getByTestId("counter")).toHaveText(`0 / ${g.decisions.length}`);
  await page.keyboard.press("End");
  await expect(page.getByTestId("counter")).toHaveText(`${g.decisions.length} / ${g.decisions.length}`);
  // The final position has as many pieces as the engine's.
  const last = g.positions[g.positions.length - 1] as string;
  const pieces = (last.split(" ")[0] as string).replace(/[^WBwb]/g, "").length;
  await expect(page.locator(".yb-pieces .yb-piece")).toHaveCount(pieces);
});

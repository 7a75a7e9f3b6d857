// The puzzle trainer: one puzzle of the committed set solved by clicks (its solution), one
// failed (the engine's best alternative, which misses the goal) and explained with the lines;
// a guest's progress and rating are kept in the browser, an account's by the server.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expectAccessible } from "./axe";
import { decide } from "./decide";
import { expect, test } from "./fixtures";
import { SHOTS, webDir, YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());
test.use({ locale: "en-GB" });

interface Puzzle {
  id: string;
  goal: string;
  turns: number;
  line: string[];
  other: string[];
}
const SET = JSON.parse(readFileSync(join(webDir, "dist", "puzzles.json"), "utf8")) as { puzzles: Puzzle[] };
// One turn of the solver: a ring move, its row and its ring, all the player's own decisions.
const oneTurn = SET.puzzles.filter((p) => p.goal === "win" && p.turns === 1 && p.line.length === 3);

/**
 * What the board shows once decision `d` is played, whatever its kind: the points it changed
 * and the piece now on each (null: empty). A ring move leaves its ring at the end and a marker
 * where it started; a placement puts a ring; a row removal empties the row's ends; a ring
 * removal empties the ring's point.
 */
function seenAfter(d: string): Array<[string, RegExp | null]> {
  const move = /^([a-k]\d+)-([a-k]\d+)$/.exec(d);
  if (move)
    return [
      [move[2] as string, /^[WB]$/],
      [move[1] as string, /^[wb]$/],
    ];
  const row = /^x([a-k]\d+)-([a-k]\d+)$/.exec(d);
  if (row)
    return [
      [row[1] as string, null],
      [row[2] as string, null],
    ];
  const ring = /^x([a-k]\d+)$/.exec(d);
  if (ring) return [[ring[1] as string, null]];
  const place = /^([a-k]\d+)$/.exec(d);
  if (place) return [[place[1] as string, /^[WB]$/]];
  throw new Error(`not a decision: ${d}`);
}

test("a puzzle solved, one failed and explained, progress kept", async ({ page }) => {
  test.setTimeout(180_000);
  expect(oneTurn.length).toBeGreaterThan(1);
  const [solve, fail] = oneTurn as [Puzzle, Puzzle];
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(server.url);
  // The lobby links to the learning pages too.
  await expect(page.getByRole("link", { name: "New to YINSH? Learn to play" })).toHaveAttribute("href", "/learn");
  await page.getByRole("link", { name: "Train with puzzles" }).click();
  await expect(page.getByTestId("puzzle-page")).toBeVisible();
  await expect(page.getByText("Your puzzle rating: 1200")).toBeVisible();
  await expectAccessible(page, "puzzle");

  await page.goto(`${server.url}/puzzles#${solve.id}`);
  const trainer = page.getByTestId("puzzle-page");
  await expect(trainer).toHaveAttribute("data-puzzle", solve.id);
  await expect(page.getByText("to play: win a ring.")).toBeVisible();
  for (const d of solve.line) await decide(page, d);
  await expect(trainer).toHaveAttribute("data-verdict", "solved");
  await expect(page.getByTestId("status")).toHaveText("Solved!");
  await expect(page.getByTestId("puzzle-progress")).toContainText("Solved 1 of 1 tried");
  await page.screenshot({ path: join(SHOTS, "puzzle-solved.png") });
  const after = Number((await page.getByText(/Your puzzle rating: \d+/).textContent())?.match(/\d+/)?.[0]);
  expect(after).toBeGreaterThan(1200);

  await page.goto(`${server.url}/puzzles#${fail.id}`);
  await expect(trainer).toHaveAttribute("data-puzzle", fail.id);
  // The engine's second best: it does not win the ring. The player's later decisions (a row
  // it makes, say) follow it while the board asks for them; the engine then plays the opponent.
  for (const d of fail.other) {
    if ((await trainer.getAttribute("data-verdict")) !== "playing") break;
    await decide(page, d);
  }
  await expect(trainer).toHaveAttribute("data-verdict", "failed", { timeout: 90_000 });
  await expect(page.getByTestId("status")).toContainText("does not win a ring");
  await expect(page.getByTestId("puzzle-refutation")).toContainText(fail.other[0] as string);
  await expect(page.getByTestId("puzzle-solution")).toContainText(fail.line.join(" "));
  // The engine's answer is not only named: the board shows it played, its last decision marked.
  const answer = (await trainer.getAttribute("data-answer")) ?? "";
  expect(answer, "the engine's answer on the board").not.toBe("");
  await expect(page.getByTestId("puzzle-refutation")).toContainText(answer);
  await expect(page.getByTestId("puzzle-answer")).toHaveText(`On the board: the opponent's answer, ${answer}.`);
  const last = answer.split(" ").pop() as string;
  for (const [point, piece] of seenAfter(last)) {
    const there = page.locator(`.yb-pieces [data-point=${point}]`);
    if (piece) await expect(there, `${last}: ${point}`).toHaveAttribute("data-piece", piece);
    else await expect(there, `${last}: ${point} empty`).toHaveCount(0);
  }
  await expect(page.locator(".yb-last > *")).not.toHaveCount(0);
  await expect(page.getByTestId("puzzle-progress")).toContainText("Solved 1 of 2 tried");
  await page.screenshot({ path: join(SHOTS, "puzzle-failed.png") });
  await expectAccessible(page, "failed puzzle");
  // The solution played on the board from the start, one decision at a time.
  await page.getByRole("button", { name: "Show the solution" }).click();
  await expect(trainer).toHaveAttribute("data-shown", String(fail.line.length), { timeout: 30_000 });
  await expect(page.locator(".yb-board")).toHaveAttribute("data-mode", "none");

  // Try again: the rating does not move; the progress survives a reload.
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(trainer).toHaveAttribute("data-verdict", "playing");
  await page.reload();
  await expect(page.getByTestId("puzzle-progress")).toContainText("Solved 1 of 2 tried");
  expect(errors).toEqual([]);
});

// Logged in, the rating is the account's, kept by the server: a guest rating in this browser is
// left alone (and said so), and the account sees the same rating from a fresh browser.
test("an account's puzzle rating follows it to another browser", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const [solve] = oneTurn as [Puzzle];
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  // A guest's rating in this browser, then an account.
  await page.goto(`${server.url}/account`);
  await page.evaluate(() =>
    localStorage.setItem("yinsh-puzzles", JSON.stringify({ rating: 1333, done: { zz: "solved" } })),
  );
  const register = page.getByTestId("register-form");
  await register.getByLabel("Name").fill("Petra");
  await register.getByLabel("Password").fill("correct horse");
  await register.getByRole("button", { name: "Register" }).click();
  await expect(page.getByTestId("account-menu")).toHaveText("Petra");

  await page.goto(`${server.url}/puzzles#${solve.id}`);
  const progress = page.getByTestId("puzzle-progress");
  await expect(progress).toHaveAttribute("data-account", "yes");
  await expect(page.getByTestId("puzzle-rating")).toHaveText("Your puzzle rating: 1200?");
  await expect(page.getByTestId("puzzle-guest-note")).toContainText(
    "(1333, 1 tried) is not used while you are logged in",
  );
  await expectAccessible(page, "puzzle with an account");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/account/puzzles/attempts"));
  for (const d of solve.line) await decide(page, d);
  await expect(page.getByTestId("puzzle-page")).toHaveAttribute("data-verdict", "solved");
  expect((await saved).status()).toBe(200);
  await expect(progress).toContainText("Solved 1 of 1 tried (kept with your account).");
  await expect(page.getByTestId("puzzle-rating")).not.toHaveText("Your puzzle rating: 1200?");
  const rating = (await page.getByTestId("puzzle-rating").textContent()) ?? "";
  expect(Number(rating.match(/(\d+)\??$/)?.[1])).toBeGreaterThan(1200);

  // A fresh browser: a guest at 1200 until it logs in, then the account's rating.
  const other = await browser.newContext({ locale: "en-GB" });
  const second = await other.newPage();
  second.on("pageerror", (e) => errors.push(String(e)));
  await second.goto(`${server.url}/puzzles`);
  await expect(second.getByTestId("puzzle-rating")).toHaveText("Your puzzle rating: 1200");
  await expect(second.getByTestId("puzzle-progress")).toHaveAttribute("data-account", "no");
  await second.goto(`${server.url}/account`);
  const login = second.getByTestId("login-form");
  await login.getByLabel("Name").fill("petra");
  await login.getByLabel("Password").fill("correct horse");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(second.getByTestId("account-menu")).toHaveText("Petra");
  await second.goto(`${server.url}/puzzles`);
  await expect(second.getByTestId("puzzle-rating")).toHaveText(rating);
  await expect(second.getByTestId("puzzle-progress")).toContainText("Solved 1 of 1 tried (kept with your account).");
  await expect(second.getByTestId("puzzle-page")).not.toHaveAttribute("data-puzzle", solve.id);
  await expect(second.getByTestId("puzzle-recent")).toContainText(`${solve.id} solved (+`);
  await second.screenshot({ path: join(SHOTS, "puzzle-account.png") });
  // The player page shows it.
  await second.goto(`${server.url}/@/Petra`);
  await expect(second.getByTestId("player-puzzles")).toContainText(rating.replace("Your puzzle rating: ", ""));
  await expect(second.getByTestId("player-puzzles")).toContainText("1 solved of 1 tried");
  await other.close();
  expect(errors).toEqual([]);
});

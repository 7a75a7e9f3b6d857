// What players of game sites expect: languages, stepping back through a live game, flip,
// sounds with a remembered mute switch, "your turn" in the title, themes, coordinates,
// confirm-move for touch, and the ending on time (low-time sound, chat line, panel).
import { join } from "node:path";
import { expect, type Page, test } from "./fixtures";
import { boardInfo, pointXY, waitPly } from "./play";
import { SHOTS, YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

type Sound = { kind: string; muted: boolean };
const sounds = (page: Page) => page.evaluate(() => (window as unknown as { yinshSounds: Sound[] }).yinshSounds);

async function place(page: Page, n: number): Promise<void> {
  await expect(page.locator(".yb-board")).toHaveAttribute("data-mode", "place");
  const ply = Number(await page.getByTestId("game-page").getAttribute("data-ply"));
  const d = (await boardInfo(page)).marks[n * 7]?.point ?? "";
  await page.getByLabel("Type a decision").fill(d);
  await page.getByLabel("Type a decision").press("Enter");
  await waitPly(page, ply);
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-ply", String(ply + 2));
}

test.describe("languages", () => {
  test.use({ locale: "pl-PL" });
  test("the browser's language is used, the switch is remembered", async ({ page }) => {
    await page.goto(server.url);
    await expect(page.getByRole("heading", { name: "Zagraj w YINSH" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "pl");
    await page.getByLabel("Język").selectOption("de");
    await expect(page.getByRole("heading", { name: "YINSH spielen" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Partie erstellen" })).toBeVisible();
    await page.screenshot({ path: join(SHOTS, "lobby-de.png") });
    await page.reload();
    await expect(page.getByRole("heading", { name: "YINSH spielen" })).toBeVisible();
    await page.getByLabel("Sprache").selectOption("en");
    await expect(page.getByRole("heading", { name: "Play YINSH" })).toBeVisible();
  });
});

test.describe("live game", () => {
  test.use({ locale: "en-GB", viewport: { width: 1280, height: 800 } });

  test("step back and return to live, flip, sounds and mute, title, themes, coordinates, confirm", async ({ page }) => {
    await page.goto(server.url);
    await page.getByLabel("White (starts)").check();
    await page.getByLabel("Time control").selectOption("none");
    await page.getByRole("button", { name: "Create game" }).click();
    await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "active");
    await expect(page).toHaveTitle(/Your turn/);
    for (let i = 0; i < 3; i++) await place(page, i);
    // Sounds for the moves and for the turn coming back, not muted.
    const heard = await sounds(page);
    expect(heard.some((s) => s.kind === "move" && !s.muted)).toBe(true);
    expect(heard.some((s) => s.kind === "turn" && !s.muted)).toBe(true);

    // Step back with the arrow keys and the move list, then back to live.
    await page.locator("h2", { hasText: "Moves" }).click();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByTestId("history-bar")).toContainText("decision 5 of 6");
    await expect(page.locator(".yb-pieces .yb-ring")).toHaveCount(5);
    await expect(page.locator(".yb-board")).toHaveAttribute("data-mode", "none");
    await page.keyboard.press("ArrowLeft");
    await expect(page.locator(".yb-pieces .yb-ring")).toHaveCount(4);
    await page.getByRole("button", { name: "ply 2:" }).click();
    await expect(page.locator(".yb-pieces .yb-ring")).toHaveCount(2);
    await page.keyboard.press("End");
    await expect(page.getByTestId("history-bar")).toHaveCount(0);
    await page.keyboard.press("Home");
    await expect(page.locator(".yb-pieces .yb-ring")).toHaveCount(0);
    await page.getByRole("button", { name: "Back to the game" }).click();
    await expect(page.locator(".yb-pieces .yb-ring")).toHaveCount(6);
    await expect(page.locator(".yb-board")).toHaveAttribute("data-mode", "place");

    // Flip: Black comes to the bottom; F flips back.
    await expect(page.locator(".board-col > .player").last()).toHaveAttribute("data-testid", "player-white");
    await page.getByRole("button", { name: "Flip the board" }).click();
    await expect(page.locator(".board-col > .player").last()).toHaveAttribute("data-testid", "player-black");
    await page.keyboard.press("f");
    await expect(page.locator(".board-col > .player").last()).toHaveAttribute("data-testid", "player-white");

    // Mute, remembered after a reload; sounds asked for are then silent.
    await page.getByRole("button", { name: "Mute sounds" }).click();
    await page.reload();
    await expect(page.getByRole("button", { name: "Turn sounds on" })).toHaveAttribute("aria-pressed", "true");
    await place(page, 3);
    const after = await sounds(page);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((s) => s.muted)).toBe(true);

    // Dark theme, slate board, no coordinates: applied at once and remembered.
    await page.getByText("Settings").click();
    await page.getByLabel("Colours").selectOption("dark");
    await page.getByRole("combobox", { name: /^Board/ }).selectOption("slate");
    await page.getByLabel("Coordinates").uncheck();
    await expect(page.locator("html")).toHaveAttribute("data-scheme", "dark");
    await expect(page.locator("html")).toHaveAttribute("data-board", "slate");
    await expect(page.locator(".yb-coord").first()).toBeHidden();
    const bg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(bg).toBe("rgb(21, 25, 29)");
    await page.screenshot({ path: join(SHOTS, "game-dark-slate.png") });

    // Confirm moves: a click on the board asks first; Cancel sends nothing, Confirm does.
    await page.getByLabel("Confirm each move (touch screens)").check();
    await page.getByText("Settings").click();
    const ply = Number(await page.getByTestId("game-page").getAttribute("data-ply"));
    const pt = (await boardInfo(page)).marks[0]?.point as string;
    const xy = await pointXY(page, pt);
    await page.mouse.click(xy.x, xy.y);
    await expect(page.getByRole("region", { name: "Confirm your move" })).toContainText(`Play ${pt}?`);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("game-page")).toHaveAttribute("data-ply", String(ply));
    await page.mouse.click(xy.x, xy.y);
    await page.getByRole("button", { name: "Confirm" }).click();
    await waitPly(page, ply);
    await expect(page.locator(`.yb-pieces [data-point=${pt}]`)).toHaveCount(1);
  });

  test("a game lost on time: low-time sound, chat line, the panel names the winner", async ({ page }) => {
    // A 4-second clock (the server's minimum is 1 s): made through the API, then opened.
    await page.goto(server.url);
    const res = await page.request.post(`${server.url}/api/games`, {
      data: {
        variant: "normal",
        clock: { base_ms: 4000, increment_ms: 0 },
        opponent: { type: "ai", level: 1 },
        color: "white",
        name: "Pat",
      },
    });
    const g = (await res.json()) as { game: string; seat: string; token: string };
    await page.evaluate(
      (x) => localStorage.setItem(`yinsh.seat.${x.game}`, JSON.stringify({ seat: x.seat, token: x.token })),
      g,
    );
    await page.goto(`${server.url}/game/${g.game}`);
    const start = page.getByRole("button", { name: "Start" });
    if (await start.isVisible()) await start.click();
    await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "over", { timeout: 20000 });
    await expect(page.getByTestId("game-over")).toContainText("Computer (level 1) wins on time");
    await expect(page.locator(".chat-lines")).toContainText("Pat lost on time.");
    const heard = (await sounds(page)).map((s) => s.kind);
    expect(heard).toContain("low");
    expect(heard).toContain("end");
  });
});

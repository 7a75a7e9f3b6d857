// A game against the computer in the browser: loaded from the server, which is then stopped;
// level 2 is played to the end by clicks, the engine answering from its Web Worker.
import { join } from "node:path";
import { expect, test } from "./fixtures";
import { act, playToEnd, seeded } from "./play";
import { SHOTS, YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

test("play level 2 offline to the end with the server stopped", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(server.url);
  await page.getByRole("link", { name: "Play offline" }).click();
  await expect(page.getByTestId("offline-setup")).toBeVisible();
  await page.getByLabel("Level").selectOption("2");
  await page.getByLabel("You play").selectOption("b");
  await page.getByLabel("Variant").selectOption("blitz");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  // The computer (White) makes the first placement by itself.
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-ply", "1", { timeout: 20000 });
  const rnd = seeded(11);
  await act(page, "click", rnd);
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-ply", "3", { timeout: 20000 });
  // The game is kept in the browser: a reload continues it.
  await page.reload();
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-ply", "3");
  await expect(page.getByText("Offline game, level 2")).toBeVisible();

  // From here on no server: the rules and the engine run in the page.
  await server.stop();
  // Take back: our placement and the computer's reply, back to ply 1, our turn again.
  await page.getByRole("button", { name: "Take back" }).click();
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-ply", "1");
  await expect(page.getByRole("button", { name: "Take back" })).toBeDisabled();
  const made = await playToEnd(page, () => "click", rnd);
  expect(made.length).toBeGreaterThan(5);
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "over");
  await expect(page.getByTestId("status")).toContainText(/You win|The computer wins|Draw/);
  await page.screenshot({ path: join(SHOTS, "offline-over.png") });
  expect(errors).toEqual([]);
});

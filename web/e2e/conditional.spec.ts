// Conditional lines from the game page (docs/api.md "Conditional lines"): on Alice's turn in a
// correspondence game Bob stores a line (Alice's expected decision, then his reply) in the
// game's "Conditional lines" panel, after a line the server refuses (its sentence shown,
// nothing stored); then Bob closes his page, Alice plays into the line and sees Bob's reply
// at once, played by the server with nobody connected for Bob. The same from the analysis board:
// Bob enters a tree of two branches below the game's position, stores it ("Store lines"), and
// Alice's decision into the second branch is answered by the server with Bob's page closed,
// within a second of it by the server's record.

import { expectAccessible } from "./axe";
import { decide } from "./decide";
import { expect, test } from "./fixtures";
import { waitPly } from "./play";
import { accountPage, correspondenceGame } from "./players";
import { YinshServer } from "./server";

let server: YinshServer;
test.beforeAll(async () => {
  server = new YinshServer();
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

test("a line stored on the game page is answered by the server with nobody connected", async ({ browser }) => {
  const alice = await accountPage(browser, server.url, "alice");
  const bob = await accountPage(browser, server.url, "bob");
  const id = await correspondenceGame(alice, bob, server.url, 3);
  await decide(alice, "e5");
  await waitPly(bob, 0);
  await decide(bob, "f7");
  await waitPly(alice, 1);

  // Alice's turn: Bob opens the panel. A line whose first decision is illegal (e5 is taken).
  const panel = bob.getByTestId("conditional");
  await panel.locator("summary").click();
  await expect(panel).toContainText("No conditional lines stored.");
  const box = bob.getByLabel("Lines (one a row)");
  await box.fill("e5 g7");
  await panel.getByRole("button", { name: "Store lines" }).click();
  await expect(panel.getByRole("alert")).toBeVisible();
  await expect(panel).toContainText("No conditional lines stored.");
  // Two lines: if Alice places at d4, Bob answers g7; if at c3, h8.
  await box.fill("d4 g7\nc3 h8");
  await panel.getByRole("button", { name: "Store lines" }).click();
  await expect(panel.locator("ol li code")).toHaveText(["d4 g7", "c3 h8"]);
  await expect(panel.getByRole("alert")).toHaveCount(0);
  await expectAccessible(bob, "the conditional lines of a game");

  // Bob leaves; Alice plays into the first line and Bob's reply comes at once.
  await bob.context().close();
  await decide(alice, "d4");
  await expect(alice.getByTestId("game-page")).toHaveAttribute("data-ply", "4", { timeout: 5000 });
  const game = await (await alice.request.get(`${server.url}/api/games/${id}`)).json();
  expect(game.decisions).toEqual(["e5", "f7", "d4", "g7"]);
  await expect(alice.getByTestId("game-page")).toHaveAttribute("data-status", "active");
});

test("a tree of replies entered on the analysis board is stored and answered by the server", async ({ browser }) => {
  const alice = await accountPage(browser, server.url, "alice2");
  const bob = await accountPage(browser, server.url, "bob2");
  const id = await correspondenceGame(alice, bob, server.url, 3);
  await decide(alice, "e5");
  await waitPly(bob, 0);
  await decide(bob, "f7");
  await waitPly(alice, 1);

  // Alice's turn: Bob opens the analysis board from the game's panel, on the game's position.
  const panel = bob.getByTestId("conditional");
  await panel.locator("summary").click();
  await panel.getByRole("link", { name: "Prepare them on the analysis board" }).click();
  await expect(bob.getByTestId("analysis-page")).toBeVisible();
  const store = bob.getByTestId("store-lines");
  await expect(store).toContainText("Lines in the tree from the game's position (each path to its end): 0");
  await expect(store.getByRole("button", { name: "Store lines" })).toBeDisabled();
  await expect(bob.getByRole("button", { name: "ply 2: f7" })).toHaveAttribute("aria-current", /.+/);

  // A tree of two branches below the game's position: d4 then g7, and c3 then h8.
  await decide(bob, "d4");
  await decide(bob, "g7");
  await bob.getByRole("button", { name: "ply 2: f7" }).click();
  await decide(bob, "c3");
  await decide(bob, "h8");
  await expect(store).toContainText("Lines in the tree from the game's position (each path to its end): 2");
  await store.getByRole("button", { name: "Store lines" }).click();
  await expect(store.getByRole("status")).toHaveText("Conditional lines stored: 2.");

  // Back on the game page the panel lists them.
  await store.getByRole("link", { name: "Back to the game" }).click();
  await expect(bob.getByTestId("game-page")).toBeVisible();
  await bob.getByTestId("conditional").locator("summary").click();
  await expect(bob.getByTestId("conditional").locator("ol li code")).toHaveText(["d4 g7", "c3 h8"]);

  // Bob leaves; Alice plays into the second branch and Bob's reply comes at once.
  await bob.context().close();
  await decide(alice, "c3");
  await expect(alice.getByTestId("game-page")).toHaveAttribute("data-ply", "4", { timeout: 5000 });
  const game = await (await alice.request.get(`${server.url}/api/games/${id}`)).json();
  expect(game.decisions).toEqual(["e5", "f7", "c3", "h8"]);
  // Within a second of Alice's decision, by the server's times of the two decisions.
  const record = await (await alice.request.get(`${server.url}/api/games/${id}/record.json`)).json();
  const [c3, h8] = (record.decisions as Array<{ decision: string; at: number }>).slice(2);
  expect([c3?.decision, h8?.decision]).toEqual(["c3", "h8"]);
  const gap = (h8?.at ?? Infinity) - (c3?.at ?? 0);
  console.log(`the stored reply came ${gap} ms after the opponent's decision`);
  expect(gap).toBeLessThan(1000);
});

// Two browser contexts play each other from the lobby while a third watches; chat (a line
// removed by its author) and slash commands; the watcher sees every decision.
import { join } from "node:path";
import { expect, type Page, test } from "./fixtures";
import { act, boardInfo, seeded, waitPly } from "./play";
import { SHOTS, YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

test("two players and a spectator", async ({ playerPage }) => {
  const alice = await playerPage();
  const bob = await playerPage();
  const carol = await playerPage();

  // Alice creates a game against a human, blitz, 5+5, as White.
  await alice.goto(server.url);
  await alice.getByLabel("Your name").fill("Alice");
  await alice.getByLabel("Human").check();
  await alice.getByLabel("Variant").selectOption("blitz");
  await alice.getByLabel("Time control").selectOption("300000+5000");
  await alice.getByLabel("White (starts)").check();
  await alice.getByRole("button", { name: "Create game" }).click();
  await expect(alice).toHaveURL(/\/game\/[a-z0-9]{12}$/);
  const id = alice.url().split("/").pop() as string;
  await expect(alice.getByTestId("game-page")).toHaveAttribute("data-status", "waiting");
  await expect(alice.getByTestId("player-black")).toContainText("open seat");

  // Bob finds it among the open games and joins.
  await bob.goto(server.url);
  await bob.getByLabel("Your name").fill("Bob");
  await bob.getByLabel("Your name").blur();
  // The name is remembered once a game is created or joined; save it the same way.
  await bob.evaluate(() => localStorage.setItem("yinsh.name", "Bob"));
  const row = bob.getByTestId(`game-${id}`);
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Join" }).click();
  await expect(bob).toHaveURL(new RegExp(`/game/${id}$`));

  // Both agreed to start on arrival: the game runs, White's clock ticks.
  for (const p of [alice, bob]) await expect(p.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  await expect(alice.getByTestId("player-black")).toContainText("Bob");
  await expect(alice.getByTestId("clock-white")).toHaveClass(/running/);
  const t0 = await alice.getByTestId("clock-white").textContent();
  await alice.waitForTimeout(1500);
  expect(await alice.getByTestId("clock-white").textContent()).not.toBe(t0);
  // Bob sees the board from Black's side.
  await expect(bob.getByTestId("player-black")).toContainText("you");

  // Carol watches it from the list of games in progress.
  await carol.goto(server.url);
  const live = carol.getByTestId("active-games").getByTestId(`game-${id}`);
  await expect(live).toBeVisible();
  await carol.screenshot({ path: join(SHOTS, "lobby-with-games.png") });
  await live.getByRole("link", { name: "Watch" }).click();
  await expect(carol).toHaveURL(new RegExp(`/game/${id}$`));
  await expect(carol.locator(".info")).toContainText("You are watching");

  // Chat, and a slash command answered only to the sender.
  await alice.getByLabel("Chat message or /command").fill("good luck!");
  await alice.getByLabel("Chat message or /command").press("Enter");
  await expect(bob.locator(".chat-lines")).toContainText("Alice: good luck!");
  await expect(carol.locator(".chat-lines")).toContainText("Alice: good luck!");
  // Alice takes her line back: the remove button is hers alone; everyone sees it removed.
  await expect(bob.getByRole("button", { name: "Remove this line" })).toHaveCount(0);
  await expect(carol.getByRole("button", { name: "Remove this line" })).toHaveCount(0);
  await alice.getByRole("button", { name: "Remove this line" }).click();
  await expect(bob.locator(".chat-lines")).toContainText("Alice: Line removed by its author.");
  await expect(carol.locator(".chat-lines")).not.toContainText("good luck!");
  await bob.getByLabel("Chat message or /command").fill("/help");
  await bob.getByLabel("Chat message or /command").press("Enter");
  await expect(bob.locator(".chat-lines")).toContainText("/resign");
  await expect(alice.locator(".chat-lines")).not.toContainText("/resign");

  // An illegal typed decision is refused plainly; nothing is sent.
  await alice.getByLabel("Type a decision").fill("e4-e9");
  await alice.getByLabel("Type a decision").press("Enter");
  await expect(alice.getByTestId("error")).toContainText("not legal now");

  // Play: Alice with the mouse (drag and click), Bob by clicks, until the game ends.
  const rnd = seeded(42);
  let moves = 0;
  let undone = false;
  for (let n = 0; n < 400; n++) {
    // Whoever has something to decide (the other page shows no choices) acts.
    let page: Page | null = null;
    let info = await boardInfo(alice);
    for (let tries = 0; tries < 300 && !page && info.status !== "over"; tries++) {
      for (const p of [alice, bob]) {
        const i = await boardInfo(p);
        if (i.mode !== "none" || i.canPass) {
          page = p;
          info = i;
          break;
        }
      }
      if (!page) {
        await alice.waitForTimeout(50);
        info = await boardInfo(alice);
      }
    }
    if (info.status === "over") break;
    if (!page) throw new Error("nobody can move");
    const kind = await act(page, page === alice && moves % 2 === 0 ? "drag" : "click", rnd);
    if (kind === "drag" || kind === "move") moves++;
    if (kind) await waitPly(page, info.ply);
    if (n === 30) await carol.screenshot({ path: join(SHOTS, "spectator.png") });
    // Once, after Alice's ring move hands the turn to Bob: she asks to take it back; Bob
    // declines the first request and accepts the second.
    if (!undone && n > 20 && page === alice && (kind === "drag" || kind === "move")) {
      await expect.poll(async () => (await boardInfo(bob)).mode).toBe("move");
      const ply = (await boardInfo(alice)).ply;
      await alice.getByRole("button", { name: "Undo" }).click();
      await expect(bob.locator(".notice")).toContainText("White asks to take back");
      await bob.getByRole("button", { name: "Decline" }).click();
      await expect(bob.locator(".notice")).toHaveCount(0);
      await alice.getByRole("button", { name: "Undo" }).click();
      await bob.getByRole("button", { name: "Accept" }).click();
      for (const p of [alice, bob, carol])
        await expect(p.getByTestId("game-page")).toHaveAttribute("data-ply", String(ply - 1));
      undone = true;
    }
  }
  expect(undone, "the undo request was exercised").toBe(true);
  for (const p of [alice, bob, carol]) await expect(p.getByTestId("game-page")).toHaveAttribute("data-status", "over");
  const ply = await alice.getByTestId("game-page").getAttribute("data-ply");
  await expect(carol.getByTestId("game-page")).toHaveAttribute("data-ply", ply as string);
  // The spectator's board matches the players'.
  const pieces = async (p: Page) =>
    p.evaluate(() =>
      [...document.querySelectorAll(".yb-pieces [data-point]")]
        .map((e) => `${e.getAttribute("data-point")}${e.getAttribute("data-piece")}`)
        .sort()
        .join(" "),
    );
  expect(await pieces(carol)).toBe(await pieces(alice));
  expect(await pieces(bob)).toBe(await pieces(alice));
  await expect(carol.getByTestId("status")).toContainText(/wins|Draw/);

  // Rematch: both offer, both land in the new game with colours swapped.
  await alice.getByRole("button", { name: "Rematch" }).click();
  await expect(bob.getByRole("button", { name: "Accept rematch" })).toBeVisible();
  await bob.getByRole("button", { name: "Accept rematch" }).click();
  await expect(alice).not.toHaveURL(new RegExp(`/game/${id}$`));
  await expect(bob).toHaveURL(alice.url());
  await expect(alice.getByTestId("player-black")).toContainText("you");
  await expect(bob.getByTestId("player-white")).toContainText("you");
  await expect(carol.getByRole("link", { name: "Watch the rematch" })).toBeVisible();
});

test("a shared link lets a friend take the open seat", async ({ playerPage }) => {
  const alice = await playerPage();
  const bob = await playerPage();
  await alice.goto(server.url);
  await alice.getByLabel("Human").check();
  await alice.getByLabel("Black").check();
  await alice.getByRole("button", { name: "Create game" }).click();
  await expect(alice).toHaveURL(/\/game\/[a-z0-9]{12}$/);
  const link = await alice.getByLabel("Link to this game").inputValue();
  expect(link).toBe(alice.url());
  await bob.goto(link);
  await expect(bob.locator(".info")).toContainText("You are invited to play");
  await bob.getByRole("button", { name: "Play White" }).click();
  for (const p of [alice, bob]) await expect(p.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  await expect(bob.getByTestId("player-white")).toContainText("you");
  await expect(bob.getByTestId("status")).toContainText("Your turn: place a ring");
  await expect(alice.getByTestId("status")).toContainText("White to play");
  // Each sees the other connected; when Bob closes his tab, Alice sees him away.
  await expect(alice.getByTestId("presence-white")).toHaveClass(/\bon\b/);
  await expect(bob.getByTestId("presence-black")).toHaveClass(/\bon\b/);
  await bob.close();
  await expect(alice.getByTestId("presence-white")).toHaveClass(/\boff\b/);
  await expect(alice.getByTestId("player-white")).toContainText("away");
});

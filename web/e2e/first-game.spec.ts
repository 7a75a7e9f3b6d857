// A first game between friends, as a new player meets it: the invite link, a name, a few
// placements, resignation, the game-over panel (with its analysis link), a rematch declined, the replay.
import { join } from "node:path";
import { type Browser, expect, type Page, test } from "./fixtures";
import { waitPly } from "./play";
import { SHOTS, YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

async function newPage(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 860 }, locale: "en-GB" });
  const page = await ctx.newPage();
  page.on("pageerror", (e) => {
    throw e;
  });
  return page;
}

async function typeDecision(page: Page, d: string): Promise<void> {
  const ply = Number(await page.getByTestId("game-page").getAttribute("data-ply"));
  await page.getByLabel("Type a decision").fill(d);
  await page.getByLabel("Type a decision").press("Enter");
  await waitPly(page, ply);
}

test("an invited friend names themself, the game ends by resignation, a rematch is declined", async ({ browser }) => {
  const alice = await newPage(browser);
  const bob = await newPage(browser);
  await alice.goto(server.url);
  await alice.getByLabel("Your name").fill("Alice");
  await alice.getByLabel("Human").check();
  await alice.getByLabel("Time control").selectOption("none");
  await alice.getByLabel("White (starts)").check();
  await alice.getByRole("button", { name: "Create game" }).click();
  await expect(alice).toHaveURL(/\/game\/[a-z0-9]{12}$/);
  await expect(alice.getByTestId("status")).toContainText("send them the link");
  const link = await alice.getByLabel("Link to this game").inputValue();

  // Bob opens the link: he is invited (not "watching"), not told to share the link, and
  // gives his name before taking the seat.
  // Every text Bob's info line shows, however briefly, from the first render on.
  await bob.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { infoSeen: string[] }).infoSeen = seen;
    new MutationObserver(() => {
      const el = document.querySelector(".info");
      if (el) seen.push(el.textContent ?? "");
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await bob.goto(link);
  await expect(bob.getByTestId("status")).toContainText("Alice invites you to play Black");
  await expect(bob.getByTestId("status")).not.toContainText("send them the link");
  await expect(bob.locator(".info")).not.toContainText("You are watching");
  await expect(bob.getByTestId("player-black")).not.toContainText("open seat");
  await bob.getByLabel("Your name").fill("Bob");
  await bob.getByRole("button", { name: "Play Black" }).click();
  for (const p of [alice, bob]) await expect(p.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  await expect(alice.getByTestId("player-black")).toContainText("Bob");
  await expect(bob.getByTestId("player-black")).toContainText("Bob");
  await expect(bob.locator(".info")).toContainText("You play Black");
  const info = await bob.evaluate(() => (window as unknown as { infoSeen: string[] }).infoSeen);
  expect(info.some((t) => t.includes("You are invited to play"))).toBe(true);
  expect(info.filter((t) => t.includes("You are watching"))).toEqual([]);

  // During placement either player may still abort.
  await typeDecision(alice, "e5");
  await typeDecision(bob, "f6");
  await expect(alice.getByRole("button", { name: "Abort" })).toBeVisible();
  await expect(bob.getByRole("button", { name: "Abort" })).toBeVisible();

  // Alice resigns: both see who won and why, and a line in the chat says so.
  alice.once("dialog", (d) => d.accept());
  await alice.getByRole("button", { name: "Resign" }).click();
  for (const p of [alice, bob]) {
    const panel = p.getByTestId("game-over");
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("Bob wins by resignation");
    await expect(p.locator(".chat-lines")).toContainText("Alice resigned.");
    await expect(p.getByTestId("status")).not.toContainText(/Black wins/);
  }
  await alice.screenshot({ path: join(SHOTS, "game-over-panel.png") });
  // The panel links the analysis board with the whole game (both placements).
  const analyse = bob.getByTestId("over-analyse");
  await expect(analyse).toHaveText("Analyse the game");
  expect(decodeURIComponent((await analyse.getAttribute("href")) ?? "").replaceAll("+", " ")).toContain("moves=e5 f6");

  // Bob offers a rematch; Alice is told and declines; Bob is told.
  await bob.getByTestId("game-over").getByRole("button", { name: "Rematch" }).click();
  await expect(alice.getByTestId("game-over")).toContainText("Bob offers a rematch");
  await alice.getByTestId("game-over").getByRole("button", { name: "Decline" }).click();
  await expect(alice.getByTestId("game-over").getByRole("button", { name: "Accept rematch" })).toHaveCount(0);
  await expect(bob.locator(".chat-lines")).toContainText("declined the rematch");

  // The replay of the resigned game: nobody is "to move" at its end, the winner is named.
  await alice.getByTestId("game-over").getByRole("link", { name: "Replay" }).click();
  await expect(alice.getByTestId("replay-page")).toHaveAttribute("data-ply", "2");
  await expect(alice.locator(".status-line")).toContainText("Bob wins by resignation");
  for (const side of ["white", "black"]) await expect(alice.getByTestId(`player-${side}`)).not.toContainText("to move");

  // New game goes to the lobby's create form.
  await bob.getByTestId("game-over").getByRole("link", { name: "New game" }).click();
  await expect(bob).toHaveURL(`${server.url}/`);
  await expect(bob.getByRole("button", { name: "Create game" })).toBeVisible();
});

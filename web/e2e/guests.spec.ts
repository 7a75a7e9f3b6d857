// Accounts and guests told apart wherever a name appears (ui/PlayerName.tsx): the account
// "Alice" plays a guest who calls itself "Alice2". Alice's name links to /@/Alice and is never
// marked; the guest's carries the guest mark and links nowhere: in the lobby's seek list, the
// game's seats, its chat, the lobby's and Alice's page's lists of games, and the replay.
import { join } from "node:path";
import { expectAccessible } from "./axe";
import { expect, type Locator, type Page, test } from "./fixtures";
import { gameId, register } from "./players";
import { SHOTS, YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

/** A guest's browser (`playerPage`) that calls itself `name`. */
async function guestPage(playerPage: () => Promise<Page>, name: string): Promise<Page> {
  const page = await playerPage();
  await page.addInitScript((n) => localStorage.setItem("yinsh.name", n), name);
  // The dark scheme here, the light one in Alice's browser: the mark is checked with axe in both.
  await page.addInitScript(() => localStorage.setItem("yinsh.settings", JSON.stringify({ theme: "dark" })));
  return page;
}

/** `where` shows the account Alice's name as a link to her page, without the guest mark. */
async function isAccount(where: Locator, link = "account-link", mark = "guest-mark"): Promise<void> {
  await expect(where.getByTestId(link)).toHaveText("Alice");
  await expect(where.getByTestId(link)).toHaveAttribute("href", "/@/Alice");
  await expect(where.getByTestId(mark)).toHaveCount(0);
}

/** `where` shows the guest's name "Alice2" with the guest mark, and no link to any player's page. */
async function isGuest(where: Locator, link = "account-link", mark = "guest-mark"): Promise<void> {
  await expect(where).toContainText("Alice2");
  await expect(where.getByTestId(mark)).toHaveText("guest");
  await expect(where.getByTestId(mark)).toHaveAttribute("title", /no account/);
  await expect(where.getByTestId(link)).toHaveCount(0);
  await expect(where.locator('a[href^="/@/"]')).toHaveCount(0);
}

test("an account's name links to its page, a guest's is marked as a guest's", async ({ playerPage }) => {
  const alice = await playerPage();
  await register(alice, server.url, "Alice");
  const guest = await guestPage(playerPage, "Alice2");

  // The guest posts a seek: Alice sees it marked as a guest's.
  await guest.goto(server.url);
  await guest.getByLabel("Seek clock").selectOption("600000+5000");
  await guest.getByRole("button", { name: "Post a seek" }).click();
  await expect(guest.getByTestId("seek-mine")).toContainText("Alice2");
  await alice.goto(server.url);
  const seek = alice.getByTestId("seek-other");
  await isGuest(seek);
  await seek.getByRole("button", { name: "Play" }).click();
  await expect(alice).toHaveURL(/\/game\/[a-z0-9]{12}$/);
  await expect(guest).toHaveURL(alice.url());
  const id = gameId(alice);
  for (const p of [alice, guest]) await expect(p.getByTestId("game-page")).toHaveAttribute("data-status", "active");

  // The seats, as each player and as the server see them.
  const game = await (await alice.request.get(`${server.url}/api/games/${id}`)).json();
  const aliceSide = game.state.seats.white.name === "Alice" ? "white" : "black";
  const guestSide = aliceSide === "white" ? "black" : "white";
  expect(game.state.seats[guestSide].name).toBe("Alice2");
  for (const p of [alice, guest]) {
    await isAccount(p.getByTestId(`player-${aliceSide}`), `account-${aliceSide}`, `guest-${aliceSide}`);
    await isGuest(p.getByTestId(`player-${guestSide}`), `account-${guestSide}`, `guest-${guestSide}`);
  }

  // The chat: each writes a line; the guest's is marked, Alice's links to her page.
  await guest.getByLabel("Chat message or /command").fill("hello from a guest");
  await guest.getByLabel("Chat message or /command").press("Enter");
  await alice.getByLabel("Chat message or /command").fill("hello from an account");
  await alice.getByLabel("Chat message or /command").press("Enter");
  for (const p of [alice, guest]) {
    const lines = p.locator(".chat-line");
    await isGuest(lines.filter({ hasText: "hello from a guest" }));
    await isAccount(lines.filter({ hasText: "hello from an account" }));
  }
  await alice.screenshot({ path: join(SHOTS, "guest-marked.png") });
  await expectAccessible(alice, "a game with a guest (light)");
  await expect(guest.locator("html")).toHaveAttribute("data-scheme", "dark");
  await expectAccessible(guest, "a game with a guest (dark)");

  // The lobby's list of games in progress.
  await alice.goto(server.url);
  const row = alice.getByTestId("active-games").getByTestId(`game-${id}`);
  await isAccount(row.locator(".player-name").filter({ hasText: /^Alice$/ }));
  await isGuest(row.locator(".player-name").filter({ hasText: "Alice2" }));

  // Alice's page lists the game, her opponent marked as a guest.
  await alice.goto(`${server.url}/@/Alice`);
  const listed = alice.getByTestId("player-game").filter({ has: alice.locator(`a[href="/replay/${id}"]`) });
  await isAccount(listed.locator(".player-name").filter({ hasText: /^Alice$/ }));
  await isGuest(listed.locator(".player-name").filter({ hasText: "Alice2" }));

  // The replay, from the game's record.
  await guest.goto(`${server.url}/replay/${id}`);
  await isAccount(guest.getByTestId(`player-${aliceSide}`), `account-${aliceSide}`, `guest-${aliceSide}`);
  await isGuest(guest.getByTestId(`player-${guestSide}`), `account-${guestSide}`, `guest-${guestSide}`);
});

// Finding an opponent from the lobby (docs/api.md 3.5) with two browsers: a quick-pairing
// match, and a seek posted in one browser and accepted with one click in the other. Both end
// on the same started game, each in its own seat.
import { expect, type Page, test } from "./fixtures";
import { YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());
/** A player's browser (`playerPage`) on the lobby, as the guest `name` when one is given. */
async function player(playerPage: () => Promise<Page>, name: string): Promise<Page> {
  const page = await playerPage();
  if (name) await page.addInitScript((n) => localStorage.setItem("yinsh.name", n), name);
  await page.goto(server.url);
  await expect(page.getByTestId("find-opponent").getByRole("heading", { name: /Find an opponent/ })).toBeVisible();
  return page;
}

async function sameGame(a: Page, b: Page, aName: string, bName: string): Promise<void> {
  await expect(a).toHaveURL(/\/game\/[a-z0-9]{12}$/);
  await expect(b).toHaveURL(/\/game\/[a-z0-9]{12}$/);
  expect(a.url()).toBe(b.url());
  for (const p of [a, b]) await expect(p.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  // Each holds its own seat: one of them sees "you" on White, the other on Black.
  const aWhite = (await a.getByTestId("player-white").textContent())?.includes("you");
  await expect(b.getByTestId(aWhite ? "player-black" : "player-white")).toContainText("you");
  await expect(a.getByTestId(aWhite ? "player-white" : "player-black")).toContainText("you");
  await expect(a.getByTestId(aWhite ? "player-black" : "player-white")).toContainText(bName);
  await expect(b.getByTestId(aWhite ? "player-white" : "player-black")).toContainText(aName);
}

test("quick pairing matches two browsers", async ({ playerPage }) => {
  const alice = await player(playerPage, "Alice");
  const bob = await player(playerPage, "Bob");
  await alice.getByTestId("quick-pairing").getByRole("button", { name: "3 min + 2 s" }).click();
  await expect(alice.getByTestId("pairing")).toContainText("3 min + 2 s");
  await bob.getByTestId("quick-pairing").getByRole("button", { name: "3 min + 2 s" }).click();
  await sameGame(alice, bob, "Alice", "Bob");
});

test("two guests who typed their names in the lobby play under them", async ({ playerPage }) => {
  // Names typed into the lobby's name field, not saved beforehand: before, quick pairing
  // made "Guest vs Guest" (the lobby's connection kept the name it was opened with).
  const typed = async (name: string) => {
    const page = await player(playerPage, "");
    await page.getByLabel("Your name").fill(name);
    return page;
  };
  const erin = await typed("Erin");
  const finn = await typed("Finn");
  await erin.getByTestId("quick-pairing").getByRole("button", { name: "5 min + 3 s" }).click();
  await expect(erin.getByTestId("pairing")).toContainText("5 min + 3 s");
  await finn.getByTestId("quick-pairing").getByRole("button", { name: "5 min + 3 s" }).click();
  await sameGame(erin, finn, "Erin", "Finn");
  // The server's own page of the game (its link preview) names them too.
  const html = await (await erin.request.get(erin.url())).text();
  expect(html).toMatch(/<meta property="og:title" content="(Erin vs Finn|Finn vs Erin) - YINSH">/);
  // And a reload keeps the name typed.
  await erin.goto(server.url);
  await expect(erin.getByLabel("Your name")).toHaveValue("Erin");
});

test("a seek posted in one browser is accepted in another", async ({ playerPage }) => {
  const carol = await player(playerPage, "Carol");
  const dave = await player(playerPage, "Dave");
  await carol.getByLabel("Seek clock").selectOption("600000+5000");
  await carol.getByRole("button", { name: "Post a seek" }).click();
  await expect(carol.getByTestId("seek-mine")).toContainText("Carol");
  const row = dave.getByTestId("seek-other");
  await expect(row).toContainText("Carol");
  await expect(row).toContainText("10 min + 5 s");
  await row.getByRole("button", { name: "Play" }).click();
  await sameGame(carol, dave, "Carol", "Dave");
});

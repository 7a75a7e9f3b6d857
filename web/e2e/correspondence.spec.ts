// A correspondence game over two "days" of the server's test clock (moved forward by
// POST /api/test/clock, never by sleeping), with a restart of the server on the same database
// in between: Bob is told of his turn by the header's bell (its list checked with axe) and by
// the browser's own notification while his tab is hidden (window.Notification stubbed by an
// init script that grants permission when asked and records what is shown), and by one
// your-turn mail per move left unanswered, caught by a real SMTP server. Then both close their
// pages and the deadline passes: the server decides the timeout with no connection open.

import type { APIRequestContext } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, type Page, test } from "./fixtures";
import { act, seeded, waitPly } from "./play";
import { accountPage, correspondenceGame } from "./players";
import { YinshServer } from "./server";
import { SmtpSink } from "./smtp";

const DAY = 24 * 3600 * 1000;
const TURN_DELAY = 60000;
const sink = new SmtpSink();
let server: YinshServer;
let offset = 0; // how far the test clock was moved: a restarted server's clock starts at 0

test.beforeAll(async () => {
  await sink.start();
  server = new YinshServer([
    "--test-clock",
    ...["--smtp-url", `smtp://127.0.0.1:${sink.port}`, "--mail-from", "YINSH <yinsh@example.org>"],
    ...["--mail-check-ms", "100", "--mail-turn-delay-ms", String(TURN_DELAY), "--deadline-check-ms", "100"],
  ]);
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
  sink.dispose();
});

/** Stands in for the Notifications API: permission asked is granted (and kept in the tab's
 *  storage), each notification shown is recorded; `document.hidden` follows window.hideTab. */
function stubNotifications(): void {
  type Shown = { title: string; body: string; tag: string; click: () => void };
  const w = window as unknown as { shown: Shown[]; hideTab: boolean; Notification: unknown };
  w.shown = [];
  w.hideTab = false;
  class Stub {
    static get permission(): string {
      return localStorage.getItem("stub.permission") ?? "default";
    }
    static async requestPermission(): Promise<string> {
      localStorage.setItem("stub.permission", "granted");
      return "granted";
    }
    onclick: (() => void) | null = null;
    constructor(title: string, o: { body: string; tag: string }) {
      w.shown.push({ title, body: o.body, tag: o.tag, click: () => this.onclick?.() });
    }
    close(): void {}
  }
  w.Notification = Stub;
  Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => w.hideTab });
}

async function moveClock(request: APIRequestContext, ms: number): Promise<void> {
  const r = await request.post(`${server.url}/api/test/clock`, { data: { advance_ms: ms } });
  expect(r.ok()).toBe(true);
}

async function advance(page: Page, ms: number): Promise<void> {
  await moveClock(page.request, ms);
  offset += ms;
}

/** The your-turn mails Bob was sent so far. */
const turnMails = () => sink.mails().filter((m) => m.includes("To: bob@example.org") && /Subject: Your turn/.test(m));

test("a correspondence game over two days and a restart, told by bell, notification and mail", async ({ browser }) => {
  const rnd = seeded(72);
  const alice = await accountPage(browser, server.url, "alice", stubNotifications);
  const bob = await accountPage(browser, server.url, "bob", stubNotifications);
  // Bob's address, verified through the mailed link (which turns the your-turn mail on).
  expect(
    (await bob.request.post(`${server.url}/api/account/email`, { data: { address: "bob@example.org" } })).ok(),
  ).toBe(true);
  await bob.goto(await sink.link("bob@example.org", "verify", new Set()));
  await expect(bob.getByTestId("email-status")).toContainText("(verified)");

  // Day 1: Alice (White) makes a game of 2 days per move, Bob joins; both open it.
  const id = await correspondenceGame(alice, bob, server.url, 2);
  await act(alice, "click", rnd);
  await waitPly(bob, 0);
  await expect(bob.getByTestId("bell-count"), "no item for the game in view").toHaveCount(0);
  await act(bob, "click", rnd);
  await waitPly(alice, 1);

  // Bob goes to his list of games and allows the browser's notifications from the bell.
  await bob.goto(`${server.url}/games`);
  await bob.getByTestId("bell").click();
  await bob.getByTestId("bell-permission").click();
  await expect(bob.getByTestId("bell-panel")).toContainText("This browser shows notifications");
  await bob.keyboard.press("Escape");
  await expect(bob.getByTestId("bell-panel")).toHaveCount(0);
  await expect(bob.getByTestId("bell")).toBeFocused();
  await act(alice, "click", rnd);
  await expect(bob.getByTestId("bell-count")).toHaveText("1");
  await expect(bob.getByTestId("bell")).toHaveAttribute("aria-label", "Notifications: 1 unread");
  await bob.getByTestId("bell").click();
  await expect(bob.getByTestId("bell-item")).toHaveText(["Your turn against alice (unread)"]);
  await expectAccessible(bob, "the bell's list open");
  await bob.keyboard.press("Escape");

  // The mail: once the move is older than the turn delay, one mail, and only one.
  await advance(alice, TURN_DELAY + 1000);
  await expect.poll(() => turnMails().length).toBe(1);
  expect(turnMails()[0]).toContain(`/game/${id}`);

  // About a day later (Bob still has one), the server restarts on the same database.
  await advance(alice, DAY - TURN_DELAY);
  await server.stop();
  await server.start(server.port);
  await moveClock(alice.request, offset); // the restarted test clock starts from the real time again

  // Day 2: Bob replies (the open game reads its notice), then waits on his list with the tab
  // in the background; Alice moves.
  await bob.goto(`${server.url}/game/${id}`);
  await expect(bob.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  await act(bob, "click", rnd);
  await waitPly(alice, 3);
  await bob.goto(`${server.url}/games`);
  await bob.evaluate(() => {
    (window as unknown as { hideTab: boolean }).hideTab = true;
  });
  await expect(bob.getByTestId("bell-count")).toHaveCount(0); // day 1's was read with the game
  await act(alice, "click", rnd);
  await expect(bob.getByTestId("bell-count")).toHaveText("1");
  const shown = await bob.evaluate(() =>
    (window as unknown as { shown: Array<{ title: string; body: string }> }).shown.map((s) => `${s.title}: ${s.body}`),
  );
  expect(shown).toEqual(["YINSH: Your turn against alice"]);
  // Clicking the system notification opens the game, where its notices are read.
  await bob.evaluate(() => {
    const w = window as unknown as { shown: Array<{ click: () => void }>; hideTab: boolean };
    w.hideTab = false;
    w.shown[0]?.click();
  });
  await expect(bob).toHaveURL(`${server.url}/game/${id}`);
  await expect(bob.getByTestId("bell-count")).toHaveCount(0);
  await advance(alice, TURN_DELAY + 1000);
  await expect.poll(() => turnMails().length).toBe(2);
  await advance(alice, 1000);
  await bob.waitForTimeout(500); // several looks of the mailer (every 100 ms): no second mail for the move
  expect(turnMails()).toHaveLength(2);

  // Both leave; Bob's two days pass with nobody connected: the sweep decides the game.
  await alice.context().close();
  const request = bob.request;
  await bob.close();
  await moveClock(request, 2 * DAY);
  await expect
    .poll(async () => (await (await request.get(`${server.url}/api/games/${id}`)).json()).state.status)
    .toBe("over");
  const game = await (await request.get(`${server.url}/api/games/${id}`)).json();
  expect(game.state.result).toMatchObject({ winner: "white", reason: "timeout" });
  const mine = await (await request.get(`${server.url}/api/account/games`)).json();
  expect(mine.games).toEqual([]);
  const again = await bob.context().newPage();
  await again.goto(`${server.url}/game/${id}`);
  await expect(again.getByTestId("game-page")).toHaveAttribute("data-status", "over");
});

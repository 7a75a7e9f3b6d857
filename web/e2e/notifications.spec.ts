// The browser's own notification shown through the service worker (Android's Chrome shows
// none from a page): Bob's browser has the notifications permission granted, the site's
// service worker (sw.js) is registered, and his tab is hidden (`document.hidden` made to say
// so by an init script) while Alice moves in their correspondence game: the worker's
// registration holds the "your turn" notification, with the game's address. Its click (the
// worker's "notificationclick" listener, called with that notification) brings Bob's tab to
// the game, where the notice is read.
import { expect, test } from "./fixtures";
import { act, seeded, waitPly } from "./play";
import { accountPage, correspondenceGame } from "./players";
import { YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

/** `document.hidden` follows window.hideTab (headless tabs are never hidden); window.shown
 *  counts the notifications the page had the worker show, once each one's promise settled. */
function hideableTab(): void {
  const w = window as unknown as { hideTab: boolean; shown: number };
  w.hideTab = false;
  w.shown = 0;
  Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => w.hideTab });
  const show = ServiceWorkerRegistration.prototype.showNotification;
  ServiceWorkerRegistration.prototype.showNotification = async function (this: ServiceWorkerRegistration, ...a) {
    try {
      return await show.apply(this, a);
    } finally {
      w.shown += 1;
    }
  };
}

test("a your-turn notification is shown through the service worker and its click opens the game", async ({
  browser,
}) => {
  const rnd = seeded(72);
  const alice = await accountPage(browser, server.url, "alice");
  const bob = await accountPage(browser, server.url, "bob", hideableTab);
  await bob.context().grantPermissions(["notifications"], { origin: server.url });
  const id = await correspondenceGame(alice, bob, server.url, 3);
  await act(alice, "click", rnd);
  await waitPly(bob, 0);
  await act(bob, "click", rnd);
  await waitPly(alice, 1);

  await bob.goto(`${server.url}/games`);
  await bob.getByTestId("bell").click();
  await expect(bob.getByTestId("bell-panel")).toContainText("This browser shows notifications");
  await bob.keyboard.press("Escape");
  expect(await bob.evaluate(async () => !!(await navigator.serviceWorker.ready).active)).toBe(true);
  await bob.evaluate(() => {
    (window as unknown as { hideTab: boolean }).hideTab = true;
  });
  await act(alice, "click", rnd);
  await expect(bob.getByTestId("bell-count")).toHaveText("1");
  // Asked for only once it is shown: Chromium's getNotifications() forgets a notification it
  // finds stored but not yet on the screen.
  await expect.poll(() => bob.evaluate(() => (window as unknown as { shown: number }).shown)).toBe(1);
  const shown = () =>
    bob.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        url: (n.data as { url?: string } | null)?.url,
      })),
    );
  await expect.poll(shown).toEqual([{ title: "YINSH", body: "Your turn against alice", url: `/game/${id}` }]);

  // The click, as the browser hands it to the worker (an event made in the worker itself: a
  // real notification cannot be clicked from a test).
  const [worker] = bob.context().serviceWorkers();
  expect(worker).toBeTruthy();
  await bob.evaluate(() => {
    (window as unknown as { hideTab: boolean }).hideTab = false;
  });
  await worker?.evaluate(async () => {
    type Made = new (type: string, init: { notification: Notification }) => Event;
    const sw = self as unknown as { registration: ServiceWorkerRegistration; NotificationEvent: Made } & EventTarget;
    const [n] = await sw.registration.getNotifications();
    if (!n) throw new Error("no notification");
    sw.dispatchEvent(new sw.NotificationEvent("notificationclick", { notification: n }));
  });
  await expect(bob).toHaveURL(`${server.url}/game/${id}`);
  await expect(bob.getByTestId("bell-count")).toHaveCount(0);
  await expect.poll(shown, "the clicked notification is closed").toEqual([]);
});

// Installable and fast: the first load over an emulated "Fast 3G" connection (Chrome
// DevTools' preset: 562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up) is measured and the
// bytes of the first page kept under 150 kB; the service worker then serves the UI with no
// network, where a downloaded record can still be replayed.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { SHOTS, YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());
test.use({ locale: "en-GB" });

const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180000, uploadThroughput: 84375 };

test("first load on Fast 3G: under 150 kB, time measured", async ({ page, context }) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", FAST_3G);
  const bytes = new Map<string, number>();
  cdp.on("Network.loadingFinished", (e: { requestId: string; encodedDataLength: number }) =>
    bytes.set(e.requestId, e.encodedDataLength),
  );
  const t0 = Date.now();
  await page.goto(server.url);
  await expect(page.getByRole("heading", { name: "Play YINSH" })).toBeVisible();
  await expect(page.getByTestId("open-games")).not.toContainText("Loading");
  const ms = Date.now() - t0;
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    const files = [nav, ...(performance.getEntriesByType("resource") as PerformanceResourceTiming[])];
    return {
      fcp: Math.round(paint?.startTime ?? 0),
      domContentLoaded: Math.round(nav.domContentLoadedEventEnd),
      files: files.map((f) => ({ name: new URL(f.name).pathname + new URL(f.name).search, bytes: f.transferSize })),
    };
  });
  const total = [...bytes.values()].reduce((a, b) => a + b, 0);
  const figures = { ...timing, lobbyWithListsMs: ms, transferredBytes: total };
  writeFileSync(join(SHOTS, "..", "fast3g.json"), JSON.stringify(figures, null, 1));
  console.log(`Fast 3G first load: ${JSON.stringify(figures)}`);
  expect(total).toBeLessThan(150_000);
});

test("the UI is cached: a second visit works with no network", async ({ page, context }) => {
  await page.goto(server.url);
  await expect(page.getByRole("heading", { name: "Play YINSH" })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Let the worker take control (clients.claim) before going offline.
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await context.setOffline(true);
  await page.goto(`${server.url}/#replay=${encodeURIComponent("1.e5 2.f6 3.a2 4.b2")}`);
  await expect(page.getByTestId("replay-page")).toBeVisible();
  await expect(page.getByTestId("counter")).toHaveText("0 / 4");
  await page.getByRole("button", { name: "Last" }).click();
  await expect(page.locator(".yb-pieces .yb-ring")).toHaveCount(4);
  await page.screenshot({ path: join(SHOTS, "offline-replay.png") });
  await context.setOffline(false);
});

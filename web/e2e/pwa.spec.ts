// Installable and fast: the first load over an emulated "Fast 3G" connection (Chrome
// DevTools' preset: 562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up) is measured and the
// bytes of the first page kept under 150 kB; the service worker then serves the UI with no
// network, where a downloaded record can still be replayed.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type BrowserContext, expect, type Page, test } from "./fixtures";
import { SHOTS, YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());
test.use({ locale: "en-GB" });

const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180000, uploadThroughput: 84375 };

/** Emulates Fast 3G with no cache; returns the bytes each request brought, by URL. */
async function fast3g(page: Page, context: BrowserContext): Promise<Map<string, { url: string; bytes: number }>> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", FAST_3G);
  const got = new Map<string, { url: string; bytes: number }>();
  cdp.on("Network.requestWillBeSent", (e: { requestId: string; request: { url: string } }) =>
    got.set(e.requestId, { url: e.request.url, bytes: 0 }),
  );
  cdp.on("Network.loadingFinished", (e: { requestId: string; encodedDataLength: number }) =>
    got.set(e.requestId, { url: got.get(e.requestId)?.url ?? "", bytes: e.encodedDataLength }),
  );
  return got;
}

const sum = (got: Map<string, { url: string; bytes: number }>, keep = (_url: string) => true) =>
  [...got.values()].filter((r) => keep(r.url)).reduce((a, r) => a + r.bytes, 0);

test("first load on Fast 3G: under 150 kB, time measured", async ({ page, context }) => {
  const got = await fast3g(page, context);
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
  const total = sum(got);
  const figures = { ...timing, lobbyWithListsMs: ms, transferredBytes: total };
  writeFileSync(join(SHOTS, "..", "fast3g.json"), JSON.stringify(figures, null, 1));
  console.log(`Fast 3G first load: ${JSON.stringify(figures)}`);
  expect(total).toBeLessThan(150_000);
});

// A page that needs the rules loads the core (yinsh-core.mjs, the wasm inside as base64):
// it travels gzip-compressed (the build's .gz, sent by the server). Chrome also counts the
// core decoding its own wasm from a data: URL, which is no network transfer: left out.
test("first load of the analysis board on Fast 3G: the core arrives compressed", async ({ page, context }) => {
  const got = await fast3g(page, context);
  const encoding = new Map<string, string>();
  page.on("response", (r) => encoding.set(new URL(r.url()).pathname, r.headers()["content-encoding"] ?? ""));
  const t0 = Date.now();
  await page.goto(`${server.url}/analysis`);
  await expect(page.getByTestId("analysis-page")).toBeVisible();
  const ms = Date.now() - t0;
  const network = sum(got, (u) => !u.startsWith("data:"));
  const files = [...got.values()].map((r) => ({
    name: r.url.startsWith("data:") ? "data:" : new URL(r.url).pathname,
    bytes: r.bytes,
  }));
  const figures = { analysisBoardMs: ms, networkBytes: network, files };
  writeFileSync(join(SHOTS, "..", "fast3g-analysis.json"), JSON.stringify(figures, null, 1));
  console.log(`Fast 3G analysis board: ${JSON.stringify(figures)}`);
  expect(encoding.get("/yinsh-core.mjs")).toBe("gzip");
  expect(encoding.get("/app.js")).toBe("gzip");
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
  // The learning pages too: the tutorial and a puzzle from the cached puzzle set.
  await page.goto(`${server.url}/learn`);
  await expect(page.getByTestId("learn-page")).toBeVisible();
  await page.goto(`${server.url}/puzzles`);
  await expect(page.getByTestId("puzzle-page")).toBeVisible();
  await context.setOffline(false);
});

// Service worker: keeps the UI (page, scripts, the WebAssembly core, styles, icon, manifest,
// the puzzle set) in a cache named
// after the build, so that the page opens at once on a later visit and without a network.
// The API and the WebSocket always go to the network. Generated into dist/ by build.mjs,
// which replaces __VERSION__ with a hash of the files. Also opens what a notification it
// showed is about when clicked (below).
const CACHE = "yinsh-ui-__VERSION__";
const FILES = [
  "/",
  "/app.js",
  "/engine-worker.js",
  "/yinsh-core.mjs",
  "/yinsh-core-nosimd.mjs",
  "/app.css",
  "/manifest.json",
  "/icon.svg",
  "/puzzles.json",
];

self.addEventListener("install", (e) => {
  e.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith("yinsh-ui-") && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (e) => {
  const req = e.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== location.origin || url.pathname.startsWith("/api/") || url.pathname === "/ws") return;
  if (req.mode === "navigate") {
    // Every page of the UI is index.html: from the network (which knows a missing page,
    // status 404), from the cache when the network fails.
    e.respondWith(fetch(req).catch(() => caches.match("/").then((hit) => hit ?? Response.error())));
    return;
  }
  if (FILES.includes(url.pathname)) e.respondWith(caches.match(url.pathname).then((hit) => hit ?? fetch(req)));
});

// A notification shown through this worker (src/account/systemNotice.ts) clicked: a tab of the
// site is brought forward — the one already on the notice's page, else any — and told which
// notice it was, so that it opens the page and reads the notice; with no tab of the site
// open, the notice's page is opened in a new one.
self.addEventListener("notificationclick", (e) => {
  const n = e.notification;
  n.close();
  const path = typeof n.data?.url === "string" && n.data.url.startsWith("/") ? n.data.url : "/";
  const url = new URL(path, location.origin).href;
  e.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
      const tab = tabs.find((c) => c.url === url) ?? tabs[0];
      if (!tab) return self.clients.openWindow(url);
      tab.postMessage({ type: "notice-click", tag: n.tag, url: path });
      return tab.focus();
    }),
  );
});

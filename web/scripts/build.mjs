// Builds web/dist: index.html, app.js, engine-worker.js, app.css, the web app manifest and
// icon, the puzzle set (src/static/puzzles.json, written by `yinsh puzzles`), and the service worker (sw.js, its cache named after a hash of the other files);
// beside each, NAME.gz (gzip -9), which `yinsh serve` sends to browsers that accept gzip.
// The rules core, web/dist/yinsh-core.mjs, is built by scripts/build-wasm (scripts/setup).
// `--watch` rebuilds on change (without .gz files: the server ignores a .gz older than its file).
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { constants, gzipSync } from "node:zlib";
import * as esbuild from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const watch = process.argv.includes("--watch");
mkdirSync(dist, { recursive: true });

const options = {
  // The engine's Web Worker is its own bundle; both load /yinsh-core.mjs, or where the browser
  // lacks WebAssembly SIMD /yinsh-core-nosimd.mjs (scripts/build-wasm; src/engine/core.ts).
  entryPoints: { app: join(root, "src/main.tsx"), "engine-worker": join(root, "src/engine/worker.ts") },
  outdir: dist,
  bundle: true,
  format: "esm",
  target: ["es2020"],
  minify: !watch,
  sourcemap: true,
  jsx: "automatic",
  jsxImportSource: "preact",
  loader: { ".css": "css" },
  logLevel: "info",
  legalComments: "none",
};

const css = {
  entryPoints: { app: join(root, "src/app.css") },
  outdir: dist,
  bundle: true,
  minify: !watch,
  logLevel: "info",
};

copyFileSync(join(root, "src/index.html"), join(dist, "index.html"));
for (const f of ["manifest.json", "icon.svg", "puzzles.json"]) copyFileSync(join(root, "src/static", f), join(dist, f));

/** The files the UI is made of (all cached by the service worker but sw.js itself). */
const FILES = [
  "index.html",
  "app.js",
  "engine-worker.js",
  "yinsh-core.mjs",
  "yinsh-core-nosimd.mjs",
  "app.css",
  "manifest.json",
  "icon.svg",
  "puzzles.json",
];

/** NAME.gz beside each file, for the server to send precompressed. */
function writeGzipped() {
  for (const f of [...FILES, "sw.js"]) {
    const file = join(dist, f);
    if (!existsSync(file)) continue;
    writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION }));
  }
}

/** sw.js with a cache version that changes whenever a cached file does. */
function writeServiceWorker() {
  const h = createHash("sha256");
  for (const f of FILES) if (existsSync(join(dist, f))) h.update(readFileSync(join(dist, f)));
  const sw = readFileSync(join(root, "src/sw.js"), "utf8").replaceAll("__VERSION__", h.digest("hex").slice(0, 12));
  writeFileSync(join(dist, "sw.js"), sw);
}

if (watch) {
  await (await esbuild.context(options)).watch();
  await (await esbuild.context(css)).watch();
  writeServiceWorker();
} else {
  await Promise.all([esbuild.build(options), esbuild.build(css)]);
  writeServiceWorker();
  writeGzipped();
}

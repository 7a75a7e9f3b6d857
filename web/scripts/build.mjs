// Builds web/dist: index.html, app.js, engine-worker.js, app.css. `--watch` rebuilds on change.
// The rules core, web/dist/yinsh-core.mjs, is built by scripts/build-wasm (scripts/setup).
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const watch = process.argv.includes("--watch");
mkdirSync(dist, { recursive: true });

const options = {
  // The engine's Web Worker is its own bundle; both load /yinsh-core.mjs (scripts/build-wasm).
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
if (watch) {
  await (await esbuild.context(options)).watch();
  await (await esbuild.context(css)).watch();
} else {
  await Promise.all([esbuild.build(options), esbuild.build(css)]);
}

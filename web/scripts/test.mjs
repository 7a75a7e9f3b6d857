// Runs the node:test unit tests in web/tests: bundles each *.test.ts with esbuild into a
// temporary directory (no ts-node), then runs them with `node --test`.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const testsDir = join(root, "tests");
const only = process.argv.slice(2);
const files = readdirSync(testsDir)
  .filter((f) => f.endsWith(".test.ts"))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)));
// Inside web/ so that the bundles find the packages in node_modules.
const out = mkdtempSync(join(root, "node_modules", ".yinsh-tests-"));
try {
  await esbuild.build({
    entryPoints: files.map((f) => join(testsDir, f)),
    outdir: out,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node18",
    packages: "external",
    sourcemap: "inline",
    logLevel: "warning",
  });
  const built = readdirSync(out).map((f) => join(out, f));
  const r = spawnSync(process.execPath, ["--enable-source-maps", "--test", "--test-reporter=spec", ...built], {
    stdio: "inherit",
    cwd: root,
  });
  process.exitCode = r.status ?? 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}

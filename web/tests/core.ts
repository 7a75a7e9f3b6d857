// Loads the rules core for the unit tests: web/dist/yinsh-core.mjs (scripts/build-wasm).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadCore } from "../src/engine/core";

const file = join(process.cwd(), "dist/yinsh-core.mjs"); // the runner works in web/
if (!existsSync(file)) throw new Error(`${file} is missing: run scripts/build-wasm`);
await loadCore(pathToFileURL(file).href);

// The rules core and the search compiled to WebAssembly (src/wasm, built by scripts/build-wasm
// into web/dist/yinsh-core.mjs, one ES module with the binary inside, whose search evaluates
// with the network through WebAssembly SIMD; yinsh-core-nosimd.mjs is the same without SIMD,
// for browsers that lack it, and its search uses the linear evaluation). Loaded once, before
// the first page that needs the rules is drawn (main.tsx; the lobby does without it until a
// record is imported) and in the engine's Web Worker; after that every call is synchronous.
// The functions return JSON text; a refusal is {"error": "..."}.

import { simd } from "wasm-feature-detect";

interface EmscriptenModule {
  ccall(name: string, returns: "string" | "number" | null, types: string[], args: unknown[]): unknown;
}

/** Where the page and the worker load the core from (yinsh serve serves web/dist at /). */
export const CORE_URL = "/yinsh-core.mjs";
/** The build without SIMD128, for browsers without WebAssembly SIMD. */
const CORE_URL_NOSIMD = "/yinsh-core-nosimd.mjs";

export class CoreError extends Error {}

let mod: EmscriptenModule | null = null;
let loading: Promise<void> | null = null;

/**
 * Loads the core (once): by default the build that suits this browser (a SIMD probe, from
 * wasm-feature-detect). Node passes a file: URL of web/dist/yinsh-core.mjs.
 */
export function loadCore(url?: string): Promise<void> {
  loading ??= (async () => {
    const chosen = url ?? ((await simd()) ? CORE_URL : CORE_URL_NOSIMD);
    const m = (await import(chosen)) as { default: () => Promise<EmscriptenModule> };
    mod = await m.default();
  })();
  return loading;
}

/** True once loadCore has finished: callCore may be used. */
export function coreLoaded(): boolean {
  return mod !== null;
}

function module(): EmscriptenModule {
  if (!mod) throw new CoreError("the rules core is not loaded yet");
  return mod;
}

/**
 * The longest text passed to the core: arguments are copied onto its stack (4 bytes a
 * character at worst, 5 MB of stack), and a text too long for it would leave the module
 * broken for the rest of the page. A record of a long game is under 10,000 characters.
 */
export const MAX_TEXT = 100_000;

/** Calls an exported function with string and number arguments; returns its JSON parsed. */
export function callCore<T>(name: string, ...args: Array<string | number>): T {
  if (args.some((a) => typeof a === "string" && a.length > MAX_TEXT)) {
    throw new CoreError(`the text is too long (more than ${MAX_TEXT} characters)`);
  }
  const types = args.map((a) => (typeof a === "number" ? "number" : "string"));
  const text = module().ccall(`yinsh_${name}`, "string", types, args) as string;
  const value = JSON.parse(text) as T & { error?: string };
  if (typeof value === "object" && value && "error" in value && !("positions" in value)) {
    throw new CoreError(value.error);
  }
  return value;
}

/** Leaf decisions at `depth` below a position (perft). */
export function corePerft(position: string, depth: number): number {
  if (position.length > MAX_TEXT) throw new CoreError("the position text is too long");
  const n = module().ccall("yinsh_perft", "number", ["string", "number"], [position, depth]) as number;
  if (n < 0) throw new CoreError("bad position or depth");
  return n;
}

/** Forgets the search's tables (a new game). */
export function coreNewGame(): void {
  module().ccall("yinsh_new_game", null, [], []);
}

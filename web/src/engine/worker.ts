// The engine's Web Worker: the WebAssembly search runs here, so the page never freezes while
// it thinks. Built as dist/engine-worker.js (a module worker); it loads the same
// core as the page (/yinsh-core.mjs, or /yinsh-core-nosimd.mjs without WebAssembly SIMD).
import { CoreError, callCore, coreNewGame, loadCore } from "./core";
import type { FromWorker, SearchResult, ToWorker } from "./protocol";

/** Answers one message (exported for the unit tests, which run it in Node). */
export function handle(msg: ToWorker): FromWorker {
  try {
    if ("newGame" in msg) {
      coreNewGame();
      return { id: msg.id, done: true };
    }
    const s = msg.search;
    const result = callCore<SearchResult>(
      "search",
      s.position,
      Math.trunc(s.level),
      s.nodes ?? 0,
      s.movetime ?? 0,
      s.depth ?? 0,
      s.multipv ?? 1,
    );
    return { id: msg.id, result };
  } catch (e) {
    return { id: msg.id, error: e instanceof CoreError ? e.message : String(e) };
  }
}

interface WorkerScope {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(m: FromWorker): void;
}

// In a worker (not when the tests import this file): load the core, then answer in order.
const scope = globalThis as unknown as WorkerScope & { WorkerGlobalScope?: unknown };
if (typeof scope.WorkerGlobalScope !== "undefined") {
  const ready = loadCore();
  scope.onmessage = (e) => {
    ready.then(
      () => scope.postMessage(handle(e.data)),
      (err) => scope.postMessage({ id: e.data.id, error: `the engine could not load: ${String(err)}` }),
    );
  };
}

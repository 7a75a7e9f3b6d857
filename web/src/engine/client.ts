// The page's side of the engine: searches sent to the Web Worker (worker.ts), answered as
// promises. A search cannot be interrupted inside the worker, so `stop` ends the worker and
// the next search starts a new one (the core loads again, in about a tenth of a second).
import type { FromWorker, SearchRequest, SearchResult, ToWorker } from "./protocol";

export const WORKER_URL = "/engine-worker.js";

export class EngineStopped extends Error {}

export class EngineClient {
  private worker: Worker | null = null;
  private next = 1;
  private pending = new Map<number, { resolve: (r: FromWorker) => void; reject: (e: Error) => void }>();

  constructor(private readonly url: string = WORKER_URL) {}

  search(req: SearchRequest): Promise<SearchResult> {
    return this.send({ id: this.next++, search: req }).then((r) => {
      if ("result" in r) return r.result;
      throw new Error("error" in r ? r.error : "unexpected reply from the engine");
    });
  }

  /** Forgets what the engine learnt (a new game). */
  async newGame(): Promise<void> {
    await this.send({ id: this.next++, newGame: true });
  }

  /** Abandons the searches under way (their promises reject with EngineStopped). */
  stop(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new EngineStopped("the search was stopped"));
    this.pending.clear();
  }

  private send(msg: ToWorker): Promise<FromWorker> {
    if (!this.worker) {
      this.worker = new Worker(this.url, { type: "module" });
      this.worker.onmessage = (e: MessageEvent<FromWorker>) => {
        const p = this.pending.get(e.data.id);
        this.pending.delete(e.data.id);
        p?.resolve(e.data);
      };
      this.worker.onerror = (e) => {
        const err = new Error(`the engine failed: ${e.message}`);
        for (const p of this.pending.values()) p.reject(err);
        this.pending.clear();
        this.worker = null;
      };
    }
    return new Promise((resolve, reject) => {
      this.pending.set(msg.id, { resolve, reject });
      this.worker?.postMessage(msg);
    });
  }
}

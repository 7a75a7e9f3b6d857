// The page's side of the engine: searches sent to the Web Worker (worker.ts), answered as
// promises. The worker is started (and loads the core) as soon as a client exists, so a page
// loaded while the server was up keeps its engine when the server goes away. A search cannot
// be interrupted inside the worker: a new request supersedes the one waiting (it rejects with
// EngineStopped) and `cancel` makes the running one's answer be dropped, so a player who
// clicks quickly waits for at most one stale search.
import type { FromWorker, SearchRequest, SearchResult } from "./protocol";

export const WORKER_URL = "/engine-worker.js";

export class EngineStopped extends Error {}

interface Job {
  req: SearchRequest;
  resolve: (r: SearchResult) => void;
  reject: (e: Error) => void;
  stale?: boolean;
}

export class EngineClient {
  private worker: Worker;
  private next = 1;
  private running: Job | null = null;
  private queued: Job | null = null;

  constructor(url: string = WORKER_URL) {
    this.worker = new Worker(url, { type: "module" });
    this.worker.onmessage = (e: MessageEvent<FromWorker>) => this.answered(e.data);
    this.worker.onerror = (e) => this.failed(new Error(`the engine failed: ${e.message}`));
  }

  search(req: SearchRequest): Promise<SearchResult> {
    this.queued?.reject(new EngineStopped("superseded by a newer search"));
    return new Promise((resolve, reject) => {
      this.queued = { req, resolve, reject };
      this.pump();
    });
  }

  /** Drops the waiting search and the running one's answer. */
  cancel(): void {
    this.queued?.reject(new EngineStopped("cancelled"));
    this.queued = null;
    if (this.running) this.running.stale = true;
  }

  /** Ends the worker (the page is closing). */
  terminate(): void {
    this.cancel();
    this.worker.terminate();
  }

  private pump(): void {
    if (this.running || !this.queued) return;
    this.running = this.queued;
    this.queued = null;
    this.worker.postMessage({ id: this.next++, search: this.running.req });
  }

  private answered(m: FromWorker): void {
    const job = this.running;
    this.running = null;
    if (job) {
      if (job.stale) job.reject(new EngineStopped("cancelled"));
      else if ("result" in m) job.resolve(m.result);
      else job.reject(new Error("error" in m ? m.error : "unexpected reply from the engine"));
    }
    this.pump();
  }

  private failed(e: Error): void {
    this.running?.reject(e);
    this.running = null;
    this.queued?.reject(e);
    this.queued = null;
  }
}

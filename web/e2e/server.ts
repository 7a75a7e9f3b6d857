// Starts `yinsh serve` for a test file: a free port, a temporary SQLite database, the built
// UI in dist/ as web root. YINSH_BIN overrides the binary (default ../build/yinsh).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const webDir = fileURLToPath(new URL("..", import.meta.url));
export const BIN = resolve(webDir, process.env.YINSH_BIN ?? "../build/yinsh");
export const SHOTS = join(webDir, "test-results", "screenshots");

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.unref();
    s.on("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => (typeof a === "object" && a ? ok(a.port) : fail(new Error("no port"))));
    });
  });
}

export class YinshServer {
  private proc: ChildProcess | null = null;
  /** `extra`: more `yinsh serve` options (e.g. an SMTP relay's). */
  constructor(private readonly extra: string[] = []) {}
  private dir = mkdtempSync(join(tmpdir(), "yinsh-e2e-"));
  port = 0;
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  get db(): string {
    return join(this.dir, "games.db");
  }

  async start(port?: number): Promise<void> {
    if (!existsSync(BIN)) throw new Error(`${BIN} not found: build it (ninja -C build yinsh) or set YINSH_BIN`);
    if (!existsSync(join(webDir, "dist", "index.html"))) throw new Error("dist/ is missing: run npm run build");
    this.port = port ?? (await freePort());
    const args = ["serve", "--host", "127.0.0.1", "--port", String(this.port), "--db", this.db];
    // Game reports at 5,000 nodes per position: a test's report is ready in seconds.
    args.push("--web-root", join(webDir, "dist"), "--ai-movetime", "20", "--analysis-nodes", "5000");
    // The specs create games and accounts far faster than people, all from 127.0.0.1: no caps here.
    args.push("--create-rate", "0", "--max-open", "0", "--register-per-hour", "0");
    args.push(...this.extra);
    const proc = spawn(BIN, args, { stdio: ["ignore", "pipe", "pipe"] });
    this.proc = proc;
    let log = "";
    await new Promise<void>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`yinsh serve did not start:\n${log}`)), 20000);
      const onData = (b: Buffer) => {
        log += b.toString();
        if (/listening on/.test(log)) {
          clearTimeout(timer);
          ok();
        }
      };
      proc.stdout?.on("data", onData);
      proc.stderr?.on("data", (b: Buffer) => {
        log += b.toString();
      });
      proc.on("exit", (code) => {
        clearTimeout(timer);
        fail(new Error(`yinsh serve exited with ${code}:\n${log}`));
      });
    });
  }

  /** Stops the server (SIGTERM, then SIGKILL), keeping the database for a restart. */
  async stop(): Promise<void> {
    const p = this.proc;
    this.proc = null;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((ok) => {
      const t = setTimeout(() => p.kill("SIGKILL"), 5000);
      p.once("exit", () => {
        clearTimeout(t);
        ok();
      });
      p.kill("SIGTERM");
    });
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

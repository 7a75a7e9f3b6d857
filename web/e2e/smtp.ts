// A real SMTP server for the specs that read mail: Debian's python3-aiosmtpd on loopback,
// writing each mail it is given to a Maildir.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "./fixtures";
import { freePort } from "./server";

/** An SMTP server on loopback that keeps every mail it is given, one file each. */
export class SmtpSink {
  private proc: ChildProcess | null = null;
  private dir = mkdtempSync(join(tmpdir(), "yinsh-mail-"));
  port = 0;
  async start(): Promise<void> {
    for (const d of ["tmp", "new", "cur"]) mkdirSync(join(this.dir, d));
    this.port = await freePort();
    const args = ["-m", "aiosmtpd", "-n", "-l", `127.0.0.1:${this.port}`, "-c", "aiosmtpd.handlers.Mailbox", this.dir];
    this.proc = spawn("/usr/bin/python3", args, { stdio: "ignore" });
  }
  mails(): string[] {
    const dir = join(this.dir, "new");
    return readdirSync(dir)
      .sort()
      .map((f) => readFileSync(join(dir, f), "utf8"));
  }
  /** The link of the kind in the one mail to `to` that has one and was not read before. */
  async link(to: string, kind: "verify" | "reset", seen: Set<string>): Promise<string> {
    let found = "";
    await expect
      .poll(() => {
        for (const m of this.mails()) {
          const url = new RegExp(`https?://[^\\s]+/account#${kind}=[A-Za-z0-9_-]+`).exec(m)?.[0];
          if (url && !seen.has(url) && m.includes(`To: ${to}`)) found = url;
        }
        return found;
      })
      .not.toBe("");
    seen.add(found);
    return found;
  }
  dispose(): void {
    this.proc?.kill("SIGKILL");
    rmSync(this.dir, { recursive: true, force: true });
  }
}

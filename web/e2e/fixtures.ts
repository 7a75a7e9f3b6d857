// The `test` every spec imports: Playwright's, with an automatic fixture that fails the test
// when Chromium reports a Content-Security-Policy violation on any page of any browser context
// the test opens (its own `page`, and those of browser.newContext(), which browser.newPage() uses).
// A page reports one as a `securitypolicyviolation` event (caught by a script added to every
// page before its own) and as a console message ("Refused to ... because it violates the
// following Content Security Policy directive"); both are collected.
// Also `playerPage`: a page in a browser context of its own, closed after the test.
import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";

export type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
export { expect };

const REPORT = "csp-violation:";

/** Added to every page: turns each violation event into a console message. */
function reportViolations(prefix: string): void {
  document.addEventListener("securitypolicyviolation", (e) => {
    console.error(
      `${prefix} ${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`,
    );
  });
}

/** The contexts watched in one worker, and what they reported since the running test began. */
class Watch {
  seen: string[] = [];
  private watched = new WeakSet<BrowserContext>();
  async add(c: BrowserContext): Promise<void> {
    if (this.watched.has(c)) return;
    this.watched.add(c);
    await c.addInitScript(reportViolations, REPORT);
    c.on("console", (m) => {
      const text = m.text();
      if (text.startsWith(REPORT) || /Content Security Policy/i.test(text))
        this.seen.push(`${m.location().url}: ${text.slice(0, 300)}`);
    });
  }
}

export const test = base.extend<{ cspViolations: string[]; playerPage: () => Promise<Page> }, { cspWatch: Watch }>({
  // For the whole worker: every context the browser opens is watched, also in beforeAll hooks.
  cspWatch: [
    async ({ browser }, use) => {
      const w = new Watch();
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const c = await newContext(options);
        await w.add(c);
        return c;
      };
      await use(w);
      browser.newContext = newContext;
    },
    { scope: "worker", auto: true },
  ],
  // For each test: what was reported while it ran must be nothing.
  cspViolations: [
    async ({ cspWatch, context }, use) => {
      await cspWatch.add(context);
      cspWatch.seen = [];
      await use(cspWatch.seen);
      expect(cspWatch.seen, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  // A player's browser: a page of a context of its own (1200 x 860; an error on the page fails
  // the test). The contexts are closed after the test: left open, their sockets and kept-alive
  // connections count against the server's 32 connections per address in the next test.
  playerPage: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const ctx = await browser.newContext({ viewport: { width: 1200, height: 860 } });
      contexts.push(ctx);
      const page = await ctx.newPage();
      page.on("pageerror", (e) => {
        throw e;
      });
      return page;
    });
    for (const c of contexts) await c.close();
  },
});

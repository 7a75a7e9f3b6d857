// Helpers that play YINSH through the UI the way a person does: clicks, drags, taps.
// They read only what the page shows (highlighted points, buttons), never the API.
import { expect, type Page } from "@playwright/test";

export type Input = "click" | "drag" | "touch" | "touch-drag" | "keyboard" | "board-keys";

interface BoardInfo {
  mode: string;
  marks: Array<{ point: string; cls: string }>;
  rows: string[];
  status: string;
  ply: number;
  canPass: boolean;
}

export async function boardInfo(page: Page): Promise<BoardInfo> {
  return page.evaluate(() => {
    const svg = document.querySelector<SVGSVGElement>(".yb-board");
    const gp = document.querySelector<HTMLElement>("[data-testid=game-page]");
    const marks = [...document.querySelectorAll(".yb-marks [data-point]")].map((e) => ({
      point: e.getAttribute("data-point") ?? "",
      cls: e.getAttribute("class") ?? "",
    }));
    const rows = [...document.querySelectorAll(".yb-rows [data-row]")].map((e) => e.getAttribute("data-row") ?? "");
    const canPass = [...document.querySelectorAll("button")].some((b) => b.textContent?.trim() === "Pass");
    return {
      mode: svg?.dataset.mode ?? "none",
      marks,
      rows,
      status: gp?.dataset.status ?? "",
      ply: Number(gp?.dataset.ply ?? -1),
      canPass,
    };
  });
}

/** Screen coordinates of a point's centre. */
export async function pointXY(page: Page, point: string): Promise<{ x: number; y: number }> {
  return page.evaluate(
    (p) =>
      (window as unknown as { yinshBoard: { clientXY(p: string): { x: number; y: number } } }).yinshBoard.clientXY(p),
    point,
  );
}

function pick<T>(xs: T[], rnd: () => number): T {
  return xs[Math.floor(rnd() * xs.length)] as T;
}

export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function tap(page: Page, point: string, input: Input): Promise<void> {
  const { x, y } = await pointXY(page, point);
  if (input === "touch" || input === "touch-drag") await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

/** A touch drag through the DevTools protocol (Playwright has no touch-drag of its own). */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const pt = (x: number, y: number) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: pt(from.x, from.y) });
  const steps = 8;
  for (let i = 1; i <= steps; i++) {
    const x = from.x + ((to.x - from.x) * i) / steps;
    const y = from.y + ((to.y - from.y) * i) / steps;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: pt(x, y) });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

async function targets(page: Page): Promise<string[]> {
  return (await boardInfo(page)).marks.filter((m) => m.cls.includes("yb-target")).map((m) => m.point);
}

/**
 * Makes one decision with the given input method. Returns the decision kind it made, or null
 * when it is not this player's turn.
 */
export async function act(page: Page, input: Input, rnd: () => number): Promise<string | null> {
  const info = await boardInfo(page);
  if (info.canPass) {
    await page.getByRole("button", { name: "Pass" }).click();
    return "pass";
  }
  switch (info.mode) {
    case "place": {
      const p = pick(
        info.marks.filter((m) => m.cls.includes("yb-place")),
        rnd,
      ).point;
      if (input === "keyboard") {
        await page.getByLabel("Type a decision").fill(p.toUpperCase());
        await page.getByLabel("Type a decision").press("Enter");
      } else if (input === "board-keys") {
        // The board's own keyboard cursor: focus, walk up the column to a free point, Enter.
        const places = new Set(info.marks.filter((m) => m.cls.includes("yb-place")).map((m) => m.point));
        await page.locator(".yb-board").focus();
        await expect(page.locator(".yb-cursor")).toHaveCount(1);
        let at = "f6";
        for (let row = 6; !places.has(at) && row < 10; row++) {
          await page.keyboard.press("ArrowUp");
          at = `f${row + 1}`;
        }
        await expect(page.getByTestId("announce")).toContainText(at === "f6" ? "" : `${at}: empty`);
        await page.keyboard.press("Enter");
      } else await tap(page, p, input);
      return "place";
    }
    case "move": {
      const ring = pick(
        info.marks.filter((m) => m.cls.includes("yb-movable")),
        rnd,
      ).point;
      const a = await pointXY(page, ring);
      if (input === "drag") {
        await page.mouse.move(a.x, a.y);
        await page.mouse.down();
        await page.mouse.move(a.x + 12, a.y + 4, { steps: 3 });
        const ts = await targets(page);
        expect(ts.length, "destinations are highlighted while the ring is held").toBeGreaterThan(0);
        await expect(page.locator(".yb-drag .yb-dragging")).toHaveCount(1);
        const b = await pointXY(page, pick(ts, rnd));
        await page.mouse.move(b.x, b.y, { steps: 8 });
        await page.mouse.up();
        return "drag";
      }
      if (input === "touch-drag") {
        // Touch the ring first so its destinations show, then drag it there.
        await page.touchscreen.tap(a.x, a.y);
        const ts = await targets(page);
        expect(ts.length).toBeGreaterThan(0);
        await touchDrag(page, a, await pointXY(page, pick(ts, rnd)));
        return "touch-drag";
      }
      await tap(page, ring, input);
      const ts = await targets(page);
      expect(ts.length, "destinations are highlighted once a ring is chosen").toBeGreaterThan(0);
      await tap(page, pick(ts, rnd), input);
      return "move";
    }
    case "remove-row": {
      const [from, to] = pick(info.rows, rnd).split("-") as [string, string];
      await tap(page, from, input);
      // With several rows, the first end may only anchor the choice: then click the other end.
      const after = await boardInfo(page);
      if (
        after.mode === "remove-row" &&
        after.ply === info.ply &&
        after.marks.some((m) => m.cls.includes("yb-selected"))
      ) {
        await tap(page, to, input);
      }
      return "remove-row";
    }
    case "remove-ring": {
      const r = pick(
        info.marks.filter((m) => m.cls.includes("yb-removable")),
        rnd,
      ).point;
      await tap(page, r, input);
      return "remove-ring";
    }
    default:
      return null;
  }
}

/** Waits until the server's ply count differs from `ply`, or the game is over. */
export async function waitPly(page: Page, ply: number, timeout = 15000): Promise<void> {
  await page.waitForFunction(
    (p) => {
      const gp = document.querySelector<HTMLElement>("[data-testid=game-page]");
      return !!gp && (Number(gp.dataset.ply) !== p || gp.dataset.status === "over");
    },
    ply,
    { timeout },
  );
}

export async function waitTurnOrEnd(page: Page, timeout = 30000): Promise<void> {
  await page.waitForFunction(
    () => {
      const gp = document.querySelector<HTMLElement>("[data-testid=game-page]");
      const svg = document.querySelector<SVGSVGElement>(".yb-board");
      const pass = [...document.querySelectorAll("button")].some((b) => b.textContent?.trim() === "Pass");
      return (
        !!gp &&
        (gp.dataset.status === "over" || gp.dataset.status === "aborted" || svg?.dataset.mode !== "none" || pass)
      );
    },
    undefined,
    { timeout },
  );
}

/**
 * Plays one seat until the game ends, choosing the input method per decision.
 * Returns the kinds of decisions made.
 */
export async function playToEnd(
  page: Page,
  chooseInput: (kind: string, n: number) => Input,
  rnd: () => number,
  beforeAct?: (mode: string, n: number) => Promise<void>,
  maxDecisions = 400,
): Promise<string[]> {
  const made: string[] = [];
  for (let n = 0; n < maxDecisions; n++) {
    await waitTurnOrEnd(page);
    const info = await boardInfo(page);
    if (info.status === "over" || info.status === "aborted") return made;
    await beforeAct?.(info.mode, made.length);
    const kind = await act(page, chooseInput(info.mode, made.length), rnd);
    if (kind) {
      made.push(kind);
      await waitPly(page, info.ply);
    }
  }
  throw new Error("the game did not end");
}

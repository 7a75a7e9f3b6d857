// The analysis board's engine panel agrees with itself while it thinks and once it has
// settled, on the empty board and in a middle game: exactly 3 lines, best first; the header
// score, the evaluation bar and "Play the best decision" are line 1's; the depth, and the node
// count at one depth, never go backwards.
import { expect, type Page, test } from "./fixtures";
import { YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

interface Snapshot {
  lines: { score: string; first: string }[];
  header: string;
  bar: string;
  best: string;
  depth: number;
  nodes: number;
  thinking: boolean;
}

/** Every state the engine panel shows until it stops thinking (read at each change of the page). */
async function watch(page: Page): Promise<Snapshot[]> {
  return page.evaluate(
    () =>
      new Promise<Snapshot[]>((done) => {
        const seen: Snapshot[] = [];
        const read = () => {
          const box = document.querySelector("[data-testid=engine-line]");
          if (!box) return;
          const m = /depth (\d+), (\d+) nodes/.exec(box.textContent ?? "");
          seen.push({
            lines: [...document.querySelectorAll<HTMLElement>("[data-testid=engine-pv]")].map((li) => ({
              score: li.querySelector(".line-score")?.textContent ?? "",
              first: (li.dataset.decisions ?? "").split(" ")[0] ?? "",
            })),
            header: document.querySelector("[data-testid=engine-score]")?.textContent ?? "",
            bar: document.querySelector("[data-testid=eval-bar]")?.getAttribute("aria-label") ?? "",
            best: document.querySelector<HTMLElement>("[data-testid=play-best]")?.dataset.decision ?? "",
            depth: Number(m?.[1] ?? -1),
            nodes: Number(m?.[2] ?? -1),
            thinking: /thinking/.test(box.textContent ?? ""),
          });
        };
        const observer = new MutationObserver(read);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        read();
        const timer = setInterval(() => {
          const last = seen[seen.length - 1];
          if (last && !last.thinking) {
            clearInterval(timer);
            observer.disconnect();
            done(seen);
          }
        }, 100);
      }),
  );
}

function check(seen: Snapshot[]) {
  expect(seen.length).toBeGreaterThan(1);
  let depth = -1;
  let nodes = -1;
  for (const s of seen) {
    const where = JSON.stringify(s);
    expect(s.lines.length, where).toBe(3);
    const scores = s.lines.map((l) => Number(l.score));
    for (let k = 1; k < scores.length; k++) expect(scores[k], where).toBeLessThanOrEqual(scores[k - 1] as number);
    expect(s.header, where).toBe(s.lines[0]?.score);
    expect(s.best, where).toBe(s.lines[0]?.first);
    expect(s.depth, where).toBeGreaterThanOrEqual(depth);
    if (s.depth === depth) expect(s.nodes, where).toBeGreaterThanOrEqual(nodes);
    depth = s.depth;
    nodes = s.nodes;
  }
  const last = seen[seen.length - 1] as Snapshot;
  expect(last.thinking).toBe(false);
  expect(last.depth).toBeGreaterThan(1);
}

test("the empty board: 3 lines, best first, line 1 in the header, the bar and the button", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.url}/analysis`);
  await expect(page.getByTestId("engine-score")).toBeVisible({ timeout: 20000 });
  const seen = await watch(page);
  check(seen);
  // The bar's win probability is line 1's (each line's is its title).
  const first = page.getByTestId("engine-pv").first().locator(".line-score");
  const title = await first.getAttribute("title");
  await expect(page.getByTestId("eval-bar")).toHaveAttribute("aria-label", `White ${title}`);
  // The button plays line 1's decision.
  const best = (seen[seen.length - 1] as Snapshot).best;
  await page.getByTestId("play-best").click();
  await expect(page.locator(".ply.current")).toHaveAccessibleName(`ply 1: ${best}`);
});

test("a middle game: the same while it thinks", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.url}/analysis#moves=${encodeURIComponent("e4 f6 a2 c7 i9 b5 e6 c6 i11 h5 e4-e8 f6-f3")}`);
  await expect(page.getByTestId("engine-score")).toBeVisible({ timeout: 20000 });
  check(await watch(page));
});

// The game report beside the replay (ReportPanel.tsx): an imported record analysed on request
// (its blunder listed with the better decision, a click jumps there), a finished game of the
// server's store whose report is written when asked for, with the graph and accuracy, and the
// game-over panel's link to the report of a game just played.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures";
import { playToEnd, seeded } from "./play";
import { BIN, SHOTS, webDir, YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

const DATA = join(webDir, "../tests/data");

test("an imported record's blunder, the better decision, and a jump to it", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const record = readFileSync(join(DATA, "reports/blunder.yinsh"), "utf8");
  await page.goto(`${server.url}/#replay=${encodeURIComponent(record.trim())}`);
  await expect(page.getByTestId("replay-page")).toHaveAttribute("data-ply", "0");
  await page.getByTestId("report-request").click();
  const moments = page.getByTestId("report-moments");
  await expect(moments).toContainText("1. b1-b2: Blunder (−100.0%)", { timeout: 30000 });
  await expect(moments).toContainText("Better: e5-");
  await expect(page.getByTestId("report-summary")).toContainText("0.0%");
  await moments.getByRole("button", { name: /b1-b2/ }).click();
  await expect(page.getByTestId("replay-page")).toHaveAttribute("data-ply", "1");
  expect(errors).toEqual([]);
});

test("a finished game's report: pending, then graph, accuracy and moments", async ({ page }) => {
  const out = execFileSync(BIN, [
    "import",
    "--db",
    server.db,
    join(DATA, "boardspace/Y-DrMih-Dumbot-2026-02-23-1415.sgf"),
  ]).toString();
  const id = /imported as (\w+)/.exec(out)?.[1];
  expect(id, out).toBeTruthy();
  await page.goto(`${server.url}/replay/${id}`);
  await expect(page.getByTestId("report-graph")).toBeVisible({ timeout: 60000 });
  const summary = page.getByTestId("report-summary");
  await expect(summary).toContainText("DrMih");
  await expect(summary).toContainText(/Accuracy\s*\d+\.\d%\s*\d+\.\d%/);
  // The graph can be read: its title, scale, decisions and a legend of whose area is whose.
  const figure = page.getByTestId("report-figure");
  await expect(figure).toContainText("White's winning chances through the game");
  await expect(page.getByTestId("report-axis-y")).toHaveText("100%50%0%");
  const last = Number(await page.getByTestId("counter").evaluate((e) => e.textContent?.split("/")[1]));
  await expect(page.getByTestId("report-axis-x")).toHaveText(`0Decisions${last}`);
  const legend = page.getByTestId("report-legend");
  await expect(legend).toContainText("DrMih (White)");
  await expect(legend).toContainText("Dumbot (Black)");
  await expect(legend).toContainText("InaccuracyMistakeBlunder");
  // The engine's effort in words, not "nodes per position".
  await expect(page.getByTestId("report")).toContainText("The engine looked at 5,000 positions for each decision");
  await expect(page.getByTestId("report")).not.toContainText("nodes");
  await page.getByTestId("report").screenshot({ path: join(SHOTS, "report-graph.png") });
  // Judged by lichess's thresholds, 5, 10 and 15 points of win probability (docs/analysis.md):
  // each key moment's loss lies in its judgement's range, the report judges every decision by
  // them, and some decision lost between 5 and 15 points (judged otherwise by other thresholds).
  const RANGE: Record<string, [number, number]> = { Inaccuracy: [5, 10], Mistake: [10, 15], Blunder: [15, 100.1] };
  const moments = await page.getByTestId("report-moments").getByRole("button").allTextContents();
  expect(moments.length).toBeGreaterThan(0);
  for (const m of moments) {
    const [, judgement = "", loss = ""] = /: (\w+) \(−(\d+\.\d)%\)$/.exec(m) ?? [];
    const [low, high] = RANGE[judgement] ?? [NaN, NaN];
    expect(Number(loss) >= low && Number(loss) < high, `${m}: in [${low}, ${high})`).toBe(true);
  }
  const answer = await (await page.request.get(`${server.url}/api/games/${id}/report`)).json();
  const report = answer.report as {
    thresholds: Record<string, number>;
    decisions: Array<{ forced: boolean; loss?: number; judgement?: string }>;
  };
  expect(report.thresholds).toEqual({ inaccuracy: 50, mistake: 100, blunder: 150 });
  const judge = (loss: number) => (loss >= 150 ? "blunder" : loss >= 100 ? "mistake" : loss >= 50 ? "inaccuracy" : "");
  const judged = report.decisions.filter((d) => !d.forced);
  for (const d of judged) expect(d.judgement, `loss ${d.loss}`).toBe(judge(d.loss ?? 0));
  expect(judged.some((d) => (d.loss ?? 0) >= 50 && (d.loss ?? 0) < 150)).toBe(true);
  // A click on the graph's left edge goes to the start.
  const box = await page.getByTestId("report-graph").boundingBox();
  if (!box) throw new Error("no graph box");
  await page.mouse.click(box.x + 1, box.y + box.height / 2);
  await expect(page.getByTestId("replay-page")).toHaveAttribute("data-ply", "0");
});

test("the game-over panel links to the report of the game just played", async ({ page }) => {
  await page.goto(server.url);
  await page.getByLabel("Your name").fill("Alice");
  await page.getByLabel("Computer").check();
  await page.getByLabel("Level").selectOption("1");
  await page.getByLabel("Time control").selectOption("none");
  await page.getByLabel("White (starts)").check();
  await page.getByRole("button", { name: "Create game" }).click();
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  await playToEnd(page, () => "click", seeded(3));
  await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "over");
  await page.getByTestId("over-report").click();
  await expect(page.getByTestId("replay-page")).toBeVisible();
  await expect(page.getByTestId("report-summary")).toContainText("Alice", { timeout: 60000 });
  await expect(page.getByTestId("report-graph")).toBeVisible();
});

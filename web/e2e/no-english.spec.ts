// The German and Polish interface shows no English: every page (lobby, a game against the
// computer and its replay, an imported record with its report, analysis board, offline play,
// tutorial, rules, puzzles, leaderboard, tournaments, account, not found; logged in: the bell's
// list, the list of ongoing games, a rated game over, an arena's and a Swiss event's page, and
// the player page after a rated game) is visited, its visible text nodes collected, and any that
// reads as an English catalogue message (one the language translates differently) fails the
// test. A message with plural forms is looked for as English writes it for 1, 2 and 5 (any
// number in its place), so "1 game" left in a German page fails too; so does the server's English
// name of a computer seat ("Computer (level 1)") anywhere in a text.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CATALOGUE, type Key, type Lang, t } from "../src/i18n";
import { expect, type Page, test } from "./fixtures";
import { webDir, YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

/** A matcher for an English text (placeholders and `number` match anything), null when it has no word to see. */
function matcher(en: string, number?: number): RegExp | null {
  const literal = en.replace(/\{\w+\}/g, "");
  if (!/\p{L}{3,}/u.test(literal)) return null; // "{n} s", "{name}": nothing English to see
  let escaped = en.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}/g, ".+");
  if (number !== undefined) escaped = escaped.replace(new RegExp(`(?<!\\d)${number}(?!\\d)`, "g"), "\\d+");
  return new RegExp(`^${escaped}$`);
}

/**
 * The English messages that `lang` translates, as matchers (a plural one as it reads for 1, 2
 * and 5), and the server's English name of a computer seat.
 */
function englishOf(lang: Lang): RegExp[] {
  const own = new Set(Object.values(CATALOGUE[lang]));
  const out: RegExp[] = [];
  for (const [key, en] of Object.entries(CATALOGUE.en) as [Key, string][]) {
    if (en.includes("plural,")) {
      // Looked for even where the language writes a form as English does: a form left untranslated.
      const counts = [...en.matchAll(/\{(\w+),\s*plural,/g)].map((m) => m[1] as string);
      for (const n of [1, 2, 5]) {
        const re = matcher(t(key, Object.fromEntries(counts.map((c) => [c, n])), "en"), n);
        if (re) out.push(re);
      }
      continue;
    }
    if (own.has(en) || CATALOGUE[lang][key] === en) continue;
    const re = matcher(en);
    if (re) out.push(re);
  }
  // The server's English name for a computer seat, inside any text ("Verloren gegen {name}").
  out.push(/Computer \(level \d+\)/);
  return out;
}

/** The page's visible text nodes, trimmed of spaces and the separating dots around them. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const text = (n.textContent ?? "").replace(/^[\s·]+|[\s·]+$/g, "");
      const el = n.parentElement;
      if (text && el?.checkVisibility({ visibilityProperty: true }) && !el.closest("script,style,svg")) out.push(text);
    }
    return out;
  });
}

for (const lang of ["de", "pl"] as const) {
  test(`no English text in the ${lang} interface`, async ({ page }) => {
    const english = englishOf(lang);
    const found: string[] = [];
    const check = async (where: string, on: Page = page) => {
      await on.waitForLoadState("networkidle");
      for (const text of await visibleTexts(on))
        if (english.some((re) => re.test(text))) found.push(`${where}: "${text}"`);
    };
    await page.addInitScript((l) => localStorage.setItem("yinsh.lang", l), lang);
    await page.goto(server.url);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    // A game against the computer, resigned: the lobby lists it, its replay names the seats.
    const say = CATALOGUE[lang];
    await page.getByLabel(say["form.white_starts"]).check();
    await page.getByRole("button", { name: say["lobby.create"] }).click();
    await expect(page.getByTestId("game-page")).toHaveAttribute("data-status", "active");
    await check("game");
    page.once("dialog", (d) => d.accept());
    await page.getByRole("button", { name: say["action.resign"] }).click();
    await expect(page.getByTestId("game-over")).toBeVisible();
    await check("game over");
    await page.getByTestId("game-over").getByRole("link", { name: say["over.replay"] }).click();
    await expect(page.getByTestId("replay-page")).toBeVisible();
    await check("replay");
    // An imported record (a blunder in a blitz ending), with its report asked for.
    const record = readFileSync(join(webDir, "../tests/data/reports/blunder.yinsh"), "utf8").trim();
    await page.goto(`${server.url}/#replay=${encodeURIComponent(record)}`);
    await expect(page.getByTestId("replay-page")).toBeVisible();
    await check("an imported record");
    await page.getByTestId("report-request").click();
    await expect(page.getByTestId("report-moments").getByRole("button")).not.toHaveCount(0, { timeout: 30000 });
    await check("an imported record's report");
    for (const path of [
      "/",
      "/analysis",
      "/offline",
      "/learn",
      "/rules",
      "/puzzles",
      "/leaderboard",
      "/tournaments",
      "/account",
      "/nope",
    ]) {
      await page.goto(`${server.url}${path}`);
      await check(path);
    }
    // Logged in: the header's bell and its list.
    const name = `Anna_${lang}`;
    const r = await page.request.post(`${server.url}/api/account/register`, { data: { name, password: `${name} pw` } });
    expect(r.status()).toBe(201);
    await page.goto(server.url);
    await page.getByTestId("bell").click();
    await expect(page.getByTestId("bell-panel")).toBeVisible();
    await check("the bell's list");
    await page.goto(`${server.url}/tournaments`);
    await expect(page.getByTestId("arena-form")).toBeVisible();
    await check("the tournaments page with its form");

    // The list of ongoing games: a rated game against the computer (the account's turn) and a
    // correspondence game waiting for an opponent.
    const post = async (path: string, data: object) => {
      const res = await page.request.post(`${server.url}${path}`, { data });
      expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
      return res.json();
    };
    const rated = (
      await post("/api/games", {
        rated: true,
        opponent: { type: "ai", level: 1 },
        color: "white",
        clock: { base_ms: 600000, increment_ms: 5000 },
      })
    ).game as string;
    await post("/api/games", { clock: { days: 3 }, color: "white" });
    await page.goto(`${server.url}/games`);
    await expect(page.getByTestId("ongoing-game")).toHaveCount(2);
    await check("/games");
    // The rated game, resigned in another tab: its panel gives the ratings' change, and the
    // bell of the tab left on /games tells the game's end, naming the computer.
    const other = await page.context().newPage();
    await other.goto(`${server.url}/game/${rated}`);
    await expect(other.getByTestId("game-page")).toHaveAttribute("data-status", "active");
    other.once("dialog", (d) => d.accept());
    await other.getByRole("button", { name: say["action.resign"] }).click();
    await expect(other.getByTestId("rating-changes")).toBeVisible();
    await check("a rated game over", other);
    await other.close();
    await page.getByTestId("bell").click();
    await expect(page.getByTestId("bell-item")).toHaveCount(1);
    await check("the bell's list after the rated game");

    // An arena and a Swiss event, both to come, joined: their pages.
    const clock = { base_ms: 180000, increment_ms: 2000 };
    const arena = (await post("/api/tournaments", { name: "Abendarena", clock, minutes: 60, starts_in_s: 3600 })).id;
    const swiss = (
      await post("/api/tournaments", { kind: "swiss", name: "Schweizer", clock, rounds: 5, starts_in_s: 3600 })
    ).id;
    for (const id of [arena, swiss]) {
      await post(`/api/tournaments/${id}/join`, {});
      await page.goto(`${server.url}/tournament/${id}`);
      await expect(page.getByTestId("standing")).toHaveCount(1);
      await check(`/tournament/${id}`);
    }

    // The player page after the rated game: its category, its counts and the tournaments.
    await page.goto(`${server.url}/@/${name}`);
    await expect(page.getByTestId("player-ratings").locator("tr")).not.toHaveCount(0);
    await expect(page.getByTestId("rating-graph")).toBeVisible();
    await expect(page.getByTestId("player-arenas").getByRole("link")).toHaveCount(2);
    await check("the player page");
    expect(found).toEqual([]);
  });
}

// The matchers themselves: a plural message left in English is caught whatever its number.
test("plural English is looked for", () => {
  const english = englishOf("de");
  const caught = (text: string) => english.some((re) => re.test(text));
  for (const games of [1, 3, 12])
    expect(caught(t("player.totals", { games, wins: 1, draws: 0, losses: 0 }, "en")), `${games}`).toBe(true);
  expect(caught(t("player.totals", { games: 1, wins: 1, draws: 0, losses: 0 }, "de"))).toBe(false);
});

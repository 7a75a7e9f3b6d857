// The German and Polish interface shows no English: every page (lobby, a game against the
// computer and its replay, analysis board, offline play, tutorial, rules, puzzles, leaderboard,
// tournaments, account, not found) is visited, its visible text nodes collected, and any that reads as an
// English catalogue message (one the language translates differently) fails the test.

import { CATALOGUE, type Lang } from "../src/i18n";
import { expect, type Page, test } from "./fixtures";
import { YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

/** Matchers for the English messages that `lang` translates (placeholders match anything). */
function englishOf(lang: Lang): RegExp[] {
  const own = new Set(Object.values(CATALOGUE[lang]));
  const out: RegExp[] = [];
  for (const [key, en] of Object.entries(CATALOGUE.en)) {
    if (own.has(en) || CATALOGUE[lang][key as keyof typeof CATALOGUE.en] === en) continue;
    if (en.includes("plural,")) continue;
    const literal = en.replace(/\{\w+\}/g, "");
    if (!/\p{L}{3,}/u.test(literal)) continue; // "{n} s", "{name}": nothing English to see
    const escaped = en.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}/g, ".+");
    out.push(new RegExp(`^${escaped}$`));
  }
  return out;
}

/** The page's visible text nodes, trimmed. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const text = (n.textContent ?? "").trim();
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
    const check = async (where: string) => {
      await page.waitForLoadState("networkidle");
      for (const text of await visibleTexts(page))
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
    expect(found).toEqual([]);
  });
}

// What the specs of games between accounts share: a browser context per player, registered
// through the API, a game opened from the player's list of games (/games, which keeps the
// seat's token in the browser) and agreed to start, a correspondence game made that way, and the
// id of the game a page shows.
import type { Browser, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** A page of a new context, logged in as a new account `name`; `init` runs in every page first. */
export async function accountPage(browser: Browser, url: string, name: string, init?: () => void): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 860 } });
  if (init) await ctx.addInitScript(init);
  const page = await ctx.newPage();
  page.on("pageerror", (e) => {
    throw e;
  });
  await register(page, url, name);
  return page;
}

/** Registers the account `name` from `page`: its context is then logged in as it. */
export async function register(page: Page, url: string, name: string): Promise<void> {
  const r = await page.request.post(`${url}/api/account/register`, { data: { name, password: `${name} password` } });
  expect(r.status()).toBe(201);
}

/** Opens game `id` from the /games list and presses Start. */
export async function openGame(page: Page, url: string, id: string): Promise<void> {
  await page.goto(`${url}/games`);
  await page.locator(`a[href="/game/${id}"]`).click();
  await page.getByRole("button", { name: "Start", exact: true }).click();
}

/** A game page's address. */
export const GAME = /\/game\/([a-z0-9]+)$/;

/** The id of the game `page` shows; throws when it is not a game page. */
export function gameId(page: Page): string {
  const m = GAME.exec(new URL(page.url()).pathname);
  if (!m) throw new Error(`not a game page: ${page.url()}`);
  return m[1] as string;
}

/** `white` makes a correspondence game of `days` per move, `black` joins, both open it and start: its id. */
export async function correspondenceGame(white: Page, black: Page, url: string, days: number): Promise<string> {
  const made = await white.request.post(`${url}/api/games`, { data: { clock: { days }, color: "white" } });
  expect(made.status()).toBe(201);
  const id = (await made.json()).game as string;
  expect((await black.request.post(`${url}/api/games/${id}/join`, { data: {} })).ok()).toBe(true);
  await openGame(white, url, id);
  await openGame(black, url, id);
  for (const p of [white, black]) await expect(p.getByTestId("game-page")).toHaveAttribute("data-status", "active");
  return id;
}

// What the server says reaches a Polish player in Polish, and so does a lobby whose server
// cannot be reached.

import { CATALOGUE } from "../src/i18n";
import { expect, test } from "./fixtures";
import { YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

const say = CATALOGUE.pl;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("yinsh.lang", "pl"));
});

test("a lobby without its server says so in Polish", async ({ page }) => {
  await page.route("**/api/**", (route) => route.abort());
  await page.routeWebSocket(/\/ws/, (ws) => ws.close());
  await page.goto(server.url);
  await expect(page.getByTestId("error")).toHaveText(say["error.network"]);
  await expect(page.getByTestId("open-games")).toHaveText(say["lobby.unavailable"]);
  await expect(page.getByTestId("lobby-state")).toHaveText(say["seek.unreachable"]);
});

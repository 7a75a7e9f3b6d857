// The account page's vacation (docs/api.md 2.1 "Vacation"): begun for three days, shown with the
// days left this year (checked with axe), refused over the days left, ended early: one day
// begun counts whole. And a correspondence game begun during a vacation: the opponent's strip
// says until when the vacationer is away.

import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import { accountPage, correspondenceGame } from "./players";
import { YinshServer } from "./server";

let server: YinshServer;
test.beforeAll(async () => {
  server = new YinshServer();
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

test("a vacation begun and ended on the account page", async ({ page }) => {
  const r = await page.request.post(`${server.url}/api/account/register`, {
    data: { name: "vera", password: "vera password" },
  });
  expect(r.status()).toBe(201);
  await page.goto(`${server.url}/account`);
  const box = page.getByTestId("vacation");
  await expect(box.getByRole("status")).toHaveText("No vacation now. 30 of 30 days left this year.");
  await box.getByLabel("Days").fill("3");
  await box.getByRole("button", { name: "Begin a vacation" }).click();
  await expect(box.getByRole("status")).toContainText("On vacation until");
  await expect(box.getByRole("status")).toContainText("27 of 30 days left this year.");
  await expectAccessible(page, "the account page on vacation");
  // A second one while this one runs is refused by the server, which says so.
  const again = await page.request.post(`${server.url}/api/account/vacation`, { data: { days: 1 } });
  expect(again.status()).toBe(409);
  await box.getByRole("button", { name: "End the vacation now" }).click();
  await expect(box.getByRole("status")).toHaveText("No vacation now. 29 of 30 days left this year.");
});

test("an opponent on vacation is shown beside their clock", async ({ browser }) => {
  const wanda = await accountPage(browser, server.url, "wanda");
  const otto = await accountPage(browser, server.url, "otto");
  const began = await wanda.request.post(`${server.url}/api/account/vacation`, { data: { days: 3 } });
  expect(began.status()).toBe(200);
  // Otto (White) makes a game of 2 days per move during Wanda's vacation; she joins, both start.
  await correspondenceGame(otto, wanda, server.url, 2);
  const tag = otto.getByTestId("player-black").getByTestId("vacation-black");
  await expect(tag).toHaveText(/^on vacation until \S/);
  await expectAccessible(otto, "the game page with the opponent on vacation");
  // Her own strip does not say it to her, and Otto is not on vacation.
  await expect(wanda.getByTestId("vacation-black")).toHaveCount(0);
  await expect(wanda.getByTestId("vacation-white")).toHaveCount(0);
  await expect(otto.getByTestId("vacation-white")).toHaveCount(0);
});

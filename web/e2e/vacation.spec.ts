// The account page's vacation (docs/api.md 2.1 "Vacation"): begun for three days, shown with the
// days left this year (checked with axe), refused over the days left, ended early: one day
// begun counts whole.

import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
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

// API tokens on the account page: a token is made with its scopes, its secret shown once and
// working as a Bearer token; the list shows it without the secret; Revoke stops it at once.

import { expect, test } from "./fixtures";
import { YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

test("make, use and revoke an API token", async ({ page, request }) => {
  await page.goto(`${server.url}/account`);
  const register = page.getByTestId("register-form");
  await register.getByLabel("Name").fill("Botty");
  await register.getByLabel("Password").fill("correct horse");
  await register.getByRole("button", { name: "Register" }).click();
  await expect(page.getByTestId("account-menu")).toHaveText("Botty");
  await page.goto(`${server.url}/account`);

  const tokens = page.getByTestId("api-tokens");
  await expect(tokens).toContainText("No tokens.");
  const form = page.getByTestId("token-form");
  await form.getByLabel("What it is for").fill("my engine");
  await form.getByRole("button", { name: "Create token" }).click();
  await expect(tokens.getByRole("alert")).toHaveText("Choose at least one scope.");
  await form.getByLabel("play as a bot (bot:play)").check();
  await form.getByRole("button", { name: "Create token" }).click();
  const secret = (await page.getByTestId("token-secret").locator("code").textContent()) ?? "";
  expect(secret).toMatch(/^yinsh_[A-Za-z0-9_-]{43}$/);
  await expect(tokens.locator("li")).toHaveCount(1);
  await expect(tokens.locator("li")).toContainText("my engine");
  await expect(tokens.locator("li")).toContainText("never used");

  const bearer = { Authorization: `Bearer ${secret}` };
  const me = await request.get(`${server.url}/api/account/me`, { headers: bearer });
  expect(me.status()).toBe(200);
  expect((await me.json()).account.name).toBe("Botty");

  await page.reload(); // the secret is not shown again
  await expect(page.getByTestId("token-secret")).toHaveCount(0);
  await expect(tokens.locator("li")).toContainText("last used");
  await tokens.getByRole("button", { name: "Revoke" }).click();
  await expect(tokens.locator("li")).toContainText("revoked");
  await expect(tokens.getByRole("button", { name: "Revoke" })).toHaveCount(0);
  const after = await request.get(`${server.url}/api/account/me`, { headers: bearer });
  expect(after.status()).toBe(401);
});

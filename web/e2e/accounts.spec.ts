// Accounts in the browser: register, log out, log in again (the header's account menu follows);
// a guest who played a game registers and the game becomes the account's (the browser sends
// its seat tokens with the registration).

import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import { YinshServer } from "./server";

const server = new YinshServer();

async function registerAs(page: Page, name: string) {
  await page.goto(`${server.url}/account`);
  const register = page.getByTestId("register-form");
  await register.getByLabel("Name").fill(name);
  await register.getByLabel("Password").fill("correct horse");
  await register.getByRole("button", { name: "Register" }).click();
  await expect(page.getByTestId("account-menu")).toHaveText(name);
}
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

test("register, log out, log in", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${server.url}/account`);
  await expect(page.getByTestId("account-menu")).toHaveText("Log in");
  const register = page.getByTestId("register-form");
  await register.getByLabel("Name").fill("Alice");
  await register.getByLabel("Password").fill("correct horse");
  await register.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByTestId("account-menu")).toHaveText("Alice");

  await page.getByTestId("account-menu").click();
  await expect(page.getByTestId("account-settings")).toContainText("Alice");
  await page.getByTestId("logout").click();
  await expect(page.getByTestId("account-menu")).toHaveText("Log in");
  await page.reload(); // the server forgot the session: still a guest after a reload
  await expect(page.getByTestId("account-menu")).toHaveText("Log in");

  const login = page.getByTestId("login-form");
  await login.getByLabel("Name").fill("alice");
  await login.getByLabel("Password").fill("wrong password");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(login.getByRole("alert")).toHaveText("Wrong name or password.");
  await login.getByLabel("Password").fill("correct horse");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByTestId("account-menu")).toHaveText("Alice");
  await page.reload();
  await expect(page.getByTestId("account-menu")).toHaveText("Alice");
  expect(errors).toEqual([]);
});

test("a guest who registers keeps its game", async ({ page }) => {
  await page.goto(server.url);
  await page.getByLabel("Your name").fill("Gus");
  await page.getByLabel("Computer").check();
  await page.getByLabel("Level").selectOption("1");
  await page.getByLabel("Time control").selectOption("none");
  await page.getByRole("button", { name: "Create game" }).click();
  await expect(page).toHaveURL(/\/game\/[a-z0-9]{12}$/);
  const id = page.url().split("/").pop() as string;

  await page.goto(`${server.url}/account`);
  const register = page.getByTestId("register-form");
  await register.getByLabel("Name").fill("Gus");
  await register.getByLabel("Password").fill("correct horse");
  const reply = page.waitForResponse((r) => r.url().endsWith("/api/account/register"));
  await register.getByRole("button", { name: "Register" }).click();
  const body = await (await reply).json();
  expect(body.claimed).toBe(1);
  await expect(page.getByTestId("account-menu")).toHaveText("Gus");
  // The seat is still this browser's: the game page knows it as a player.
  await page.goto(`${server.url}/game/${id}`);
  await expect(page.getByTestId("game-page")).toContainText("Gus");
});

test("the account, player and leaderboard pages pass axe", async ({ page }) => {
  await page.goto(`${server.url}/account`);
  await expect(page.getByTestId("register-form")).toBeVisible();
  await expectAccessible(page, "account forms");
  const register = page.getByTestId("register-form");
  await register.getByLabel("Name").fill("Axel");
  await register.getByLabel("Password").fill("correct horse");
  await register.getByRole("button", { name: "Register" }).click();
  await expect(page.getByTestId("account-menu")).toHaveText("Axel");
  await page.getByTestId("account-menu").click();
  await expectAccessible(page, "account settings");
  await page.getByTestId("my-page").click();
  await expect(page).toHaveURL(`${server.url}/@/Axel`);
  await expect(page.getByTestId("player-totals")).toContainText("0 games");
  await expectAccessible(page, "player page");
  await page.getByRole("link", { name: "Leaderboard" }).click();
  await expect(page.getByTestId("online-now")).toBeVisible();
  await expectAccessible(page, "leaderboard");
});

test("a new attempt replaces the error of an earlier one", async ({ page }) => {
  await page.goto(`${server.url}/account`);
  const login = page.getByTestId("login-form");
  await login.getByLabel("Name").fill("nobody");
  await login.getByLabel("Password").fill("wrong password");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(login.getByRole("alert")).toBeVisible();
  const register = page.getByTestId("register-form");
  await register.getByLabel("Name").fill("x"); // too short a name: registration fails
  await register.getByLabel("Password").fill("correct horse");
  await register.getByRole("button", { name: "Register" }).click();
  await expect(register.getByRole("alert")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(1); // the login error is gone
});

test("the leaderboard tells a logged-in player, and one without a server, the truth", async ({ page }) => {
  await registerAs(page, "Carol");
  await page.goto(`${server.url}/leaderboard`);
  await expect(page.getByTestId("online-now")).not.toHaveText(/Loading/);
  await expect(page.getByTestId("online-now")).not.toHaveText("Nobody is logged in right now.");

  await page.route("**/api/**", (route) => route.abort());
  await page.reload();
  await expect(page.getByTestId("leaderboard-state")).toHaveText(/cannot be reached/);
  await expect(page.getByTestId("online-now")).toHaveText(/cannot be reached/);
});

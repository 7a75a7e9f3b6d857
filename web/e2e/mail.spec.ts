// E-mail through a real SMTP server (aiosmtpd writing a Maildir): the account page saves an
// address, the verification mail's link verifies it and turns on the mail preferences;
// "Forgot your password?" mails a link whose form sets a new password, after which the old one
// fails and the new one logs in; a link used twice says it is no longer valid. A correspondence
// challenge to a player who is away waits for them and is mailed; accepted, the challenger's
// bell says so.
import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import { register } from "./players";
import { YinshServer } from "./server";
import { SmtpSink } from "./smtp";

const sink = new SmtpSink();
let server: YinshServer;
test.beforeAll(async () => {
  await sink.start();
  server = new YinshServer([
    "--smtp-url",
    `smtp://127.0.0.1:${sink.port}`,
    "--mail-from",
    "YINSH <yinsh@example.org>",
    "--mail-check-ms",
    "200",
  ]);
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
  sink.dispose();
});

test("verify an address, then choose a new password through the mailed link", async ({ page }) => {
  const seen = new Set<string>();
  await page.goto(`${server.url}/account`);
  const register = page.getByTestId("register-form");
  await register.getByLabel("Name").fill("Mallory");
  await register.getByLabel("Password").fill("first password");
  await register.getByRole("button", { name: "Register" }).click();
  await expect(page.getByTestId("account-menu")).toHaveText("Mallory");
  await page.goto(`${server.url}/account`);

  const settings = page.getByTestId("email-settings");
  await expect(page.getByTestId("email-status")).toHaveText("No address yet.");
  await expect(page.getByTestId("email-prefs").getByRole("checkbox").first()).toBeDisabled();
  await settings.getByLabel("E-mail address").fill("mallory@example.org");
  await settings.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByTestId("email-status")).toContainText("A verification mail was sent to mallory@example.org");
  await expectAccessible(page, "the account page with an address to verify");

  const verify = await sink.link("mallory@example.org", "verify", seen);
  expect(verify.startsWith(server.url)).toBe(true);
  await page.goto(verify);
  await expect(page.getByTestId("mail-link")).toHaveText("The e-mail address of Mallory is verified.");
  await expect(page).toHaveURL(`${server.url}/account`); // the spent token left the address bar
  await expect(page.getByTestId("email-status")).toHaveText("Your address: mallory@example.org (verified).");
  await expect(page.getByTestId("email-prefs").getByLabel("when it is my turn")).toBeEnabled();
  await page.goto(verify); // the same link again
  await expect(page.getByTestId("mail-link")).toHaveText(
    "This link is no longer valid: it was used already, or it has expired.",
  );

  await page.getByRole("button", { name: "Log out", exact: true }).click();
  await page.goto(`${server.url}/account`);
  const forgot = page.getByTestId("forgot-password");
  await forgot.getByText("Forgot your password?").click();
  await forgot.getByLabel("Name or e-mail address").fill("Mallory@Example.org");
  await forgot.getByRole("button", { name: "Send me a link" }).click();
  await expect(forgot.getByRole("status")).toHaveText(
    "If an account with a verified address matches, a mail is on its way.",
  );
  await expectAccessible(page, "the account page's password reset request");

  const reset = await sink.link("mallory@example.org", "reset", seen);
  await page.goto(reset);
  const form = page.getByTestId("reset-form");
  await form.getByLabel("New password", { exact: true }).fill("second password");
  await form.getByLabel("The new password again").fill("second passwort");
  await form.getByRole("button", { name: "Set the new password" }).click();
  await expect(form.getByRole("alert")).toHaveText("The two passwords differ.");
  await form.getByLabel("The new password again").fill("second password");
  await expectAccessible(page, "the new password form");
  await form.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByTestId("mail-link")).toContainText("Mallory");

  const login = page.getByTestId("login-form");
  await expect(login.getByLabel("Name")).toHaveValue("Mallory");
  await login.getByLabel("Password").fill("first password");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(login.getByRole("alert")).toBeVisible();
  await login.getByLabel("Password").fill("second password");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByTestId("account-menu")).toHaveText("Mallory");
});

test("a challenge to a player who is away waits and is mailed; accepted, the challenger's bell says so", async ({
  playerPage,
}) => {
  const ada = await playerPage();
  const bo = await playerPage();
  await register(ada, server.url, "Adele");
  await register(bo, server.url, "Boris");
  // Bo has a verified address, and no page of the site open.
  expect(
    (await bo.request.post(`${server.url}/api/account/email`, { data: { address: "boris@example.org" } })).status(),
  ).toBe(202);
  const verify = await sink.link("boris@example.org", "verify", new Set());
  const token = verify.split("#verify=")[1];
  expect((await bo.request.post(`${server.url}/api/account/email/verify`, { data: { token } })).ok()).toBe(true);

  await ada.goto(server.url);
  const card = ada.getByTestId("find-opponent");
  await card.locator('select[name="seek-clock"]').selectOption("d3");
  await card.getByLabel("Player's name").fill("boris");
  await card.getByRole("button", { name: "Challenge" }).click();
  await expect(ada.getByTestId("challenge-out")).toContainText("Boris");
  await expect(ada.getByTestId("challenge-out")).toContainText("waiting while they are away");
  await expect
    .poll(() =>
      sink.mails().find((m) => m.includes("To: boris@example.org") && m.includes("Subject: Adele challenges you")),
    )
    .toBeTruthy();

  await bo.goto(server.url);
  const challenge = bo.getByTestId("challenge-in");
  await expect(challenge).toContainText("Adele");
  await expectAccessible(bo, "a stored challenge in the lobby");
  await challenge.getByRole("button", { name: "Accept" }).click();
  await expect(bo).toHaveURL(/\/game\/[a-z0-9]{12}$/);
  const game = new URL(bo.url()).pathname;
  await expect(ada.getByTestId("bell-count")).toHaveText("1");
  await ada.getByTestId("bell").click();
  const item = ada.getByTestId("bell-panel").getByRole("link", { name: "Boris accepted your challenge" });
  await item.click();
  await expect(ada).toHaveURL(`${server.url}${game}`);
  await expect(ada.getByTestId("game-page")).toHaveAttribute("data-status", "active");
});

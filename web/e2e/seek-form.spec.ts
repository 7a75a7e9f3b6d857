// The seek form of an account in English and in Polish (longer words): the Rated box and the
// rating range sit on the line of the other controls, the range's two bounds side by side.

import { join } from "node:path";
import { expect, test } from "./fixtures";
import { SHOTS, YinshServer } from "./server";

const server = new YinshServer();
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());

for (const [locale, name] of [
  ["en-GB", "Ines"],
  ["pl-PL", "Jola"],
] as const) {
  test.describe(locale, () => {
    test.use({ locale, viewport: { width: 1280, height: 800 } });
    test(`the Rated box and the rating range line up (${locale})`, async ({ page }) => {
      await page.goto(`${server.url}/account`);
      const register = page.getByTestId("register-form");
      await register.locator("input").nth(0).fill(name);
      await register.locator("input").nth(1).fill("correct horse");
      await register.locator("button[type=submit]").click();
      await expect(page.getByTestId("account-menu")).toHaveText(name);
      const form = page.locator(".seek-form");
      await form.screenshot({ path: join(SHOTS, `seek-form-${locale}.png`) });
      const centre = async (sel: string) => {
        const b = await form.locator(sel).boundingBox();
        return b ? b.y + b.height / 2 : Number.NaN;
      };
      // The form wraps where its row is full: each part shares the line of a neighbour.
      const clock = await centre("select[name=seek-clock]");
      const rated = await centre("input[name=seek-rated]");
      const min = await centre("input[name=seek-min]");
      const max = await centre("input[name=seek-max]");
      const post = await centre("button[type=submit]");
      const near = (a: number, ...bs: number[]) => bs.some((b) => Math.abs(a - b) <= 4);
      expect(near(rated, clock, min), `Rated box (${rated}) on a line with clock ${clock} or range ${min}`).toBe(true);
      expect(near(min, clock, rated, post), `range (${min}) on a line with the controls`).toBe(true);
      expect(Math.abs(max - min), "the two bounds side by side").toBeLessThanOrEqual(1);
    });
  });
}

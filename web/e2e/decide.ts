// Makes one given decision (the notation) on the board by clicks, the way a person does:
// a placement or ring removal is a click on its point, a ring move a click on the ring then
// on its destination, a row removal a click on its first marker (and on its last when the
// first alone does not choose the row).
import { expect, type Page } from "@playwright/test";
import { pointXY } from "./play";

async function click(page: Page, point: string): Promise<void> {
  const { x, y } = await pointXY(page, point);
  await page.mouse.click(x, y);
}

const mode = (page: Page) => page.locator(".yb-board").getAttribute("data-mode");

export async function decide(page: Page, decision: string): Promise<void> {
  const row = /^x([a-k]\d+)-([a-k]\d+)$/.exec(decision);
  if (row) {
    await expect.poll(() => mode(page)).toMatch(/remove-row/);
    await click(page, row[1] as string);
    if ((await mode(page))?.includes("remove-row") && (await page.locator(".yb-marks .yb-selected").count()) > 0)
      await click(page, row[2] as string);
    return;
  }
  const ring = /^x([a-k]\d+)$/.exec(decision);
  if (ring) {
    await expect.poll(() => mode(page)).toMatch(/remove-ring/);
    return click(page, ring[1] as string);
  }
  const move = /^([a-k]\d+)-([a-k]\d+)$/.exec(decision);
  if (move) {
    await expect.poll(() => mode(page)).toBe("move");
    await click(page, move[1] as string);
    await expect(page.locator(".yb-marks .yb-target").first()).toBeVisible();
    return click(page, move[2] as string);
  }
  await expect.poll(() => mode(page)).toBe("place");
  return click(page, decision);
}

// How the browser's own notification for a bell item is shown (src/account/systemNotice.ts):
// never while the tab is visible or without the player's permission; through the service
// worker when the page has one (Android's Chrome refuses `new Notification()` from a page);
// else by the page; and the worker's click message as the page reads it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isNoticeClick, noticeWay, type Permission } from "../src/account/systemNotice";

const env = (o: Partial<{ permission: Permission; hidden: boolean; worker: boolean; pageNotifications: boolean }>) => ({
  permission: "granted" as Permission,
  hidden: true,
  worker: true,
  pageNotifications: true,
  ...o,
});

describe("the way a notice is shown", () => {
  it("goes through the service worker when the page has one", () => {
    assert.equal(noticeWay(env({})), "worker");
    assert.equal(noticeWay(env({ pageNotifications: false })), "worker");
  });
  it("falls back to the page's notification without a service worker", () => {
    assert.equal(noticeWay(env({ worker: false })), "page");
  });
  it("is not shown without a way, without permission, or while the tab is visible", () => {
    assert.equal(noticeWay(env({ worker: false, pageNotifications: false })), "none");
    for (const p of ["default", "denied", "unsupported"] as const)
      assert.equal(noticeWay(env({ permission: p })), "none");
    assert.equal(noticeWay(env({ hidden: false })), "none");
    assert.equal(noticeWay(env({ hidden: false, worker: false })), "none");
  });
});

describe("the service worker's click message", () => {
  it("is read only in its own shape", () => {
    assert.equal(isNoticeClick({ type: "notice-click", tag: "t1", url: "/game/abc" }), true);
    assert.equal(isNoticeClick({ type: "notice-click", tag: "t1" }), false);
    assert.equal(isNoticeClick({ type: "other", tag: "t1", url: "/" }), false);
    assert.equal(isNoticeClick(null), false);
    assert.equal(isNoticeClick("notice-click"), false);
  });
});

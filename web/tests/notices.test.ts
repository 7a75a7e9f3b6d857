// The bell's notices in the browser: one item per notice however many tabs received it, read
// per item or all at once, newest first and at most MAX_ITEMS, kept per account.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MAX_ITEMS, NoticeBox, noticeItem, onNotice, publishNotice } from "../src/net/notices";
import type { NoticeMessage } from "../src/net/types";

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
}

const turn = (game: string, at: number): NoticeMessage => ({
  type: "notice",
  kind: "your_turn",
  game,
  color: "black",
  opponent: "alice",
  at,
});

describe("notices", () => {
  it("keeps one item per notice, newest first, and counts the unread", () => {
    const s = memoryStorage();
    const tab1 = new NoticeBox("Bob", s);
    const tab2 = new NoticeBox("bob", s);
    assert.equal(tab1.add(noticeItem(turn("g1", 10), 0)), true);
    assert.equal(tab2.add(noticeItem(turn("g1", 10), 0)), false, "the other tab's copy");
    tab2.add(noticeItem(turn("g2", 20), 0));
    tab1.add(noticeItem({ ...turn("g1", 30), kind: "game_over", outcome: "lost", reason: "timeout" }, 0));
    assert.deepEqual(
      tab1.items().map((i) => i.id),
      ["o:g1", "t:g2:20", "t:g1:10"],
    );
    assert.equal(tab2.unread(), 3);
    tab2.markRead((i) => i.game === "g1");
    assert.equal(tab1.unread(), 1);
    tab1.markRead();
    assert.equal(tab2.unread(), 0);
    assert.equal(new NoticeBox("carol", s).items().length, 0, "per account");
  });

  it("turns a challenge into an item and keeps at most MAX_ITEMS", () => {
    const box = new NoticeBox("bob", memoryStorage());
    const c = noticeItem(
      {
        type: "challenged",
        challenge: {
          id: "c8",
          from: "carol",
          to: "bob",
          variant: "normal",
          clock: null,
          rated: false,
          created_at: 5,
          outgoing: false,
          account: true,
        },
      },
      7,
    );
    assert.deepEqual(c, { id: "c:c8", kind: "challenge", game: "", who: "carol", at: 7, read: false });
    for (let i = 0; i < MAX_ITEMS + 5; i++) box.add(noticeItem(turn("g", i), 0));
    assert.equal(box.items().length, MAX_ITEMS);
    assert.equal(box.items()[0]?.at, MAX_ITEMS + 4);
  });

  it("an arena's pairing is one item per game, and reaches the pages that follow notices", () => {
    const m: NoticeMessage = { ...turn("g9", 40), kind: "tournament_game", color: "white", tournament: "t1" };
    assert.deepEqual(noticeItem(m, 0), {
      id: "a:g9",
      kind: "tournament_game",
      game: "g9",
      who: "alice",
      outcome: undefined,
      at: 40,
      read: false,
      tournament: "t1",
    });
    const seen: string[] = [];
    const stop = onNotice((n) => seen.push(`${n.tournament}:${n.game}`));
    publishNotice(m);
    stop();
    publishNotice({ ...m, game: "g10" });
    assert.deepEqual(seen, ["t1:g9"]);
  });

  it("an arena's start is one item per arena, with no game", () => {
    const m: NoticeMessage = { ...turn("", 50), kind: "tournament_starting", opponent: "", tournament: "t2" };
    const item = noticeItem(m, 0);
    assert.equal(item.id, "s:t2");
    assert.equal(item.game, "");
    assert.equal(item.tournament, "t2");
    const box = new NoticeBox("ann", memoryStorage());
    box.add(item);
    box.add(noticeItem({ ...m, at: 60 }, 0));
    assert.equal(box.items().length, 1, "told twice (two tabs), one item");
  });
  it("a stored challenge's answer: accepted is one item per game, each decline its own", () => {
    const accepted = noticeItem({ ...turn("g9", 70), kind: "challenge_accepted", opponent: "bob" }, 0);
    assert.equal(accepted.id, "k:g9");
    assert.equal(accepted.kind, "challenge_accepted");
    assert.equal(accepted.who, "bob");
    const d1 = noticeItem({ ...turn("", 80), kind: "challenge_declined", opponent: "bob" }, 0);
    const d2 = noticeItem({ ...turn("", 90), kind: "challenge_declined", opponent: "bob" }, 0);
    assert.equal(d1.id, "d:bob:80");
    assert.notEqual(d1.id, d2.id);
    const box = new NoticeBox("ann", memoryStorage());
    for (const i of [accepted, accepted, d1, d2]) box.add(i);
    assert.equal(box.items().length, 3);
  });
});

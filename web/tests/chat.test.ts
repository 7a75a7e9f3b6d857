// Who the page offers the remove button of a chat line to (the server judges the same way).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mayDeleteChat } from "../src/game/chat";
import type { Account } from "../src/net/account";
import type { ChatLine } from "../src/net/types";

const line = (l: Partial<ChatLine>): ChatLine => ({ from: "alice", seat: "white", text: "hi", at: 1, id: 7, ...l });
const account = (name: string, role: Account["role"] = "player"): Account => ({
  name,
  role,
  muted: false,
  created_at: 0,
});

describe("mayDeleteChat", () => {
  it("lets the seat that wrote a line remove it, not the other seat or a guest spectator", () => {
    assert.equal(mayDeleteChat(line({}), null, "white"), true);
    assert.equal(mayDeleteChat(line({}), null, "black"), false);
    assert.equal(mayDeleteChat(line({}), null, null), false);
  });
  it("lets an account remove its own spectator lines and a moderator any", () => {
    const own = line({ seat: "spectator", from: "bob", account: "a1" });
    assert.equal(mayDeleteChat(own, account("bob"), null), true);
    assert.equal(mayDeleteChat(own, account("carol"), null), false);
    assert.equal(mayDeleteChat(own, account("olivia", "admin"), null), true);
  });
  it("offers nothing for a removed line, a system note or a line without id", () => {
    const mod = account("olivia", "admin");
    assert.equal(mayDeleteChat(line({ removed: true }), mod, "white"), false);
    assert.equal(mayDeleteChat(line({ seat: "system" }), mod, null), false);
    assert.equal(mayDeleteChat(line({ id: undefined }), mod, "white"), false);
  });
});

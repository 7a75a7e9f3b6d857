// The message schema from the browser's side: every fixture in tests/data/messages (the same
// files the server's unit tests read) is accepted by its reader, has only fields the reader
// knows, and is given back unchanged; every type of the unions has a fixture and vice versa.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { CLIENT_SPECS, readClientMessage, readServerMessage, SERVER_SPECS } from "../src/net/messages";

const dir = join(process.cwd(), "..", "tests", "data", "messages");

function fixtures(family: string): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const f of readdirSync(join(dir, family)).filter((f) => f.endsWith(".json")))
    out.set(f.slice(0, -5), JSON.parse(readFileSync(join(dir, family, f), "utf8")));
  return out;
}

for (const [family, specs, reader] of [
  ["server", SERVER_SPECS, readServerMessage],
  ["commands", CLIENT_SPECS, readClientMessage],
] as const) {
  describe(`${family} messages`, () => {
    const fx = fixtures(family);
    it("has one fixture per type", () => {
      assert.deepEqual([...fx.keys()].sort(), Object.keys(specs).sort());
    });
    for (const [type, m] of fx) {
      it(`${type} round-trips`, () => {
        const read = reader(m);
        assert.ok(read, `${type} refused`);
        assert.equal(read.type, type);
        assert.deepEqual(JSON.parse(JSON.stringify(read)), m);
        const known = new Set(["type", ...Object.keys((specs as Record<string, object>)[type] ?? {})]);
        for (const k of Object.keys(m)) assert.ok(known.has(k), `${type}: field ${k} is not in the reader's table`);
      });
    }
  });
}

describe("readers", () => {
  it("refuse what does not fit", () => {
    assert.equal(readServerMessage({ type: "decision", version: 3 }), null);
    assert.equal(readServerMessage({ type: "nope", version: 3 }), null);
    assert.equal(readServerMessage([1]), null);
    assert.equal(readServerMessage({ type: "pong", version: 1, server_time_ms: "x" }), null);
    assert.equal(readServerMessage({ type: "seat", version: 1, game: "g", seat: "green", token: "t" }), null);
    assert.equal(readClientMessage({ type: "move" }), null);
    assert.equal(readClientMessage({ type: "ping", id: { a: 1 } }), null);
    assert.equal(readClientMessage({ type: "toString" }), null);
  });
});

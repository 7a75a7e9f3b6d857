// A correspondence opponent on vacation: the game's state says until when a seat's clock is
// paused (`clocks.vacation`, here in the vacation event's fixture, the file the server's tests
// read too); the player strip shows that end while it lasts, in the language in use.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { vacationUntil } from "../src/game/OnVacation";
import { formatWhen, t } from "../src/i18n";
import { readServerMessage } from "../src/net/messages";

const file = join(process.cwd(), "..", "tests", "data", "messages", "server", "vacation.json");

describe("an opponent on vacation", () => {
  const m = readServerMessage(JSON.parse(readFileSync(file, "utf8")));
  assert.ok(m && m.type === "vacation", "the fixture is read");
  const clocks = m.state.clocks;
  const now = m.state.clocks?.server_time_ms ?? 0;

  it("is the seat whose vacation the state names, until its end", () => {
    assert.equal(vacationUntil(clocks, "black", now), m.until);
    assert.equal(vacationUntil(clocks, "white", now), null);
  });
  it("is not shown once the vacation is over, nor in games without one", () => {
    assert.equal(vacationUntil(clocks, "black", m.until), null);
    assert.equal(vacationUntil(null, "black", now), null);
    assert.equal(vacationUntil({ white_ms: 1, black_ms: 1, running: null, server_time_ms: now }, "black", now), null);
  });
  it("is worded with the vacation's end in each language", () => {
    const until = Date.UTC(2026, 4, 12, 12, 0);
    for (const [l, words] of [
      ["en", "on vacation until"],
      ["de", "im Urlaub bis"],
      ["pl", "na urlopie do"],
    ] as const)
      assert.equal(t("player.vacation", { date: formatWhen(until, l) }, l), `${words} ${formatWhen(until, l)}`);
    assert.match(formatWhen(until, "en"), /May/);
    assert.match(formatWhen(until, "de"), /Mai/);
  });
});

// The arenas' pure parts (tournaments/arena.ts, Countdown.tsx, Standings.tsx): the countdown's
// text in each language, a score sheet's marks, the create form's request, when a page follows
// the player into a new game, and the routes.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { t } from "../src/i18n";
import {
  type ArenaSummary,
  arenaClock,
  countdown,
  createRequest,
  gameToFollow,
  grouped,
  markClass,
} from "../src/tournaments/arena";
import { countdownText } from "../src/tournaments/Countdown";
import { markTitle } from "../src/tournaments/Standings";
import { type CellResult, cellMark, halfPoints } from "../src/tournaments/swiss";
import { parseRoute } from "../src/ui/router";

describe("arena countdown", () => {
  it("counts whole seconds up, hours only when there are some, days apart", () => {
    assert.deepEqual(countdown(299_001), { days: 0, clock: "5:00" });
    assert.deepEqual(countdown(59_000), { days: 0, clock: "0:59" });
    assert.deepEqual(countdown(3_723_000), { days: 0, clock: "1:02:03" });
    assert.deepEqual(countdown(2 * 86_400_000 + 60_000), { days: 2, clock: "0:01:00" });
    assert.deepEqual(countdown(-5), { days: 0, clock: "0:00" });
  });
  it("is worded in the language, days in their plural form", () => {
    assert.equal(countdownText(61_000, "starts"), t("arena.starts_in", { time: "1:01" }));
    assert.equal(t("arena.starts_in", { time: "1:01" }, "en"), "Starts in 1:01");
    assert.equal(countdownText(0, "ends"), t("arena.ending"));
    assert.equal(t("arena.days_clock", { days: 1, clock: "0:00:05" }, "en"), "1 day 0:00:05");
    assert.equal(t("arena.days_clock", { days: 3, clock: "1:00:00" }, "pl"), "3 dni 1:00:00");
    assert.equal(t("arena.days_clock", { days: 2, clock: "1:00:00" }, "de"), "2 Tage 1:00:00");
    assert.equal(t("arena.players", { n: 22 }, "pl"), "22 graczy");
    assert.equal(t("arena.points", { n: 3 }, "pl"), "3 punkty");
    assert.equal(t("arena.points", { n: 5 }, "pl"), "5 punktów");
    assert.equal(t("arena.points", { n: 1 }, "de"), "1 Punkt");
  });
});

describe("arena sheets", () => {
  it("give each mark its flag's class and words", () => {
    const m = { game: "g1", points: 5, flag: "double" as const, berserk: true };
    assert.equal(markClass(m), "mark flag-double berserk");
    assert.equal(markClass({ ...m, flag: "null", points: 0, berserk: false }), "mark flag-null");
    assert.equal(
      markTitle(m),
      `${t("arena.mark_points", { n: 5 })}, ${t("arena.flag_double")}, ${t("arena.flag_berserk")}`,
    );
    assert.equal(markTitle({ ...m, flag: "normal", berserk: false, points: 2 }), t("arena.mark_points", { n: 2 }));
  });
  it("word the clock as the other pages do", () => {
    assert.equal(arenaClock({ base_ms: 180000, increment_ms: 2000 }), "3 min + 2 s");
    assert.equal(arenaClock({ base_ms: 300000, increment_ms: 0 }), "5 min");
  });
});

describe("the create form", () => {
  const form = {
    kind: "arena" as const,
    name: "  Hourly blitz ",
    variant: "normal" as const,
    clockMinutes: 3,
    incrementSeconds: 2,
    minutes: 60,
    rounds: 5,
    days: 0,
    roundDays: 7,
    startsInMinutes: 5,
    rated: true,
    entryCode: "",
    minRating: 0,
    maxRating: 0,
  };
  it("sends the clock in ms and the start in seconds", () => {
    assert.deepEqual(createRequest(form), {
      kind: "arena",
      name: "Hourly blitz",
      variant: "normal",
      clock: { base_ms: 180000, increment_ms: 2000 },
      minutes: 60,
      starts_in_s: 300,
      rated: true,
    });
    assert.deepEqual(createRequest({ ...form, clockMinutes: 0.25 })?.clock, { base_ms: 15000, increment_ms: 2000 });
  });
  it("sends a Swiss event's rounds, a correspondence one's days, and the entry conditions given", () => {
    assert.deepEqual(createRequest({ ...form, kind: "swiss", entryCode: "club", minRating: 1400 }), {
      kind: "swiss",
      name: "Hourly blitz",
      variant: "normal",
      clock: { base_ms: 180000, increment_ms: 2000 },
      rounds: 5,
      starts_in_s: 300,
      rated: true,
      entry_code: "club",
      min_rating: 1400,
    });
    const corr = createRequest({ ...form, kind: "swiss", days: 3, roundDays: 10 });
    assert.deepEqual(corr?.clock, { days: 3 });
    assert.equal(corr?.round_days, 10);
    assert.equal(corr?.minutes, undefined);
  });
  it("refuses what the server would", () => {
    assert.equal(createRequest({ ...form, name: "x" }), null);
    assert.equal(createRequest({ ...form, minutes: 9 }), null);
    assert.equal(createRequest({ ...form, minutes: 721 }), null);
    assert.equal(createRequest({ ...form, clockMinutes: 0 }), null);
    assert.equal(createRequest({ ...form, clockMinutes: 61 }), null);
    assert.equal(createRequest({ ...form, incrementSeconds: 61 }), null);
    assert.equal(createRequest({ ...form, startsInMinutes: 7 * 24 * 60 + 1 }), null);
    assert.equal(createRequest({ ...form, incrementSeconds: Number.NaN }), null);
    assert.equal(createRequest({ ...form, kind: "swiss", rounds: 1 }), null);
    assert.equal(createRequest({ ...form, kind: "swiss", rounds: 21 }), null);
    assert.equal(createRequest({ ...form, kind: "swiss", days: 4 }), null);
    assert.equal(createRequest({ ...form, kind: "swiss", days: 3, roundDays: 0 }), null);
    assert.equal(createRequest({ ...form, minRating: 1800, maxRating: 1600 }), null);
    assert.equal(createRequest({ ...form, entryCode: "x".repeat(41) }), null);
  });
});

describe("a Swiss table", () => {
  const cell = (result: CellResult) => ({ round: 1, result, opponent: "b", colour: "white" as const, game: "g" });
  it("marks each round as a crosstable does", () => {
    assert.deepEqual(
      (["win", "draw", "loss", "bye", "void", "playing", "absent"] as const).map((r) => cellMark(cell(r))),
      ["1", "½", "0", "+", "–", "*", "–"],
    );
  });
  it("writes points with their half", () => {
    assert.deepEqual([0, 0.5, 2, 2.5, 10.5].map(halfPoints), ["0", "½", "2", "2½", "10½"]);
  });
});

describe("following the player", () => {
  const me = (game: string | null) => ({ joined: true, active: true, game });
  it("goes to a new game in play, not to the one the page opened with nor the one shown", () => {
    assert.equal(gameToFollow({ me: me("g2"), pairings: [] }, null), "g2");
    assert.equal(gameToFollow({ me: me("g2"), pairings: [] }, "g2"), null);
    assert.equal(gameToFollow({ me: me("g2"), pairings: [] }, "g1", "g2"), null);
    assert.equal(gameToFollow({ me: me(null), pairings: [] }, "g1"), null);
    assert.equal(gameToFollow({ me: null, pairings: [] }, null), null);
  });
  it("not to a game the pairings show over", () => {
    const p = { game: "g2", white: "a", black: "b", result: "1-0" as const };
    assert.equal(gameToFollow({ me: me("g2"), pairings: [{ ...p, status: "over" }] }, "g1"), null);
    assert.equal(gameToFollow({ me: me("g2"), pairings: [{ ...p, status: "active", result: "" }] }, "g1"), "g2");
  });
});

describe("the list and the routes", () => {
  it("groups the arenas by status in the server's order", () => {
    const a = (id: string, status: ArenaSummary["status"]) => ({ id, status }) as ArenaSummary;
    const g = grouped([a("1", "upcoming"), a("2", "running"), a("3", "finished"), a("4", "upcoming")]);
    assert.deepEqual(
      g.upcoming.map((x) => x.id),
      ["1", "4"],
    );
    assert.deepEqual(
      g.running.map((x) => x.id),
      ["2"],
    );
    assert.deepEqual(
      g.finished.map((x) => x.id),
      ["3"],
    );
  });
  it("routes /tournaments and /tournament/<id>", () => {
    assert.deepEqual(parseRoute("/tournaments", ""), { page: "tournaments" });
    assert.deepEqual(parseRoute("/tournament/k3x9q2m1a7bz", ""), { page: "tournament", id: "k3x9q2m1a7bz" });
    assert.equal(parseRoute("/tournament/", "").page, "missing");
  });
});

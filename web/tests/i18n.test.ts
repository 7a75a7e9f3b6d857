// The message catalogue: every key in all three languages with the same placeholders, the
// language picked from the browser, and no visible string in the UI that bypasses it.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import ts from "typescript";
import { BOARD_TEXT } from "../src/board/view";
import {
  CATALOGUE,
  categoryName,
  chatName,
  displayName,
  engineLevelName,
  LANGS,
  lang,
  pickLang,
  serverText,
  setLang,
  t,
} from "../src/i18n";
import { pluralForms, selectPlurals } from "../src/i18n/plural";
import { ApiError } from "../src/net/api";

// Placeholders and the numbers of plural blocks ("{games, plural, ...}").
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)(?:\}|,\s*plural,)/g)].map((m) => m[1]).sort();

describe("catalogue", () => {
  const en = CATALOGUE.en;
  for (const { code } of LANGS) {
    it(`${code}: every key, nothing extra, non-empty, same placeholders as English`, () => {
      const cat = CATALOGUE[code] as Record<string, string>;
      assert.deepEqual(Object.keys(cat).sort(), Object.keys(en).sort());
      for (const [k, v] of Object.entries(en)) {
        assert.ok(cat[k]?.trim(), `${code} ${k} is empty`);
        assert.deepEqual(placeholders(cat[k] as string), placeholders(v), `${code} ${k} placeholders`);
      }
    });
  }
  it("German and Polish are translations, not copies of the English", () => {
    for (const code of ["de", "pl"] as const) {
      const same = Object.entries(CATALOGUE.en).filter(
        ([k, v]) => CATALOGUE[code][k as keyof typeof CATALOGUE.en] === v,
      );
      // Words that are the same in both languages (Start, Chat, 5 s...) are few.
      assert.ok(
        same.length < 25,
        `${code}: ${same.length} strings equal to English: ${same.map(([k]) => k).join(" ")}`,
      );
    }
  });
  it("the board's spoken words all have catalogue entries", () => {
    for (const k of Object.keys(BOARD_TEXT)) assert.ok(`board.${k}` in CATALOGUE.en, `board.${k}`);
  });
  it("fills placeholders and keeps unknown ones", () => {
    assert.equal(t("result.wins", { name: "Bob", why: "on time", score: "0-1" }, "en"), "Bob wins on time (0-1)");
    assert.equal(t("result.wins", { name: "Bob" }, "de"), "Bob gewinnt {why} ({score})");
  });
});

describe("plurals (Intl.PluralRules)", () => {
  it("every plural block has a form for each of its language's categories", () => {
    for (const { code } of LANGS) {
      const needed = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
      for (const [k, v] of Object.entries(CATALOGUE[code] as Record<string, string>))
        for (const m of v.matchAll(/\{(\w+),\s*plural,/g)) {
          const { forms } = pluralForms(v, (m.index ?? 0) + m[0].length);
          for (const c of needed) assert.ok(c in forms, `${code} ${k}: no "${c}" form`);
        }
    }
  });
  it("picks the form of the number in each language", () => {
    const games = (n: number, l: "en" | "de" | "pl") => t("leaderboard.games", { games: n }, l);
    assert.equal(games(1, "en"), "(1 game)");
    assert.equal(games(2, "en"), "(2 games)");
    assert.equal(games(1, "de"), "(1 Partie)");
    assert.equal(games(7, "de"), "(7 Partien)");
    assert.equal(games(1, "pl"), "(1 partia)");
    assert.equal(games(3, "pl"), "(3 partie)");
    assert.equal(games(5, "pl"), "(5 partii)");
    assert.equal(games(22, "pl"), "(22 partie)");
    const totals = { games: 1, wins: 1, draws: 0, losses: 0 };
    assert.equal(t("player.totals", totals, "en"), "1 game: 1 won, 0 drawn, 0 lost");
    assert.equal(t("player.totals", totals, "de"), "1 Partie: 1 gewonnen, 0 remis, 0 verloren");
    assert.equal(t("player.category_games", totals, "en"), "1 rated game: +1 =0 -0");
    assert.equal(t("player.category_games", { ...totals, games: 4 }, "pl"), "4 partie rankingowe: +1 =0 -0");
    const meta = { rating: 1500, w: 0, b: 1 };
    assert.match(t("puzzle.meta", { ...meta, n: 1 }, "en"), / 1 turn · /);
    assert.match(t("puzzle.meta", { ...meta, n: 2 }, "en"), / 2 turns · /);
    assert.match(t("puzzle.meta", { ...meta, n: 2 }, "de"), / 2 Züge · /);
    assert.match(t("puzzle.meta", { ...meta, n: 5 }, "pl"), / 5 ruchów · /);
    for (const { code } of LANGS) assert.doesNotMatch(JSON.stringify(CATALOGUE[code]), /\(s\)|Zug\/Züge/);
  });
  it("exact forms, placeholders inside forms, a missing number", () => {
    const text = "{n, plural, =0 {none} one {# for {who}} other {# for all}}!";
    assert.equal(selectPlurals(text, { n: 0 }, "en"), "none!");
    assert.equal(selectPlurals(text, { n: 1 }, "en"), "1 for {who}!");
    assert.equal(selectPlurals(text, { n: 9 }, "en"), "9 for all!");
    assert.equal(selectPlurals(text, {}, "en"), "{n} for all!");
    assert.equal(selectPlurals("no block {n}", { n: 1 }, "en"), "no block {n}");
  });
});

describe("the server's default names and the rating categories", () => {
  it("are shown in the language in use; other names stay as they are", () => {
    const before = lang();
    try {
      setLang("de");
      assert.equal(displayName("Guest"), "Gast");
      assert.equal(displayName("Computer (level 3)"), "Computer (Stufe 3)");
      assert.equal(categoryName("classical"), "Klassisch");
      setLang("pl");
      assert.equal(displayName("Guest"), "Gość");
      assert.equal(displayName("Computer (level 6)"), "Komputer (poziom 6)");
      assert.equal(categoryName("untimed"), "Bez zegara");
      assert.equal(displayName("Ada"), "Ada");
      assert.equal(displayName("Computer (level x)"), "Computer (level x)");
      assert.equal(categoryName("nonsense"), "nonsense");
      assert.equal(engineLevelName(4, "two plies"), "dwa półruchy", "the offline levels");
      assert.equal(engineLevelName(9, "a level this client does not know"), "a level this client does not know");
      assert.equal(chatName({ from: "Spectator", seat: "spectator" }), "Widz", "a nameless spectator's chat line");
      assert.equal(chatName({ from: "Spectator", seat: "white" }), "Spectator", "a player who calls itself so");
      assert.equal(chatName({ from: "Guest", seat: "black" }), "Gość");
      setLang("en");
      assert.equal(displayName("Computer (level 1)"), "Computer (level 1)");
    } finally {
      setLang(before);
    }
  });
});

describe("the server's messages", () => {
  const serverCodes = (file: string) =>
    JSON.parse(readFileSync(join(process.cwd(), "..", "tests", "data", "messages", "server", file), "utf8"));
  it("are worded by code and params, the reason first; the server's text only for unknown codes", () => {
    const before = lang();
    try {
      setLang("pl");
      const error = serverCodes("error.json");
      assert.equal(
        serverText(error.code, error.message, error.params),
        "bob gra jako gość: partie rankingowe wymagają konta po obu stronach.",
      );
      assert.equal(serverText("not_allowed", "no", { reason: "new_reason" }), "Teraz nie można tego zrobić.");
      assert.equal(
        serverText("unknown_command", "/x: no such command", { command: "/x" }),
        "/x: nie ma takiego polecenia (spróbuj /help).",
      );
      const info = serverCodes("info.json");
      assert.match(serverText(info.code, info.text), /^Polecenia: \/join/);
      assert.equal(
        serverText("challenge_declined", "bob declined", { name: "bob" }),
        "bob odrzucił(a) twoje wyzwanie.",
      );
      assert.equal(serverText("some_new_code", "As the server says."), "As the server says.");
      assert.equal(serverText(undefined, "A plain line."), "A plain line.");
      setLang("de");
      assert.equal(new ApiError("name_taken", "the name ada is taken", 409).message, "Dieser Name ist vergeben.");
      const limited = new ApiError("registration_limited", "too many", 429, { retry_after_s: 30 });
      assert.equal(limited.message, "Zu viele neue Konten von deiner Adresse; versuche es in 30 s noch einmal.");
      assert.equal(limited.serverMessage, "too many");
    } finally {
      setLang(before);
    }
  });
  it("every code docs/api.md lists that a player can meet has a sentence", () => {
    const docs = readFileSync(join(process.cwd(), "..", "docs", "api.md"), "utf8");
    const table = docs.slice(docs.indexOf("## 5. Error codes"), docs.indexOf("### Closing codes"));
    const codes = [...table.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
    assert.ok(codes.length > 30, "the table of codes was not found");
    // Codes no player's action in this client can draw (malformed requests, other clients' endpoints).
    const machine = new Set([
      "bad_json",
      "bad_request",
      "unknown_type",
      "not_found",
      "bad_path",
      "method_not_allowed",
      "no_game",
      "too_large",
      "too_many_connections",
      "origin_refused",
      "conflict",
      "unknown_puzzle",
      "not_over",
      "bad_record",
      "report_not_found",
      "analysis_busy",
      "analysis_off",
      "bad_turn",
      // API tokens' own codes: a bot's or a board client's, never this client's (it uses the cookie).
      "bad_api_token",
      "missing_scope",
      "token_not_allowed",
      "token_rate_limited",
      "already_bot",
      "has_played",
      // The streams' and acts' own codes (docs/api.md 2.5): only a bot or board client meets them.
      "too_many_streams",
      "not_a_bot",
      "bot_account",
      "no_such_game",
      "not_your_game",
      "stale_ply",
      "no_such_challenge",
      "no_event_stream",
      "too_many_challenges",
    ]);
    for (const c of codes) if (c && !machine.has(c)) assert.ok(`server.${c}` in CATALOGUE.en, `server.${c}`);
  });
  it("every reason docs/api.md gives for an illegal decision has a sentence in each language", () => {
    const docs = readFileSync(join(process.cwd(), "..", "docs", "api.md"), "utf8");
    const row = docs.split("\n").find((l) => l.startsWith("| `illegal_decision` |")) ?? "";
    const list = row.slice(row.indexOf("one of"), row.indexOf("; `decision`"));
    const reasons = [...list.matchAll(/`(\w+)`/g)].map((m) => m[1]);
    assert.ok(reasons.length >= 13, `the reasons were not found: ${row}`);
    for (const lang of ["en", "de", "pl"] as const)
      for (const r of reasons) assert.ok(`server.illegal_decision.${r}` in CATALOGUE[lang], `${lang}: ${r}`);
  });
});

describe("language choice", () => {
  it("a saved choice wins, else the first browser language we have, else English", () => {
    assert.equal(pickLang("pl", ["de-DE"]), "pl");
    assert.equal(pickLang(null, ["fr-FR", "de-AT", "en"]), "de");
    assert.equal(pickLang(null, ["pl-PL"]), "pl");
    assert.equal(pickLang("xx", ["fr"]), "en");
    assert.equal(pickLang(null, []), "en");
  });
});

// Visible strings: JSX text with letters, and string literals in attributes people read.
const READ_ATTRS = new Set(["aria-label", "title", "placeholder", "alt", "label", "value"]);
function literalsIn(file: string): string[] {
  const src = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isJsxText(n) && /\p{L}{2,}/u.test(n.text)) found.push(n.text.trim());
    if (ts.isJsxAttribute(n) && READ_ATTRS.has(n.name.getText()) && n.initializer && ts.isStringLiteral(n.initializer))
      if (/\p{L}{2,}/u.test(n.initializer.text) && n.name.getText() !== "value") found.push(n.initializer.text);
    if (
      ts.isJsxExpression(n) &&
      n.expression &&
      ts.isStringLiteral(n.expression) &&
      /\p{L}{2,} /u.test(n.expression.text)
    )
      found.push(n.expression.text);
    ts.forEachChild(n, visit);
  };
  visit(src);
  return found;
}

describe("no visible string bypasses the catalogue", () => {
  // Every component: main.tsx and the .tsx files of the modules (ui/, game/, lobby/, ...).
  const dir = join(process.cwd(), "src");
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".tsx"))
    .sort()
    .map((f) => join(dir, f));
  // The brand name is the same in every language.
  const allowed = new Set(["YINSH"]);
  for (const f of files) {
    it(f.split("/").slice(-2).join("/"), () => {
      assert.deepEqual(
        literalsIn(f).filter((s) => !allowed.has(s)),
        [],
      );
    });
  }
  it("the check finds a literal when there is one", () => {
    const probe = join(process.cwd(), "tests", "fixtures", "literal-probe.tsx");
    assert.deepEqual(literalsIn(probe), ["Close it", "Hello there", "Say it"]);
  });
});

// The message catalogue: every key in all three languages with the same placeholders, the
// language picked from the browser, and no visible string in the UI that bypasses it.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import ts from "typescript";
import { BOARD_TEXT } from "../src/board/view";
import { CATALOGUE, LANGS, pickLang, t } from "../src/i18n";

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

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

// Plural forms in catalogue messages, in ICU MessageFormat's notation:
//   "{games, plural, one {# game} other {# games}}"
// The form is chosen by Intl.PluralRules for the message's language (Polish has one, few, many
// and other; English and German one and other), "=N" picks an exact number, and "#" in the
// form is the number. The forms hold no nested plural blocks (simple {placeholders} are kept).
const BLOCK = /\{(\w+),\s*plural,/g;

/** The forms of the block whose forms start at `from`, and the index just past its closing brace. */
export function pluralForms(text: string, from: number): { forms: Record<string, string>; end: number } {
  const forms: Record<string, string> = {};
  let i = from;
  for (;;) {
    while (text[i] === " ") i++;
    const name = /^=?\w+/.exec(text.slice(i))?.[0];
    if (!name) break;
    i += name.length;
    while (text[i] === " ") i++;
    if (text[i] !== "{") break;
    let depth = 1;
    let j = i + 1;
    for (; j < text.length && depth > 0; j++) {
      if (text[j] === "{") depth++;
      else if (text[j] === "}") depth--;
    }
    forms[name] = text.slice(i + 1, j - 1);
    i = j;
  }
  while (text[i] === " ") i++;
  return { forms, end: text[i] === "}" ? i + 1 : i };
}

/** `text` with each plural block replaced by the form of its number in language `lang`. */
export function selectPlurals(text: string, params: Record<string, string | number>, lang: string): string {
  if (!text.includes("plural,")) return text;
  let out = "";
  let from = 0;
  const re = new RegExp(BLOCK.source, "g");
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const { forms, end } = pluralForms(text, re.lastIndex);
    const name = m[1] as string;
    const value = params[name];
    const n = Number(value);
    const form =
      value === undefined || !Number.isFinite(n)
        ? forms.other
        : (forms[`=${n}`] ?? forms[new Intl.PluralRules(lang).select(n)] ?? forms.other);
    out += text.slice(from, m.index) + (form ?? "").replace(/#/g, value === undefined ? `{${name}}` : String(value));
    from = end;
    re.lastIndex = end;
  }
  return out + text.slice(from);
}

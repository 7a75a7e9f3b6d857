// The message catalogue: every string the UI shows, in English, German and Polish.
// The language comes from the saved choice, else the browser's languages, else English.
import { useEffect, useState } from "preact/hooks";
import { de } from "./de";
import { en, type Key } from "./en";
import { pl } from "./pl";
import { selectPlurals } from "./plural";

export type { Key };
export type Lang = "en" | "de" | "pl";
export const LANGS: ReadonlyArray<{ code: Lang; name: string }> = [
  { code: "en", name: "English" },
  { code: "de", name: "Deutsch" },
  { code: "pl", name: "Polski" },
];
export const CATALOGUE: Record<Lang, Record<Key, string>> = { en, de, pl };

const STORE = "yinsh.lang";

function isLang(s: string | null | undefined): s is Lang {
  return s === "en" || s === "de" || s === "pl";
}

/** The first of the browser's languages we have, e.g. ["pl-PL", "en"] -> "pl". */
export function pickLang(saved: string | null, browser: readonly string[]): Lang {
  if (isLang(saved)) return saved;
  for (const b of browser) {
    const base = b.toLowerCase().split("-")[0];
    if (isLang(base)) return base;
  }
  return "en";
}

function saved(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORE) ?? null;
  } catch {
    return null;
  }
}

let current: Lang = pickLang(
  saved(),
  typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language ?? "en"]),
);
const listeners = new Set<(l: Lang) => void>();
if (typeof document !== "undefined") document.documentElement.lang = current;

export function lang(): Lang {
  return current;
}

export function setLang(l: Lang): void {
  current = l;
  try {
    globalThis.localStorage?.setItem(STORE, l);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  if (typeof document !== "undefined") document.documentElement.lang = l;
  for (const f of listeners) f(l);
}

/** Re-renders the caller when the language changes. */
export function useLang(): Lang {
  const [l, set] = useState(current);
  useEffect(() => {
    listeners.add(set);
    return () => {
      listeners.delete(set);
    };
  }, []);
  return l;
}

/**
 * The message `key` in the current language: `{name}` placeholders filled from `params`, and
 * plural blocks (plural.ts) given the form of their number in that language.
 */
export function t(key: Key, params: Record<string, string | number> = {}, l: Lang = current): string {
  const text = selectPlurals(CATALOGUE[l][key] ?? en[key], params, l);
  return text.replace(/\{(\w+)\}/g, (m, p: string) => (p in params ? String(params[p]) : m));
}

/** A moment (ms since the epoch) as the current language writes a day and a time: "12 May, 14:30". */
export function formatWhen(ms: number, l: Lang = current): string {
  return new Date(ms).toLocaleString(l, { day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" });
}

/** "White"/"Black" in the current language. */
export function colorName(c: "white" | "black"): string {
  return t(c === "white" ? "color.white" : "color.black");
}

/**
 * The server's name for a guest who gave none. Sent as it is (never in the sender's language,
 * which the other players may not read) and shown by displayName in each viewer's language.
 * No account can have it: "guest" is a reserved name (src/accounts/username.cpp).
 */
export const GUEST_NAME = "Guest";

/** The server's name for its computer player (game/online_game.cpp); no guest may take it. */
const COMPUTER_NAME = /^Computer \(level (\d+)\)$/;

/**
 * A player's name as the server stores it, shown in the current language: the server's
 * default names "Guest" and "Computer (level N)" through the catalogue, any other name as it is.
 */
export function displayName(name: string): string {
  if (name === GUEST_NAME) return t("seat.guest");
  const ai = COMPUTER_NAME.exec(name);
  return ai ? t("seat.computer", { level: Number(ai[1]) }) : name;
}

/** Whether `name` is the server's computer player's. */
export function isComputerName(name: string): boolean {
  return COMPUTER_NAME.test(name);
}

/** The server's name for a spectator who chats without having given a name (hub/room.cpp). */
export const SPECTATOR_NAME = "Spectator";

/**
 * The writer of a chat line as shown: a nameless spectator's "Spectator" in the viewer's
 * language (a guest may call itself so: only a line from a spectator's seat without an account
 * is translated), any other writer through displayName.
 */
export function chatName(line: ChatWriter): string {
  return isNamelessSpectator(line) ? t("seat.spectator") : displayName(line.from);
}

/** Who wrote a chat line: its name, seat, and account id (absent for a guest). */
export type ChatWriter = { from: string; seat: string; account?: string };

/** Whether a chat line is a spectator's who gave no name (its writer is "Spectator"). */
export function isNamelessSpectator(line: ChatWriter): boolean {
  return line.seat === "spectator" && !line.account && line.from === SPECTATOR_NAME;
}

/** The catalogue's message `key` when it has one, else `fallback` (a name or text as sent). */
function known(key: string, fallback: string, params: Record<string, string | number> = {}): string {
  return key in CATALOGUE.en ? t(key as Key, params) : fallback;
}

/** The values the server words a message with (docs/api.md, section 5): names and numbers. */
export type ServerParams = Record<string, string | number>;

/**
 * A message of the server (an error's or an info's `code` and `params`) in the current
 * language: the catalogue's `server.CODE.REASON` or `server.CODE`; the server's own (English)
 * `text` only for a code this client does not know.
 */
export function serverText(code: string | undefined, text: string, params: ServerParams = {}): string {
  if (!code) return text;
  return known(`server.${code}.${params.reason}`, known(`server.${code}`, text, params), params);
}

/** A rating category's name (bullet, blitz, ..., blitz-variant) in the current language. */
export function categoryName(category: string): string {
  return known(`category.${category}`, category);
}

/** The server's and the core's level names are English: ours when the catalogue has them. */
export function levelName(name: string): string {
  return known(`level.${name}`, name);
}

/** The in-browser engine's level `level` (0..8, src/search/levels.cpp), described in our words. */
export function engineLevelName(level: number, name: string): string {
  return known(`level.engine_${level}`, name);
}

// Player settings, remembered in localStorage: sound, colour theme, board theme,
// coordinates, confirm-before-playing. The page applies them as attributes on <html>.
import { useEffect, useState } from "preact/hooks";

export interface Settings {
  sound: boolean;
  theme: "system" | "light" | "dark";
  board: "wood" | "slate";
  coords: boolean;
  confirmMove: boolean;
}

export const DEFAULTS: Settings = { sound: true, theme: "system", board: "wood", coords: true, confirmMove: false };
const STORE = "yinsh.settings";
const CHOICES: { [K in keyof Settings]: ReadonlyArray<Settings[K]> } = {
  sound: [true, false],
  theme: ["system", "light", "dark"],
  board: ["wood", "slate"],
  coords: [true, false],
  confirmMove: [false, true],
};

/** Settings from stored text; unknown or bad values fall back to the defaults. */
export function parseSettings(text: string | null): Settings {
  let raw: Record<string, unknown> = {};
  try {
    const v = text ? JSON.parse(text) : {};
    if (v && typeof v === "object") raw = v;
  } catch {
    // Broken storage: defaults.
  }
  const out = { ...DEFAULTS } as Record<string, unknown>;
  for (const k of Object.keys(CHOICES) as Array<keyof Settings>) {
    if ((CHOICES[k] as readonly unknown[]).includes(raw[k])) out[k] = raw[k];
  }
  return out as unknown as Settings;
}

function load(): Settings {
  try {
    return parseSettings(globalThis.localStorage?.getItem(STORE) ?? null);
  } catch {
    return { ...DEFAULTS };
  }
}

let current = load();
const listeners = new Set<(s: Settings) => void>();

const systemDark = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : null;

/** The colour scheme shown: the chosen one, or the system's. */
export function scheme(s: Settings, systemIsDark: boolean): "light" | "dark" {
  return s.theme === "system" ? (systemIsDark ? "dark" : "light") : s.theme;
}

function apply(s: Settings): void {
  if (typeof document === "undefined") return;
  const d = document.documentElement.dataset;
  d.theme = s.theme;
  d.scheme = scheme(s, !!systemDark?.matches);
  d.board = s.board;
  d.coords = s.coords ? "on" : "off";
}
apply(current);
systemDark?.addEventListener?.("change", () => apply(current));

export function settings(): Settings {
  return current;
}

export function setSetting<K extends keyof Settings>(key: K, value: Settings[K]): void {
  current = { ...current, [key]: value };
  try {
    globalThis.localStorage?.setItem(STORE, JSON.stringify(current));
  } catch {
    // Private mode: kept for this page only.
  }
  apply(current);
  for (const f of listeners) f(current);
}

export function useSettings(): Settings {
  const [s, set] = useState(current);
  useEffect(() => {
    listeners.add(set);
    return () => {
      listeners.delete(set);
    };
  }, []);
  return s;
}

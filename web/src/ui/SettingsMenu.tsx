// The header's settings: language, sound, colour theme, board theme, coordinates,
// confirm moves. Each is remembered in this browser.
import { type Key, LANGS, type Lang, lang, setLang, t, useLang } from "../i18n";
import { type Settings, setSetting, useSettings } from "./settings";

function Toggle({ k, label }: { k: "sound" | "coords" | "confirmMove"; label: string }) {
  const s = useSettings();
  return (
    <label class="toggle">
      <input type="checkbox" checked={s[k]} onChange={(e) => setSetting(k, (e.target as HTMLInputElement).checked)} />
      {label}
    </label>
  );
}

function Choice<K extends "theme" | "board">(props: { k: K; label: string; options: Array<Settings[K]> }) {
  const s = useSettings();
  return (
    <label>
      {props.label}
      <select
        value={s[props.k]}
        onChange={(e) => setSetting(props.k, (e.target as HTMLSelectElement).value as Settings[K])}
      >
        {props.options.map((o) => (
          <option value={o} key={o}>
            {t(`settings.${props.k}_${o}` as Key)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function SettingsMenu() {
  useLang();
  const s = useSettings();
  return (
    <div class="header-tools">
      <label class="lang">
        <span class="sr-only">{t("settings.language")}</span>
        <select value={lang()} onChange={(e) => setLang((e.target as HTMLSelectElement).value as Lang)}>
          {LANGS.map((l) => (
            <option value={l.code} key={l.code} lang={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        class="icon-button"
        aria-pressed={!s.sound}
        aria-label={s.sound ? t("settings.mute") : t("settings.unmute")}
        title={s.sound ? t("settings.mute") : t("settings.unmute")}
        data-testid="mute"
        onClick={() => setSetting("sound", !s.sound)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
          <path d="M3 9v6h4l5 4V5L7 9z" />
          {s.sound ? (
            <path
              d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12"
              fill="none"
              stroke="currentColor"
              stroke-width="2"
            />
          ) : (
            <path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="2" />
          )}
        </svg>
      </button>
      <details class="settings">
        {/* Named also where the word is hidden (phones). */}
        <summary aria-label={t("settings.title")}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" class="gear">
            <circle cx="12" cy="12" r="3.2" fill="none" stroke="currentColor" stroke-width="2" />
            <path
              d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1"
              stroke="currentColor"
              stroke-width="2"
            />
          </svg>
          <span class="settings-word">{t("settings.title")}</span>
        </summary>
        <div class="settings-panel">
          <Toggle k="sound" label={t("settings.sound")} />
          <Choice k="theme" label={t("settings.theme")} options={["system", "light", "dark"]} />
          <Choice k="board" label={t("settings.board")} options={["wood", "slate"]} />
          <Toggle k="coords" label={t("settings.coords")} />
          <Toggle k="confirmMove" label={t("settings.confirm")} />
        </div>
      </details>
    </div>
  );
}

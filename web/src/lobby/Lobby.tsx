// The lobby: create a game, join an open one, watch one in progress, replay finished ones,
// import a record.
import { useEffect, useState } from "preact/hooks";
import { loadCore } from "../engine/core";
import { parseRecord, RecordError } from "../engine/rules";
import { colorName, displayName, GUEST_NAME, type Key, levelName, t } from "../i18n";
import { ApiError, api, autoStart, describeClock, playerName, savePlayerName, saveToken } from "../net/api";
import type { Color, Level, Summary } from "../net/types";
import { nameKind } from "../ui/names";
import { PlayerName } from "../ui/PlayerName";
import { ErrorBanner, NameInput, VariantSelect } from "../ui/panels";
import { linkClick, navigate } from "../ui/router";
import { describeResult } from "../ui/status";
import { FindOpponent } from "./FindOpponent";

/**
 * The server's computer levels 1-8 by name (src/server/hub/hub.cpp), listed until /api/levels
 * answers, and when it cannot: then the lobby points to offline play.
 */
const SERVER_LEVELS = ["Beginner", "Novice", "Casual", "Club", "Strong", "Expert", "Master", "Grandmaster"];

const CLOCKS = ["none", "180000+2000", "300000+5000", "600000+10000", "900000+0", "1800000+20000"];

function clockLabel(value: string): string {
  if (value === "none") return t("clock.untimed_option");
  const [base, inc] = value.split("+").map(Number);
  return describeClock({ base_ms: base as number, increment_ms: inc as number });
}

const COLOUR_KEYS: Record<Color | "random", Key> = {
  random: "form.random",
  white: "form.white_starts",
  black: "color.black",
};

/** An untimed game with nothing happening for this long is listed as idle, not in progress. */
export const IDLE_MS = 30 * 60 * 1000;

/**
 * Games in progress, and the untimed ones nobody has played in for IDLE_MS (both players
 * left: no clock will ever end them, so they would stay "in progress" for ever).
 */
export function splitIdle(games: readonly Summary[], now: number): { live: Summary[]; idle: Summary[] } {
  const idle = (g: Summary) => g.clock === null && now - g.updated_at > IDLE_MS;
  return { live: games.filter((g) => !idle(g)), idle: games.filter(idle) };
}

function CreateForm({
  name,
  setName,
  onError,
}: {
  name: string;
  setName: (name: string) => void;
  onError: (e: string | null) => void;
}) {
  const [levels, setLevels] = useState<Level[]>([]);
  const [variant, setVariant] = useState<"normal" | "blitz">("normal");
  const [clock, setClock] = useState("300000+5000");
  const [opponent, setOpponent] = useState<"ai" | "human">("ai");
  const [level, setLevel] = useState(3);
  const [color, setColor] = useState<Color | "random">("random");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.levels().then(setLevels, () => setLevels([]));
  }, []);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    onError(null);
    const n = name.trim().slice(0, 32) || GUEST_NAME;
    savePlayerName(n);
    const [base, inc] = clock === "none" ? [0, 0] : clock.split("+").map(Number);
    try {
      const g = await api.create({
        variant,
        clock: clock === "none" ? null : { base_ms: base as number, increment_ms: inc as number },
        opponent: opponent === "ai" ? { type: "ai", level } : { type: "human" },
        color,
        name: n,
      });
      saveToken(g.game, g.seat, g.token);
      autoStart.add(g.game);
      navigate(`/game/${g.game}`);
    } catch (err) {
      onError(err instanceof ApiError ? t("lobby.create_failed", { message: err.message }) : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card create" onSubmit={submit} aria-labelledby="create-h">
      <h2 id="create-h">{t("lobby.new_game")}</h2>
      <NameInput value={name} onInput={setName} />
      <fieldset>
        <legend>{t("form.opponent")}</legend>
        <label class="radio">
          <input type="radio" name="opponent" checked={opponent === "ai"} onChange={() => setOpponent("ai")} />
          {t("form.computer")}
        </label>
        <label class="radio">
          <input type="radio" name="opponent" checked={opponent === "human"} onChange={() => setOpponent("human")} />
          {t("form.human")}
        </label>
      </fieldset>
      {opponent === "ai" ? (
        <label>
          {t("form.level")}
          <select
            name="level"
            value={String(level)}
            onChange={(e) => setLevel(Number((e.target as HTMLSelectElement).value))}
          >
            {(levels.length ? levels : SERVER_LEVELS.map((name, i) => ({ level: i + 1, name, movetime_ms: 0 }))).map(
              (l) => (
                <option value={String(l.level)} key={l.level}>
                  {l.level}. {levelName(l.name)}
                </option>
              ),
            )}
          </select>
        </label>
      ) : null}
      <label>
        {t("form.clock")}
        <select name="clock" value={clock} onChange={(e) => setClock((e.target as HTMLSelectElement).value)}>
          {CLOCKS.map((c) => (
            <option value={c} key={c}>
              {clockLabel(c)}
            </option>
          ))}
        </select>
      </label>
      <VariantSelect label={t("form.variant")} name="variant" value={variant} onChange={setVariant} />
      <fieldset>
        <legend>{t("form.colour")}</legend>
        {(["random", "white", "black"] as const).map((c) => (
          <label class="radio" key={c}>
            <input type="radio" name="color" checked={color === c} onChange={() => setColor(c)} />
            {t(COLOUR_KEYS[c])}
          </label>
        ))}
      </fieldset>
      <button type="submit" class="primary" disabled={busy}>
        {busy ? t("lobby.creating") : t("lobby.create")}
      </button>
    </form>
  );
}

function GameRow({ g, action }: { g: Summary; action: "join" | "watch" | "replay" }) {
  const [busy, setBusy] = useState(false);
  const [err, setErr] = useState<string | null>(null);
  const join = async () => {
    setBusy(true);
    try {
      const r = await api.join(g.id, playerName() || GUEST_NAME);
      saveToken(g.id, r.seat, r.token);
      autoStart.add(g.id);
      navigate(`/game/${g.id}`);
    } catch (e) {
      setErr(e instanceof ApiError ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <li class="game-row" data-testid={`game-${g.id}`}>
      <span class="who">
        <span class="swatch white" aria-hidden="true" />{" "}
        {g.white ? (
          <PlayerName name={g.white} kind={nameKind(g.white, g.white_account)} />
        ) : (
          <em>{t("seat.tag_open")}</em>
        )}
        <span class="vs"> {t("lobby.vs")} </span>
        <span class="swatch black" aria-hidden="true" />{" "}
        {g.black ? (
          <PlayerName name={g.black} kind={nameKind(g.black, g.black_account)} />
        ) : (
          <em>{t("seat.tag_open")}</em>
        )}
      </span>
      <span class="meta small">
        {g.variant === "blitz" ? `${t("variant.blitz")} · ` : ""}
        {describeClock(g.clock)}
        {action === "watch" ? ` · ${t("lobby.ply", { n: g.ply })}` : ""}
        {action === "replay"
          ? ` · ${describeResult(g.result, g.status, g.variant, { white: g.white ? displayName(g.white) : colorName("white"), black: g.black ? displayName(g.black) : colorName("black") })}`
          : ""}
      </span>
      {action === "join" ? (
        <button type="button" class="primary" onClick={join} disabled={busy}>
          {t("lobby.join")}
        </button>
      ) : (
        <a class="button" href={action === "watch" ? `/game/${g.id}` : `/replay/${g.id}`} onClick={linkClick}>
          {action === "watch" ? t("lobby.watch") : t("over.replay")}
        </a>
      )}
      {err ? (
        <span class="error small" role="alert">
          {err}
        </span>
      ) : null}
    </li>
  );
}

export function ImportBox() {
  const [text, setText] = useState("");
  const [err, setErr] = useState<string | null>(null);
  return (
    <form
      class="card import"
      aria-labelledby="import-h"
      onSubmit={async (e) => {
        e.preventDefault();
        // The lobby is drawn before the rules core is loaded (main.tsx): the record waits for it.
        try {
          await loadCore();
        } catch (x) {
          setErr(t("core.failed", { message: x instanceof Error ? x.message : String(x) }));
          return;
        }
        try {
          const plies = parseRecord(text);
          if (!plies.length) throw new RecordError(t("import.empty"));
          setErr(null);
          navigate(`/#replay=${encodeURIComponent(text.trim())}`);
        } catch (x) {
          setErr(x instanceof Error ? x.message : String(x));
        }
      }}
    >
      <h2 id="import-h">{t("import.title")}</h2>
      <label for="import-text" class="small muted">
        {t("import.hint")} <code>1.e4 2.f6 3.c3 …</code>
      </label>
      <textarea
        id="import-text"
        rows={4}
        value={text}
        spellcheck={false}
        onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
      />
      {err ? (
        <p class="error small" role="alert">
          {err}
        </p>
      ) : null}
      <button type="submit" disabled={!text.trim()}>
        {t("import.submit")}
      </button>
    </form>
  );
}

export function Lobby() {
  const [waiting, setWaiting] = useState<Summary[] | null>(null);
  const [active, setActive] = useState<Summary[] | null>(null);
  const [over, setOver] = useState<Summary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  // The name typed here is the guest's everywhere: in a game made here, and in the lobby's
  // seeks and pairings (FindOpponent), so it is kept as it is typed.
  const [name, setName] = useState(playerName());
  const rename = (n: string) => {
    setName(n);
    savePlayerName(n.trim().slice(0, 32));
  };

  useEffect(() => {
    let alive = true;
    const load = async () => {
      try {
        const [w, a, o] = await Promise.all([api.games("waiting"), api.games("active"), api.games("over", 20)]);
        if (!alive) return;
        setWaiting(w);
        setActive(a);
        setOver(o);
        setListError(null);
      } catch (e) {
        if (alive) setListError(e instanceof ApiError ? e.message : String(e));
      }
    };
    load();
    const h = setInterval(() => {
      if (document.visibilityState === "visible") load();
    }, 4000);
    return () => {
      alive = false;
      clearInterval(h);
    };
  }, []);

  const list = (games: Summary[] | null, action: "join" | "watch" | "replay", emptyKey: Key, testid: string) => (
    <ul class="games" data-testid={testid}>
      {games === null ? <li class="muted">{t(listError ? "lobby.unavailable" : "lobby.loading")}</li> : null}
      {games?.length === 0 ? <li class="muted">{t(emptyKey)}</li> : null}
      {games?.map((g) => (
        <GameRow g={g} action={action} key={g.id} />
      ))}
    </ul>
  );

  const split = active ? splitIdle(active, Date.now()) : null;
  return (
    <main class="page lobby" data-testid="lobby">
      <div class="hero">
        <h1>{t("lobby.title")}</h1>
        <p class="muted">{t("lobby.intro")}</p>
        <p class="learn-links">
          <a href="/learn" onClick={linkClick}>
            {t("lobby.learn_link")}
          </a>
          <a href="/puzzles" onClick={linkClick}>
            {t("lobby.puzzles_link")}
          </a>
        </p>
      </div>
      <ErrorBanner error={error ?? listError} onClose={() => setError(null)} />
      {listError ? (
        <p class="note" data-testid="offline-hint">
          {t("lobby.offline_hint")}{" "}
          <a href="/offline" onClick={linkClick}>
            {t("nav.offline")}
          </a>
        </p>
      ) : null}
      {note ? (
        <p class="note" role="status" data-testid="lobby-note">
          {note}
        </p>
      ) : null}
      <div class="lobby-grid">
        <CreateForm name={name} setName={rename} onError={setError} />
        <div class="lists">
          <FindOpponent name={name} onError={setError} onNote={setNote} />
          <section class="card">
            <h2>{t("lobby.open")}</h2>
            {list(waiting, "join", "lobby.open_none", "open-games")}
          </section>
          <section class="card">
            <h2>{t("lobby.active")}</h2>
            {list(split?.live ?? null, "watch", "lobby.active_none", "active-games")}
            {split?.idle.length ? (
              <details class="idle" data-testid="idle-games">
                <summary>{t("lobby.idle", { n: split.idle.length })}</summary>
                {list(split.idle, "watch", "lobby.active_none", "idle-list")}
              </details>
            ) : null}
          </section>
          <section class="card">
            <h2>{t("lobby.over")}</h2>
            {list(over, "replay", "lobby.over_none", "finished-games")}
          </section>
          <ImportBox />
        </div>
      </div>
    </main>
  );
}

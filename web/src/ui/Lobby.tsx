// The lobby: create a game, join an open one, watch one in progress, replay finished ones,
// import a record.
import { useEffect, useState } from "preact/hooks";
import { parseRecord, RecordError } from "../engine/rules";
import { ApiError, api, autoStart, describeClock, playerName, savePlayerName, saveToken } from "./api";
import { describeResult, ErrorBanner } from "./panels";
import { linkClick, navigate } from "./router";
import type { Color, Level, Summary } from "./types";

const CLOCKS: Array<{ label: string; value: string }> = [
  { label: "Untimed", value: "none" },
  { label: "3 min + 2 s", value: "180000+2000" },
  { label: "5 min + 5 s", value: "300000+5000" },
  { label: "10 min + 10 s", value: "600000+10000" },
  { label: "15 min", value: "900000+0" },
  { label: "30 min + 20 s", value: "1800000+20000" },
];

function CreateForm({ onError }: { onError: (e: string | null) => void }) {
  const [levels, setLevels] = useState<Level[]>([]);
  const [name, setName] = useState(playerName());
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
    const n = name.trim().slice(0, 32) || "Guest";
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
      onError(err instanceof ApiError ? `Could not create the game: ${err.message}` : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card create" onSubmit={submit} aria-labelledby="create-h">
      <h2 id="create-h">New game</h2>
      <label>
        Your name
        <input
          name="name"
          maxLength={32}
          value={name}
          placeholder="Guest"
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </label>
      <fieldset>
        <legend>Opponent</legend>
        <label class="radio">
          <input type="radio" name="opponent" checked={opponent === "ai"} onChange={() => setOpponent("ai")} />
          Computer
        </label>
        <label class="radio">
          <input type="radio" name="opponent" checked={opponent === "human"} onChange={() => setOpponent("human")} />
          Human
        </label>
      </fieldset>
      {opponent === "ai" ? (
        <label>
          Level
          <select
            name="level"
            value={String(level)}
            onChange={(e) => setLevel(Number((e.target as HTMLSelectElement).value))}
          >
            {(levels.length
              ? levels
              : [1, 2, 3, 4, 5, 6].map((l) => ({ level: l, name: `Level ${l}`, movetime_ms: 0 }))
            ).map((l) => (
              <option value={String(l.level)} key={l.level}>
                {l.level}. {l.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label>
        Time control
        <select name="clock" value={clock} onChange={(e) => setClock((e.target as HTMLSelectElement).value)}>
          {CLOCKS.map((c) => (
            <option value={c.value} key={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Variant
        <select
          name="variant"
          value={variant}
          onChange={(e) => setVariant((e.target as HTMLSelectElement).value as "normal" | "blitz")}
        >
          <option value="normal">Normal — 3 rings win</option>
          <option value="blitz">Blitz — 1 ring wins</option>
        </select>
      </label>
      <fieldset>
        <legend>Your colour</legend>
        {(["random", "white", "black"] as const).map((c) => (
          <label class="radio" key={c}>
            <input type="radio" name="color" checked={color === c} onChange={() => setColor(c)} />
            {c === "random" ? "Random" : c === "white" ? "White (starts)" : "Black"}
          </label>
        ))}
      </fieldset>
      <button type="submit" class="primary" disabled={busy}>
        {busy ? "Creating…" : "Create game"}
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
      const r = await api.join(g.id, playerName() || "Guest");
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
        <span class="swatch white" aria-hidden="true" /> {g.white ?? <em>open</em>}
        <span class="vs"> vs </span>
        <span class="swatch black" aria-hidden="true" /> {g.black ?? <em>open</em>}
      </span>
      <span class="meta small">
        {g.variant === "blitz" ? "blitz · " : ""}
        {describeClock(g.clock)}
        {action === "watch" ? ` · ply ${g.ply}` : ""}
        {action === "replay" ? ` · ${describeResult(g.result, g.status, g.variant)}` : ""}
      </span>
      {action === "join" ? (
        <button type="button" class="primary" onClick={join} disabled={busy}>
          Join
        </button>
      ) : (
        <a class="button" href={action === "watch" ? `/game/${g.id}` : `/replay/${g.id}`} onClick={linkClick}>
          {action === "watch" ? "Watch" : "Replay"}
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
      onSubmit={(e) => {
        e.preventDefault();
        try {
          const plies = parseRecord(text);
          if (!plies.length) throw new RecordError("The record has no decisions.");
          setErr(null);
          navigate(`/#replay=${encodeURIComponent(text.trim())}`);
        } catch (x) {
          setErr(x instanceof Error ? x.message : String(x));
        }
      }}
    >
      <h2 id="import-h">Import a record</h2>
      <label for="import-text" class="small muted">
        Paste a game in the official notation, e.g. <code>1.e4 2.f6 3.c3 …</code>
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
        Replay it
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

  const list = (games: Summary[] | null, action: "join" | "watch" | "replay", empty: string, testid: string) => (
    <ul class="games" data-testid={testid}>
      {games === null ? <li class="muted">Loading…</li> : null}
      {games?.length === 0 ? <li class="muted">{empty}</li> : null}
      {games?.map((g) => (
        <GameRow g={g} action={action} key={g.id} />
      ))}
    </ul>
  );

  return (
    <main class="page lobby" data-testid="lobby">
      <div class="hero">
        <h1>Play YINSH</h1>
        <p class="muted">
          Five rings each. Make rows of five markers, remove a ring for each row: three rings win. Play the computer or
          a friend, watch live games, replay finished ones.
        </p>
      </div>
      <ErrorBanner error={error ?? listError} onClose={() => setError(null)} />
      <div class="lobby-grid">
        <CreateForm onError={setError} />
        <div class="lists">
          <section class="card">
            <h2>Open games</h2>
            {list(waiting, "join", "No open games. Create one!", "open-games")}
          </section>
          <section class="card">
            <h2>Games in progress</h2>
            {list(active, "watch", "No games in progress.", "active-games")}
          </section>
          <section class="card">
            <h2>Finished games</h2>
            {list(over, "replay", "No finished games yet.", "finished-games")}
          </section>
          <ImportBox />
        </div>
      </div>
    </main>
  );
}

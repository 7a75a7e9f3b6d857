// A game against the computer that runs entirely in the browser (/offline): the rules core
// and the engine (WebAssembly, the engine in its Web Worker) need no server once the page is
// loaded. The game is kept in this browser (localStorage), so a reload continues it.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Position, Side, Variant } from "../board/types";
import { EngineClient, EngineStopped } from "../engine/client";
import { callCore } from "../engine/core";
import { applyDecision, legalDecisions, pliesOf, replayGame, startPosition } from "../engine/rules";
import { colorName, engineLevelName, t, useLang } from "../i18n";
import { Board } from "../ui/Board";
import { ErrorBanner, MoveList } from "../ui/panels";
import { useAssist } from "./GameAssist";

/** How long the computer may think per decision (its level caps depth and nodes as well). */
const AI_MOVETIME_MS = 1000;

interface Setup {
  level: number;
  you: Side;
  variant: Variant;
}

const SAVED = "yinsh-offline-game";

interface Saved {
  setup: Setup;
  decisions: string[];
}

/** The game saved by this browser, replayed by the core (null when there is none or it does not fit). */
function restore(): { setup: Setup; positions: Position[]; decisions: string[] } | null {
  try {
    const saved = JSON.parse(localStorage.getItem(SAVED) ?? "null") as Saved | null;
    if (!saved?.setup || !Array.isArray(saved.decisions)) return null;
    const r = replayGame(startPosition(saved.setup.variant), saved.decisions);
    if (r.error) return null;
    return { setup: saved.setup, positions: r.positions, decisions: saved.decisions };
  } catch {
    return null;
  }
}

function resultText(p: Position, you: Side): string {
  if (p.result === "1/2-1/2") return t("offline.draw", { score: p.result });
  const winner: Side = p.result === "1-0" ? "w" : "b";
  const params = { score: p.result, w: p.removed.w, b: p.removed.b };
  return t(winner === you ? "offline.you_win" : "offline.computer_wins", params);
}

function SetupForm(props: { onStart: (s: Setup) => void }) {
  const levels = useMemo(() => callCore<{ levels: Array<{ level: number; name: string }> }>("levels").levels, []);
  const [level, setLevel] = useState(2);
  const [you, setYou] = useState<Side>("w");
  const [variant, setVariant] = useState<Variant>("normal");
  return (
    <form
      class="card create"
      onSubmit={(e) => {
        e.preventDefault();
        props.onStart({ level, you, variant });
      }}
    >
      <h1 class="h2">{t("offline.title")}</h1>
      <p class="small muted">{t("offline.intro")}</p>
      <label>
        {t("form.level")}
        <select value={String(level)} onChange={(e) => setLevel(Number((e.target as HTMLSelectElement).value))}>
          {levels.map((l) => (
            <option key={l.level} value={String(l.level)}>
              {l.level}: {engineLevelName(l.level, l.name)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("offline.you_play")}
        <select value={you} onChange={(e) => setYou((e.target as HTMLSelectElement).value as Side)}>
          <option value="w">{t("offline.white_first")}</option>
          <option value="b">{colorName("black")}</option>
        </select>
      </label>
      <label>
        {t("form.variant")}
        <select value={variant} onChange={(e) => setVariant((e.target as HTMLSelectElement).value as Variant)}>
          <option value="normal">{t("variant.normal_long")}</option>
          <option value="blitz">{t("variant.blitz_long")}</option>
        </select>
      </label>
      <button type="submit" class="primary">
        {t("action.start")}
      </button>
    </form>
  );
}

export function OfflinePage() {
  useLang();
  // Started with the page, so the engine is loaded while the server can still be reached.
  const engine = useRef<EngineClient | null>(null);
  engine.current ??= new EngineClient();
  useEffect(() => () => engine.current?.terminate(), []);
  const saved = useMemo(restore, []);
  const [setup, setSetup] = useState<Setup | null>(saved?.setup ?? null);
  const [positions, setPositions] = useState<Position[]>(saved?.positions ?? []);
  const [decisions, setDecisions] = useState<string[]>(saved?.decisions ?? []);
  useEffect(() => {
    try {
      if (setup) localStorage.setItem(SAVED, JSON.stringify({ setup, decisions } satisfies Saved));
      else localStorage.removeItem(SAVED);
    } catch {
      // Storage may be full or disabled: the game still goes on in the page.
    }
  }, [setup, decisions]);
  const [error, setError] = useState<string | null>(null);

  // data-ply and data-status (what tests and assistive scripts wait on) change only once the
  // board has drawn the new position: the board updates in an effect, so they follow a tick later.
  const [drawnPly, setDrawnPly] = useState(saved?.decisions.length ?? 0);
  useEffect(() => {
    const t = setTimeout(() => setDrawnPly(decisions.length), 0);
    return () => clearTimeout(t);
  }, [decisions.length]);

  const pos = positions[positions.length - 1];
  const over = pos?.step === "over";
  const aiToMove = !!setup && !!pos && !over && pos.side !== setup.you;

  const play = (d: string) => {
    if (!pos) return;
    try {
      const a = applyDecision(pos, d);
      setPositions((ps) => [...ps, a.position]);
      setDecisions((ds) => [...ds, a.decision]);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  useEffect(() => {
    if (!aiToMove || !pos || !setup) return;
    engine.current?.search({ position: pos.text, level: setup.level, movetime: AI_MOVETIME_MS }).then(
      (r) => play(r.best),
      (e) => {
        if (!(e instanceof EngineStopped)) setError(t("offline.failed", { message: (e as Error).message }));
      },
    );
    return () => engine.current?.cancel();
  }, [pos, aiToMove]);
  // A game against the computer, never rated: hints and threats on the player's turn.
  const assist = useAssist(!!setup && !!pos && !over, pos?.text ?? null, !aiToMove && !over);

  if (!setup || !pos) {
    return (
      <main class="page narrow" data-testid="offline-setup">
        <SetupForm
          onStart={(s) => {
            setSetup(s);
            setPositions([startPosition(s.variant)]);
            setDecisions([]);
          }}
        />
      </main>
    );
  }
  const start = positions[0] as Position;
  const plies = pliesOf(start, decisions);
  // Take back: the computer's reply and your last turn (all its decisions), back to your turn.
  let back = decisions.length;
  while (back > 0 && plies[back - 1]?.side !== setup.you) back--;
  while (back > 0 && plies[back - 1]?.side === setup.you) back--;
  const canTakeBack = plies.some((p) => p.side === setup.you);
  const legal = !aiToMove && !over ? legalDecisions(pos) : null;
  const mustPass = legal?.length === 1 && legal[0] === "pass";
  return (
    <main
      class="page game-page"
      data-testid="game-page"
      data-status={over && drawnPly === decisions.length ? "over" : "active"}
      data-ply={drawnPly}
    >
      <div class="board-col">
        <div class="board-wrap">
          <Board
            position={pos}
            legal={legal}
            last={decisions[decisions.length - 1] ?? null}
            previous={positions[positions.length - 2] ?? null}
            flipped={setup.you === "b"}
            notes={assist.notes}
            onDecision={play}
            label={t("offline.board")}
          />
        </div>
      </div>
      <aside class="side">
        <section class="status-box">
          <h1 class="h2">{t("offline.heading", { n: setup.level })}</h1>
          <p class="status-line" data-testid="status">
            {over ? resultText(pos, setup.you) : aiToMove ? t("offline.thinking") : t("offline.your_decision")}
          </p>
          <p class="small muted">
            {t(setup.variant === "blitz" ? "variant.blitz" : "variant.normal")} ·{" "}
            {t("offline.removed", { w: pos.removed.w, b: pos.removed.b })} · {t("pool.markers", { n: pos.pool })}
          </p>
          <ErrorBanner error={error} />
          <div class="actions">
            {mustPass ? (
              <button type="button" onClick={() => play("pass")}>
                {t("action.pass")}
              </button>
            ) : null}
            <button
              type="button"
              disabled={!canTakeBack}
              onClick={() => {
                engine.current?.cancel();
                setPositions(positions.slice(0, back + 1));
                setDecisions(decisions.slice(0, back));
              }}
            >
              {t("offline.take_back")}
            </button>
            <button
              type="button"
              onClick={() => {
                engine.current?.cancel();
                setSetup(null);
              }}
            >
              {t("over.new_game")}
            </button>
          </div>
          {assist.panel}
        </section>
        <section class="moves-box">
          <h2>{t("moves.title")}</h2>
          <MoveList plies={plies} />
        </section>
      </aside>
    </main>
  );
}

// Hints and "show threats" on the game page, for a casual game against the computer only
// (assist.ts says who may have them). The hint is the engine's decision for the position, searched in
// the browser's Web Worker (the server's AI is not asked); the threats are the rows the
// computer could make on its next turn, from the rules core (WebAssembly). Both are drawn on
// the board as notes and written out for screen readers.
import type { JSX } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { decisionNote, type Note } from "../board/notes";
import type { Position } from "../board/types";
import { EngineClient, EngineStopped } from "../engine/client";
import { parsePosition, type Threat, threatsOf } from "../engine/rules";
import { assistAllowed, threatNotes } from "./assist";
import { t } from "./i18n";
import type { Game } from "./types";

/** The hint's search: full strength, this long at most (the worker cannot be interrupted). */
const HINT_LEVEL = 8;
const HINT_MS = 1500;

type Hint = { ply: number; decision: string | null; error?: string };

export interface Assist {
  /** The panel (null when the game does not allow help). */
  panel: JSX.Element | null;
  /** What to draw on the live board. */
  notes: Note[] | null;
}

/** Hint and threats for `role` in `game`; `mine`: it is this player's turn to decide now. */
export function useAssist(game: Game | null, role: string, mine: boolean): Assist {
  const allowed = assistAllowed(game, role);
  const st = game?.state ?? null;
  const ply = st?.ply ?? -1;
  const [hint, setHint] = useState<Hint | null>(null);
  const [showThreats, setShowThreats] = useState(false);
  const engine = useRef<EngineClient | null>(null);
  useEffect(() => () => engine.current?.terminate(), []);
  // A hint is for one position: gone once a decision is made.
  useEffect(() => {
    engine.current?.cancel();
    setHint(null);
  }, [ply]);

  const position = useMemo<Position | null>(() => {
    if (!allowed || !st) return null;
    try {
      return parsePosition(st.position);
    } catch {
      return null;
    }
  }, [allowed, st?.position]);
  const threats = useMemo<Threat[] | null>(() => {
    if (!showThreats || !mine || !position || position.step !== "move") return null;
    try {
      return threatsOf(position).threats;
    } catch {
      return null;
    }
  }, [showThreats, mine, position]);

  const notes = useMemo(() => {
    const out: Note[] = threats ? threatNotes(threats) : [];
    const h = hint?.decision && hint.ply === ply ? decisionNote(hint.decision, "hint") : null;
    if (h) out.push(h);
    return out.length ? out : null;
  }, [threats, hint, ply]);

  if (!allowed || !position) return { panel: null, notes: null };

  const askHint = () => {
    engine.current ??= new EngineClient();
    const at = ply;
    setHint({ ply: at, decision: null });
    engine.current.search({ position: position.text, level: HINT_LEVEL, movetime: HINT_MS }).then(
      (r) => setHint((h) => (h && h.ply === at ? { ply: at, decision: r.best } : h)),
      (e) => {
        if (e instanceof EngineStopped) return;
        const message = e instanceof Error ? e.message : String(e);
        setHint((h) => (h && h.ply === at ? { ply: at, decision: null, error: message } : h));
      },
    );
  };
  const current = hint && hint.ply === ply ? hint : null;

  const panel = (
    <section class="assist small" aria-label={t("assist.label")} data-testid="assist">
      <div class="actions">
        <button type="button" onClick={askHint} disabled={!mine || (!!current && !current.decision && !current.error)}>
          {t("assist.hint")}
        </button>
        <label class="engine-switch">
          <input type="checkbox" checked={showThreats} onChange={() => setShowThreats(!showThreats)} />{" "}
          {t("assist.threats")}
        </label>
      </div>
      <p aria-live="polite" data-testid="assist-text">
        {current
          ? current.error
            ? t("assist.failed", { message: current.error })
            : current.decision
              ? t("assist.hint_is", { decision: current.decision })
              : t("assist.hint_thinking")
          : null}
        {current && showThreats ? " " : null}
        {showThreats ? <ThreatText threats={threats} mine={mine} step={position.step} /> : null}
      </p>
    </section>
  );
  return { panel, notes };
}

function ThreatText(props: { threats: Threat[] | null; mine: boolean; step: Position["step"] }) {
  if (!props.mine || props.step !== "move") return <span>{t("assist.threats_on_move")}</span>;
  if (!props.threats?.length) return <span data-testid="threats">{t("assist.no_threats")}</span>;
  return (
    <span data-testid="threats">
      {t("assist.threatened", { rows: props.threats.map((x) => `${x.from}-${x.to}`).join(", ") })}
    </span>
  );
}

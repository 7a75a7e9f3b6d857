// Hints and "show threats" for a casual game against the computer only: the game page (where
// assist.ts says who may have them) and offline play. The hint is the engine's decision for the position, searched in
// the browser's Web Worker (the server's AI is not asked); the threats are the rows the
// computer could make on its next turn, from the rules core (WebAssembly). Both are drawn on
// the board as notes and written out for screen readers.
import type { JSX } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Note } from "../board/notes";
import type { Position } from "../board/types";
import { EngineClient, EngineStopped } from "../engine/client";
import { decisionNote } from "../engine/decisions";
import { parsePosition, type Threat, threatsOf } from "../engine/rules";
import { t } from "../i18n";
import type { Game } from "../net/types";
import { assistAllowed, threatNotes } from "./assist";

/** The hint's search: full strength, this long at most (the worker cannot be interrupted). */
const HINT_LEVEL = 8;
const HINT_MS = 1500;

/** A hint for one position (its text): the decision, none yet (thinking), or why none. */
type Hint = { at: string; decision: string | null; error?: string };

export interface Assist {
  /** The panel (null when the game does not allow help). */
  panel: JSX.Element | null;
  /** What to draw on the live board. */
  notes: Note[] | null;
}

/** Hint and threats for `role` in a server's `game`; `mine`: this player is to decide now. */
export function useGameAssist(game: Game | null, role: string, mine: boolean): Assist {
  return useAssist(assistAllowed(game, role), game?.state.position ?? null, mine);
}

/**
 * Hint and threats at the position `text` (a position text) when `allowed` (the caller's
 * judgement: a casual game against the computer); `mine`: the player is to decide now.
 */
export function useAssist(allowed: boolean, text: string | null, mine: boolean): Assist {
  const [hint, setHint] = useState<Hint | null>(null);
  const [showThreats, setShowThreats] = useState(false);
  const engine = useRef<EngineClient | null>(null);
  useEffect(() => () => engine.current?.terminate(), []);
  // A hint is for one position: gone once a decision is made (or taken back).
  useEffect(() => {
    engine.current?.cancel();
    setHint(null);
  }, [text]);

  const position = useMemo<Position | null>(() => {
    if (!allowed || !text) return null;
    try {
      return parsePosition(text);
    } catch {
      return null;
    }
  }, [allowed, text]);
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
    const h = hint?.decision && hint.at === text ? decisionNote(hint.decision, "hint") : null;
    if (h) out.push(h);
    return out.length ? out : null;
  }, [threats, hint, text]);

  if (!allowed || !position) return { panel: null, notes: null };

  const askHint = () => {
    engine.current ??= new EngineClient();
    const at = position.text;
    setHint({ at, decision: null });
    engine.current.search({ position: at, level: HINT_LEVEL, movetime: HINT_MS }).then(
      (r) => setHint((h) => (h && h.at === at ? { at, decision: r.best } : h)),
      (e) => {
        if (e instanceof EngineStopped) return;
        const message = e instanceof Error ? e.message : String(e);
        setHint((h) => (h && h.at === at ? { at, decision: null, error: message } : h));
      },
    );
  };
  const current = hint && hint.at === text ? hint : null;

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

// The analysis board's engine: a search deepened one depth at a time in the Web Worker for
// the position shown (useDeepening), and the panel of its best lines with scores and win
// probability, each decision of a line clickable to play the line up to it (EnginePanel).
import { useEffect, useState } from "preact/hooks";
import type { Position } from "../board/types";
import { type EngineClient, EngineStopped } from "../engine/client";
import { colorName, t } from "../i18n";
import { describeScore, percent, whiteShare } from "./analysis";
import { type EngineView, engineView } from "./engineView";

/** How long the engine thinks about each position shown, and how deep it may go. */
export const THINK_MS = 8000;
/**
 * The longest single search: the worker cannot be interrupted, so a position shown after a
 * click waits for the search of the one before to end; at most this long.
 */
const SLICE_MS = 1500;
const MAX_DEPTH = 40;
/** The lines shown: the engine's best 3 decisions. */
export const LINES = 3;

export interface Deepened<K> {
  /** What was searched (the page compares it with what it shows now). */
  key: K;
  view: EngineView;
  /** True once the search of this position has ended (time spent, depth reached, forced). */
  done: boolean;
}

/**
 * Searches `position` (while `on` and the game goes on), depth after depth (the worker's
 * table keeps what the shallower ones learnt), each result reported as it comes, until the
 * time for the position is spent or a forced result is found. Each search lasts at most
 * SLICE_MS; a depth not finished in one is searched again (the table keeps the work done);
 * engineView says what is shown of the results. A new key starts again.
 */
export function useDeepening<K>(
  engine: EngineClient | null,
  key: K,
  position: Position,
  on: boolean,
  onError: (message: string) => void,
  multipv = LINES,
): Deepened<K> | null {
  const [result, setResult] = useState<Deepened<K> | null>(null);
  useEffect(() => {
    engine?.cancel();
    if (!engine || !on || position.step === "over") return;
    let alive = true;
    let view: EngineView | null = null;
    const started = Date.now();
    const deepen = (depth: number) => {
      const left = THINK_MS - (Date.now() - started);
      const movetime = Math.max(Math.min(left, SLICE_MS), 50);
      engine.search({ position: position.text, level: 8, depth, movetime, multipv }).then(
        (r) => {
          if (!alive) return;
          const forced = Math.abs(r.score) >= 30000;
          const finished = r.depth >= depth;
          const more = depth < MAX_DEPTH && !(finished && forced) && Date.now() - started < THINK_MS;
          const next = engineView(view, r, position.side, multipv);
          view = next;
          setResult({ key, view: next, done: !more });
          if (more) deepen(finished ? depth + 1 : depth);
        },
        (e) => {
          if (alive && !(e instanceof EngineStopped)) onError(String(e instanceof Error ? e.message : e));
        },
      );
    };
    deepen(1);
    return () => {
      alive = false;
    };
  }, [engine, key, on, multipv]);
  return result;
}

/** The evaluation bar: White's win probability from the bottom. */
export function EvalBar(props: { view: EngineView | null }) {
  const white = props.view ? props.view.white : null;
  const label =
    white === null
      ? t("analysis.no_eval")
      : t("analysis.win_chance", { color: colorName("white"), percent: percent(white) });
  return (
    <div class="eval-bar" data-testid="eval-bar" data-white={white ?? ""} role="img" aria-label={label} title={label}>
      <div class="eval-white" style={{ height: `${100 * (white === null ? 0.5 : whiteShare(white))}%` }} />
    </div>
  );
}

export function EnginePanel(props: {
  position: Position;
  view: EngineView | null;
  thinking: boolean;
  on: boolean;
  setOn: (on: boolean) => void;
  /** Plays the first `n` decisions of `line`. */
  playLine: (line: readonly string[], n: number) => void;
}) {
  const { position, view: r } = props;
  const lines = r ? r.lines : [];
  return (
    <section class="engine-box" aria-label={t("analysis.engine")}>
      <label class="small engine-switch">
        <input type="checkbox" checked={props.on} onChange={() => props.setOn(!props.on)} /> {t("analysis.engine")}
      </label>
      {!props.on || position.step === "over" ? null : r ? (
        <div data-testid="engine-line">
          <p>
            <strong data-testid="engine-score">{describeScore(r.score)}</strong>{" "}
            <span class="eval-text" data-testid="engine-winprob">
              {t("analysis.win_chance", {
                color: colorName("white"),
                percent: percent(r.white),
              })}
            </span>{" "}
            <span class="small muted">
              <span data-testid="engine-depth" data-depth={r.depth} data-nodes={r.nodes}>
                {t("analysis.depth", { depth: r.depth, nodes: r.nodes })}
              </span>
              {props.thinking ? t("analysis.still_thinking") : ""}
            </span>
          </p>
          <ol class="engine-lines" aria-label={t("analysis.lines")}>
            {lines.map((l, i) => (
              <li
                key={`${i}-${l.decisions[0]}`}
                data-testid="engine-pv"
                data-decisions={l.decisions.join(" ")}
                data-score={l.score}
              >
                <span class="line-score" title={percent(l.white)}>
                  {l.score}
                </span>
                {l.decisions.map((d, k) => (
                  <button
                    type="button"
                    class="line-move"
                    key={`${k}-${d}`}
                    aria-label={t("analysis.play_line", { line: i + 1, n: k + 1, decision: d })}
                    onClick={() => props.playLine(l.decisions, k + 1)}
                  >
                    {d}
                  </button>
                ))}
              </li>
            ))}
          </ol>
          <button
            type="button"
            data-testid="play-best"
            data-decision={r.best}
            onClick={() => props.playLine([r.best], 1)}
          >
            {t("analysis.play_best", { decision: r.best })}
          </button>
        </div>
      ) : (
        <p class="small muted">{t("analysis.thinking")}</p>
      )}
    </section>
  );
}

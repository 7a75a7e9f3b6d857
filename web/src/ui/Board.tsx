// Preact wrapper around the framework-free SVG board; with `confirm`, a decision made on the
// board waits for a Confirm button (for touch screens, where a slip is easy).
import { useEffect, useRef, useState } from "preact/hooks";
import type { Note } from "../board/notes";
import type { Position } from "../board/types";
import { BoardView } from "../board/view";
import { classify, readDecisions } from "../engine/decisions";
import { parseDecision } from "../engine/rules";
import { type Key, t } from "../i18n";

export interface BoardProps {
  position: Position;
  legal: readonly string[] | null;
  last?: string | null;
  turn?: readonly string[] | null;
  turnStart?: Position | null;
  previous?: Position | null;
  flipped?: boolean;
  /** Arrows and marks over the pieces (board/notes.ts). */
  notes?: readonly Note[] | null;
  confirm?: boolean;
  onDecision?: (d: string) => void;
  onAnnounce?: (text: string) => void;
  label?: string;
}

export function Board(props: BoardProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<BoardView | null>(null);
  const [proposed, setProposed] = useState<string | null>(null);
  const handlers = useRef(props);
  handlers.current = props;

  useEffect(() => {
    if (!host.current) return;
    const v = new BoardView(host.current, {
      onDecision: (d) => {
        if (handlers.current.confirm) setProposed(d);
        else handlers.current.onDecision?.(d);
      },
      onAnnounce: (text) => handlers.current.onAnnounce?.(text),
      label: props.label,
      text: (key, params) => t(`board.${key}` as Key, params),
    });
    view.current = v;
    (window as unknown as { yinshBoard?: BoardView }).yinshBoard = v;
    return () => v.destroy();
  }, [props.label]);

  useEffect(() => {
    setProposed(null);
    view.current?.setState({
      position: props.position,
      legal: props.legal ? classify(props.legal) : null,
      last: props.last ? parseDecision(props.last) : null,
      turn: props.turn ? readDecisions(props.turn) : null,
      turnStart: props.turnStart ?? null,
      previous: props.previous ?? null,
      flipped: props.flipped,
    });
  }, [props.position, props.legal, props.last, props.turn, props.turnStart, props.previous, props.flipped]);

  useEffect(() => view.current?.setNotes(props.notes ?? null), [props.notes, props.label]);

  return (
    <div class="board-frame">
      <div class="board-host" ref={host} />
      {proposed ? (
        <section class="confirm-bar" aria-label={t("confirm.label")}>
          <span>{t("confirm.question", { decision: proposed })}</span>
          <button
            type="button"
            class="primary"
            onClick={() => {
              setProposed(null);
              props.onDecision?.(proposed);
            }}
          >
            {t("confirm.yes")}
          </button>
          <button type="button" onClick={() => setProposed(null)}>
            {t("confirm.no")}
          </button>
        </section>
      ) : null}
    </div>
  );
}

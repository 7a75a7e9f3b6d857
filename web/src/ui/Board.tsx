// Preact wrapper around the framework-free SVG board.
import { useEffect, useRef } from "preact/hooks";
import type { Position } from "../board/types";
import { BoardView } from "../board/view";

export interface BoardProps {
  position: Position;
  legal: readonly string[] | null;
  last?: string | null;
  previous?: Position | null;
  flipped?: boolean;
  onDecision?: (d: string) => void;
  onAnnounce?: (text: string) => void;
  label?: string;
}

export function Board(props: BoardProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<BoardView | null>(null);
  const handlers = useRef(props);
  handlers.current = props;

  useEffect(() => {
    if (!host.current) return;
    const v = new BoardView(host.current, {
      onDecision: (d) => handlers.current.onDecision?.(d),
      onAnnounce: (t) => handlers.current.onAnnounce?.(t),
      label: props.label,
    });
    view.current = v;
    (window as unknown as { yinshBoard?: BoardView }).yinshBoard = v;
    return () => v.destroy();
  }, [props.label]);

  useEffect(() => {
    view.current?.setState({
      position: props.position,
      legal: props.legal,
      last: props.last ?? null,
      previous: props.previous ?? null,
      flipped: props.flipped,
    });
  }, [props.position, props.legal, props.last, props.previous, props.flipped]);

  return <div class="board-host" ref={host} />;
}

// Panels shared by the game and replay pages.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { formatTurnBody, groupTurns } from "../board/turns";
import type { Ply } from "../board/types";
import type { ChatLine, Clocks, Color, Result, Seat } from "./types";

export function formatMs(ms: number): string {
  const t = Math.max(0, ms);
  if (t < 10000) return `${(Math.floor(t / 100) / 10).toFixed(1)}`;
  const s = Math.ceil(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** Remaining time of one side now, from the server's clocks and our clock offset. */
export function remaining(c: Clocks, side: Color, offset: number, now = Date.now()): number {
  const base = side === "white" ? c.white_ms : c.black_ms;
  return c.running === side ? base - (now + offset - c.server_time_ms) : base;
}

export function useTicker(active: boolean, every = 200): number {
  const [t, setT] = useState(Date.now());
  useEffect(() => {
    if (!active) return;
    const h = setInterval(() => setT(Date.now()), every);
    return () => clearInterval(h);
  }, [active, every]);
  return t;
}

export function ClockView({ clocks, side, offset }: { clocks: Clocks | null; side: Color; offset: number }) {
  const running = !!clocks && clocks.running === side;
  useTicker(running);
  if (!clocks) return null;
  const ms = remaining(clocks, side, offset);
  const low = ms < 20000;
  return (
    <span
      class={`clock${running ? " running" : ""}${low ? " low" : ""}`}
      role="timer"
      aria-label={`${side} clock ${formatMs(ms)}`}
      data-testid={`clock-${side}`}
    >
      {formatMs(ms)}
    </span>
  );
}

export function RingsRemoved({ side, count, of = 3 }: { side: Color; count: number; of?: number }) {
  return (
    <span
      class="removed"
      role="img"
      aria-label={`${count} ring${count === 1 ? "" : "s"} removed`}
      title="Rings removed"
    >
      {Array.from({ length: of }, (_, i) => (
        <svg viewBox="0 0 20 20" class={`mini-ring ${i < count ? `filled ${side}` : "empty"}`} aria-hidden="true">
          <circle cx="10" cy="10" r="7" />
        </svg>
      ))}
    </span>
  );
}

export function seatName(seat: Seat | undefined, fallback: string | null = null): string {
  if (!seat) return fallback ?? "?";
  if (seat.kind === "open") return "open seat";
  if (seat.kind === "ai") return seat.name ?? `Computer (level ${seat.level ?? "?"})`;
  return seat.name ?? fallback ?? "Guest";
}

export function PlayerBar(props: {
  side: Color;
  name: string;
  you?: boolean;
  toMove?: boolean;
  removed: number;
  removedOf: number;
  children?: ComponentChildren;
  ready?: boolean;
  /** Someone is connected to this seat (undefined: not known, or an open seat). */
  online?: boolean;
}) {
  return (
    <div class={`player ${props.side}${props.toMove ? " to-move" : ""}`} data-testid={`player-${props.side}`}>
      <span class={`swatch ${props.side}`} aria-hidden="true" />
      {props.online === undefined ? null : (
        <span
          class={`presence ${props.online ? "on" : "off"}`}
          data-testid={`presence-${props.side}`}
          title={props.online ? "connected" : "not connected"}
        />
      )}
      <span class="pname">
        <span class="nm">{props.name}</span>
        <span class="sub">
          {props.side === "white" ? "White" : "Black"}
          {props.you ? " · you" : ""}
          {props.toMove ? " · to move" : ""}
          {props.online === false ? " · away" : ""}
        </span>
      </span>
      <RingsRemoved side={props.side} count={props.removed} of={props.removedOf} />
      {props.children}
    </div>
  );
}

/** The move list in the official notation; `current` is the number of plies shown. */
export function MoveList(props: { plies: Ply[]; current?: number; onJump?: (plies: number) => void }) {
  const turns = groupTurns(props.plies);
  const box = useRef<HTMLOListElement>(null);
  const current = props.current ?? props.plies.length;
  useEffect(() => {
    const el = box.current?.querySelector(".ply.current");
    if (el && "scrollIntoView" in el) (el as HTMLElement).scrollIntoView({ block: "nearest" });
    else if (box.current && props.current === undefined) box.current.scrollTop = box.current.scrollHeight;
  }, [current, props.plies.length]);
  if (!turns.length) return <p class="muted small">No decisions yet.</p>;
  return (
    <ol class="moves" ref={box} aria-label="Move list">
      {turns.map((t) => (
        <li key={t.number} class={`turn ${t.side}`}>
          <span class="num">{t.number}.</span>
          {props.onJump ? (
            t.plies.map((d, i) => {
              const n = t.first + i + 1;
              return (
                <button
                  type="button"
                  key={n}
                  class={`ply${n === current ? " current" : ""}`}
                  aria-current={n === current ? "step" : undefined}
                  aria-label={`ply ${n}: ${d}`}
                  onClick={() => props.onJump?.(n)}
                >
                  {d}
                </button>
              );
            })
          ) : (
            <span class="body">{formatTurnBody(t.plies)}</span>
          )}
        </li>
      ))}
    </ol>
  );
}

export function describeResult(r: Result | null, status: string, variant = "normal"): string {
  if (status === "aborted" || r?.reason === "aborted") return "Game aborted";
  if (!r) return "";
  const why: Record<Result["reason"], string> = {
    rings: variant === "blitz" ? "by removing a ring" : "by removing three rings",
    markers: "on rings when the markers ran out",
    no_moves: "when no ring could move",
    timeout: "on time",
    resign: "by resignation",
    aborted: "",
  };
  if (!r.winner) return `Draw (${r.score}) ${why[r.reason]}`.trim();
  return `${r.winner === "white" ? "White" : "Black"} wins ${why[r.reason]} (${r.score})`;
}

export function ChatBox(props: { lines: ChatLine[]; onSend?: (text: string) => void; disabled?: boolean }) {
  const [text, setText] = useState("");
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [props.lines.length]);
  return (
    <section class="chat" aria-label="Chat">
      <ul class="chat-lines" ref={list} aria-live="polite">
        {props.lines.map((l, i) => (
          <li key={`${l.at}-${i}`} class={`chat-line ${l.seat}`}>
            {l.seat === "system" ? null : <b>{l.from}: </b>}
            {l.text}
          </li>
        ))}
      </ul>
      {props.onSend ? (
        <form
          class="chat-form"
          onSubmit={(e) => {
            e.preventDefault();
            const t = text.trim();
            if (!t) return;
            props.onSend?.(t);
            setText("");
          }}
        >
          <input
            aria-label="Chat message or /command"
            placeholder="Say something, or /help"
            maxLength={500}
            value={text}
            disabled={props.disabled}
            onInput={(e) => setText((e.target as HTMLInputElement).value)}
          />
          <button type="submit" disabled={props.disabled}>
            Send
          </button>
        </form>
      ) : null}
    </section>
  );
}

export function ErrorBanner({ error, onClose }: { error: string | null; onClose?: () => void }) {
  if (!error) return null;
  return (
    <div class="error-banner" role="alert" data-testid="error">
      <span>{error}</span>
      {onClose ? (
        <button type="button" class="link" onClick={onClose} aria-label="Dismiss">
          ✕
        </button>
      ) : null}
    </div>
  );
}

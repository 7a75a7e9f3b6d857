// Panels shared by the game and replay pages.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { formatTurnBody, groupTurns } from "../board/turns";
import type { Ply } from "../board/types";
import { chatName, colorName, t } from "../i18n";
import type { ChatLine, Clocks, Color } from "../net/types";
import { type NameKind, writerKind } from "./names";
import { PlayerName } from "./PlayerName";

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
      aria-label={t("clock.label", { color: colorName(side), time: formatMs(ms) })}
      data-testid={`clock-${side}`}
    >
      {formatMs(ms)}
    </span>
  );
}

export function RingsRemoved({ side, count, of = 3 }: { side: Color; count: number; of?: number }) {
  return (
    <span class="removed" role="img" aria-label={t("rings.removed", { n: count })} title={t("rings.removed_title")}>
      {Array.from({ length: of }, (_, i) => (
        <svg viewBox="0 0 20 20" class={`mini-ring ${i < count ? `filled ${side}` : "empty"}`} aria-hidden="true">
          <circle cx="10" cy="10" r="7" />
        </svg>
      ))}
    </span>
  );
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
  /** An account's name links to the player's page, a guest's is marked (PlayerName). */
  kind?: NameKind;
  /** The seat's account is a bot's: BOT before its name. */
  bot?: boolean;
}) {
  return (
    <div class={`player ${props.side}${props.toMove ? " to-move" : ""}`} data-testid={`player-${props.side}`}>
      <span class={`swatch ${props.side}`} aria-hidden="true" />
      {props.online === undefined ? null : (
        <span
          class={`presence ${props.online ? "on" : "off"}`}
          data-testid={`presence-${props.side}`}
          title={props.online ? t("presence.on") : t("presence.off")}
        />
      )}
      <span class="pname">
        <PlayerName
          name={props.name}
          shown={props.name}
          kind={props.kind ?? "plain"}
          bot={props.bot}
          side={props.side}
        />
        <span class="sub">
          {colorName(props.side)}
          {props.you ? ` · ${t("player.you")}` : ""}
          {props.toMove ? ` · ${t("player.to_move")}` : ""}
          {props.online === false ? ` · ${t("player.away")}` : ""}
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
  // Keep the current move in sight by scrolling the list itself, never the page (on a
  // phone, scrolling the page took the board out of view at each step).
  useEffect(() => {
    const list = box.current;
    if (!list) return;
    const el = list.querySelector<HTMLElement>(".ply.current");
    if (!el) {
      list.scrollTop = list.scrollHeight;
      return;
    }
    const top = el.offsetTop; // the list is position: relative
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + el.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = top + el.offsetHeight - list.clientHeight;
  }, [current, props.plies.length]);
  if (!turns.length) return <p class="muted small">{t("moves.none")}</p>;
  return (
    <ol class="moves" ref={box} aria-label={t("moves.label")}>
      {turns.map((tu) => (
        <li key={tu.number} class={`turn ${tu.side}`}>
          <span class="num">{tu.number}.</span>
          {props.onJump ? (
            tu.plies.map((d, i) => {
              const n = tu.first + i + 1;
              return (
                <button
                  type="button"
                  key={n}
                  class={`ply${n === current ? " current" : ""}`}
                  aria-current={n === current ? "step" : undefined}
                  aria-label={t("moves.ply", { n, decision: d })}
                  onClick={() => props.onJump?.(n)}
                >
                  {d}
                </button>
              );
            })
          ) : (
            <span class="body">{formatTurnBody(tu.plies)}</span>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The chat: its lines (a removed one says so), a remove button on those `canDelete` allows,
 * and the input. */
export function ChatBox(props: {
  lines: ChatLine[];
  onSend?: (text: string) => void;
  disabled?: boolean;
  canDelete?: (line: ChatLine) => boolean;
  onDelete?: (id: number) => void;
}) {
  const [text, setText] = useState("");
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [props.lines.length]);
  return (
    <section class="chat" aria-label={t("chat.title")}>
      <ul class="chat-lines" ref={list} aria-live="polite">
        {props.lines.map((l, i) => (
          <li key={`${l.at}-${i}`} class={`chat-line ${l.seat}${l.removed ? " removed" : ""}`}>
            {l.seat === "system" ? null : (
              <b>
                <PlayerName name={l.from} shown={chatName(l)} kind={writerKind(l)} />:{" "}
              </b>
            )}
            {l.removed ? (
              <i>{t(l.removed_by === "moderator" ? "chat.removed_by_moderator" : "chat.removed")}</i>
            ) : (
              l.text
            )}
            {l.id !== undefined && !l.removed && props.onDelete && props.canDelete?.(l) ? (
              <button
                type="button"
                class="chat-delete"
                aria-label={t("chat.delete")}
                title={t("chat.delete")}
                onClick={() => l.id !== undefined && props.onDelete?.(l.id)}
              >
                ×
              </button>
            ) : null}
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
            aria-label={t("chat.label")}
            placeholder={t("chat.placeholder")}
            maxLength={500}
            value={text}
            disabled={props.disabled}
            onInput={(e) => setText((e.target as HTMLInputElement).value)}
          />
          <button type="submit" disabled={props.disabled}>
            {t("chat.send")}
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
        <button type="button" class="link" onClick={onClose} aria-label={t("action.dismiss")}>
          ✕
        </button>
      ) : null}
    </div>
  );
}

/** A form's error under it (null: nothing). */
export function ErrorNote({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p class="error" role="alert">
      {error}
    </p>
  );
}

export type VariantName = "normal" | "blitz";

/** The variant chooser (create form, seek form), labelled `label`. */
export function VariantSelect(p: {
  label: string;
  name: string;
  value: VariantName;
  onChange: (v: VariantName) => void;
}) {
  return (
    <label>
      {p.label}
      <select
        name={p.name}
        value={p.value}
        onChange={(e) => p.onChange((e.target as HTMLSelectElement).value as VariantName)}
      >
        <option value="normal">{t("form.variant_normal")}</option>
        <option value="blitz">{t("form.variant_blitz")}</option>
      </select>
    </label>
  );
}

/** The player's name box (create form, joining from a link). */
export function NameInput({ value, onInput }: { value: string; onInput: (v: string) => void }) {
  return (
    <label>
      {t("form.your_name")}
      <input
        name="name"
        maxLength={32}
        value={value}
        placeholder={t("seat.guest")}
        autocomplete="nickname"
        onInput={(e) => onInput((e.target as HTMLInputElement).value)}
      />
    </label>
  );
}

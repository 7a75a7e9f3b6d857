// The lobby's "Find an opponent" card (docs/api.md 3.5): quick pairing buttons, the open seeks
// (each with its seeker's rating in the seek's category, "1500?" while provisional) with
// one-click accept, a form to post a seek (rated or casual, with an optional rating range),
// and direct challenges with their notices. A logged-in player seeks as its account (the
// WebSocket carries the session cookie: it reconnects when the account changes); rated games
// are for accounts only. A match takes the player straight to the game with its seat's token.
import { useEffect, useRef, useState } from "preact/hooks";
import { displayName, GUEST_NAME, type Key, t } from "../i18n";
import { useAccount } from "../net/account";
import { describeClock, saveToken } from "../net/api";
import { LobbyConn } from "../net/lobbyConn";
import type { ClientMessage, ClockSpec, Color, LobbyChallenge, LobbyMessage } from "../net/types";
import { nameKind } from "../ui/names";
import { PlayerName, withName } from "../ui/PlayerName";
import { VariantSelect } from "../ui/panels";
import { navigate } from "../ui/router";
import { shownRating } from "../ui/status";

/** The quick-pairing time controls (minutes + seconds of increment), and untimed. */
export const QUICK: ReadonlyArray<ClockSpec | null> = [
  { base_ms: 180000, increment_ms: 2000 },
  { base_ms: 300000, increment_ms: 3000 },
  { base_ms: 600000, increment_ms: 5000 },
  { base_ms: 900000, increment_ms: 10000 },
  null,
];

/** Real-time clocks ("base+increment" in ms), correspondence ("dN": N days per move), untimed. */
const SEEK_CLOCKS = [
  "180000+2000",
  "300000+3000",
  "600000+5000",
  "900000+10000",
  "1800000+20000",
  "d1",
  "d3",
  "d7",
  "d14",
  "none",
];

/** A guest's name as the lobby is told it: as typed (at most 32 characters), else "Guest". */
function guestName(typed: string): string {
  return typed.trim().slice(0, 32) || GUEST_NAME;
}

function parseClock(v: string): ClockSpec | undefined {
  if (v === "none") return undefined;
  if (v.startsWith("d")) return { days: Number(v.slice(1)) };
  const [base, inc] = v.split("+").map(Number);
  return { base_ms: base as number, increment_ms: inc as number };
}

function gameLabel(g: { variant: string; clock: ClockSpec | null; rated: boolean }): string {
  const variant = g.variant === "blitz" ? `${t("variant.blitz")} · ` : "";
  return `${variant}${describeClock(g.clock)} · ${g.rated ? t("seek.rated") : t("seek.casual")}`;
}

/** "1623", "1500?" (provisional), or "" for a guest (no rating). */
function seekerRating(r: { rating?: number; provisional?: boolean }): string {
  return r.rating === undefined ? "" : shownRating(r.rating, !!r.provisional);
}

/** A challenger as a challenge to the viewer shows it: "Ada (1500?)", "BOT Robo (1720)", a guest's marked name. */
function Challenger({ c }: { c: LobbyChallenge }) {
  return (
    <>
      <PlayerName name={c.from} kind={nameKind(c.from, c.account)} bot={c.bot} />
      {c.rating === undefined ? "" : ` (${seekerRating(c)})`}
    </>
  );
}

/** The colours a challenger may ask for, by the name of each choice. */
const CHALLENGE_COLOURS: ReadonlyArray<readonly [Color | "random", Key]> = [
  ["random", "form.random"],
  ["white", "color.white"],
  ["black", "color.black"],
];

/** The colour the viewer plays in a challenge's game: "you play Black", or the colours drawn. */
function challengeColour(c: LobbyChallenge): string {
  if (!c.color || c.color === "random") return t("challenge.colour_random");
  const mine = c.outgoing ? c.color : c.color === "white" ? "black" : "white";
  return t("challenge.you_play", { color: t(mine === "white" ? "color.white" : "color.black") });
}

/** The rating range of a seek form: both bounds, or undefined (anyone). */
export function readRange(min: string, max: string): { min: number; max: number } | undefined {
  const lo = min.trim() === "" ? 0 : Number(min);
  const hi = max.trim() === "" ? 4000 : Number(max);
  if ((min.trim() === "" && max.trim() === "") || !Number.isInteger(lo) || !Number.isInteger(hi)) return undefined;
  return { min: Math.max(0, Math.min(lo, 4000)), max: Math.max(0, Math.min(hi, 4000)) };
}

function RatingBound(p: {
  name: string;
  label: string;
  placeholder: string;
  value: string;
  onInput: (v: string) => void;
}) {
  return (
    <input
      name={p.name}
      type="number"
      inputMode="numeric"
      min={0}
      max={4000}
      step={50}
      aria-label={p.label}
      placeholder={p.placeholder}
      value={p.value}
      onInput={(e) => p.onInput((e.target as HTMLInputElement).value)}
    />
  );
}

export function ChallengeNotice({ c, conn }: { c: LobbyChallenge; conn: { send: (m: ClientMessage) => boolean } }) {
  return (
    <li class="challenge" data-testid={`challenge-${c.outgoing ? "out" : "in"}`}>
      {/* A challenge to the player is announced; the alert is inside the item, so that the list
          holds list items only. */}
      <span role={c.outgoing ? undefined : "alert"}>
        {/* A challenge is always to an account: its name links to its page. */}
        {c.outgoing
          ? withName("challenge.to", { game: gameLabel(c) }, <PlayerName name={c.to} kind="account" />)
          : withName("challenge.from", { game: gameLabel(c) }, <Challenger c={c} />)}
        {` · ${challengeColour(c)}`}
        {c.stored && c.outgoing ? ` · ${t("challenge.stored")}` : ""}
      </span>
      {c.outgoing ? (
        <button type="button" onClick={() => conn.send({ type: "challenge_cancel", challenge: c.id })}>
          {t("seek.cancel")}
        </button>
      ) : (
        <>
          <button
            type="button"
            class="primary"
            onClick={() => conn.send({ type: "challenge_accept", challenge: c.id })}
          >
            {t("challenge.accept")}
          </button>
          <button type="button" onClick={() => conn.send({ type: "challenge_decline", challenge: c.id })}>
            {t("challenge.decline")}
          </button>
        </>
      )}
    </li>
  );
}

export function FindOpponent({
  name,
  onError,
  onNote,
}: {
  /** The name the guest typed in the lobby (an account plays under its own). */
  name: string;
  onError: (e: string | null) => void;
  onNote: (n: string) => void;
}) {
  const [view, setView] = useState<LobbyMessage | null>(null);
  // null until the first attempt to connect ends: then whether the lobby answers.
  const [online, setOnline] = useState<boolean | null>(null);
  const [clock, setClock] = useState("300000+3000");
  const [variant, setVariant] = useState<"normal" | "blitz">("normal");
  const [rival, setRival] = useState("");
  const [rivalColour, setRivalColour] = useState<Color | "random">("random");
  const [ratedChoice, setRated] = useState(true);
  const [min, setMin] = useState("");
  const [max, setMax] = useState("");
  const conn = useRef<LobbyConn | null>(null);
  const account = useAccount();
  const rated = !!account && ratedChoice;

  useEffect(() => {
    if (account === undefined) return; // the session is not known yet: connect once it is
    setView(null);
    setOnline(null);
    const c = new LobbyConn(account?.name || guestName(name), {
      onLobby: setView,
      onMatched: (m) => {
        saveToken(m.game, m.seat, m.token);
        onNote(t("seek.matched", { name: displayName(m.opponent) }));
        navigate(`/game/${m.game}`);
      },
      onError: (_code, message) => onError(t("seek.failed", { message })),
      onInfo: onNote,
      onOnline: setOnline,
    });
    conn.current = c;
    return () => c.close();
  }, [account === undefined ? undefined : (account?.name ?? "")]);
  useEffect(() => {
    if (account === null) conn.current?.setName(guestName(name));
  }, [name, account]);

  const send = conn.current;
  if (!online || !view || !send) {
    return (
      <section class="card find" data-testid="find-opponent">
        <h2>{t("seek.title")}</h2>
        <p class="muted" role="status" data-testid="lobby-state">
          {online === false ? t("seek.unreachable") : t("seek.connecting")}
        </p>
      </section>
    );
  }
  const pairing = view.pairing;
  return (
    <section class="card find" data-testid="find-opponent" aria-labelledby="find-h">
      <h2 id="find-h">
        {t("seek.title")} <span class="small muted">{t("seek.players", { n: view.players })}</span>
      </h2>
      {view.challenges.length ? (
        <ul class="challenges" data-testid="challenges">
          {view.challenges.map((c) => (
            <ChallengeNotice c={c} conn={send} key={c.id} />
          ))}
        </ul>
      ) : null}
      <h3>{t("seek.quick")}</h3>
      {pairing ? (
        <p data-testid="pairing" role="status">
          {t("seek.waiting", { clock: describeClock(pairing.clock) })}{" "}
          <button type="button" onClick={() => send.send({ type: "pair_cancel" })}>
            {t("seek.cancel")}
          </button>
        </p>
      ) : (
        <>
          <p class="small muted">{t("seek.quick_hint")}</p>
          <div class="quick" data-testid="quick-pairing">
            {QUICK.map((c) => (
              <button
                type="button"
                key={c ? JSON.stringify(c) : "none"}
                onClick={() => send.send(c ? { type: "pair", clock: c, rated } : { type: "pair", rated })}
              >
                {describeClock(c)}
              </button>
            ))}
          </div>
        </>
      )}
      <h3>{t("seek.list")}</h3>
      <ul class="games" data-testid="seeks">
        {view.seeks.length === 0 ? <li class="muted">{t("seek.none")}</li> : null}
        {view.seeks.map((s) => (
          <li class="game-row" key={s.id} data-testid={`seek-${s.mine ? "mine" : "other"}`}>
            <span class="who">
              <PlayerName name={s.name} kind={nameKind(s.name, s.account)} />
              {s.rating !== undefined ? <span class="rating"> ({seekerRating(s)})</span> : null}
            </span>
            <span class="meta small">
              {gameLabel(s)}
              {s.range ? ` · ${s.range.min}-${s.range.max}` : ""}
            </span>
            {s.mine ? (
              <button type="button" onClick={() => send.send({ type: "seek_cancel", seek: s.id })}>
                {t("seek.cancel")}
              </button>
            ) : (
              <button type="button" class="primary" onClick={() => send.send({ type: "seek_accept", seek: s.id })}>
                {t("seek.accept")}
              </button>
            )}
          </li>
        ))}
      </ul>
      <form
        class="seek-form"
        onSubmit={(e) => {
          e.preventDefault();
          onError(null);
          send.send({ type: "seek", variant, clock: parseClock(clock), rated, range: readRange(min, max) });
        }}
      >
        <label>
          {t("seek.clock")}
          <select name="seek-clock" value={clock} onChange={(e) => setClock((e.target as HTMLSelectElement).value)}>
            {SEEK_CLOCKS.map((c) => (
              <option value={c} key={c}>
                {describeClock(parseClock(c) ?? null)}
              </option>
            ))}
          </select>
        </label>
        <VariantSelect label={t("seek.variant")} name="seek-variant" value={variant} onChange={setVariant} />
        <label class="radio" title={account ? undefined : t("seek.rated_login")}>
          <input
            type="checkbox"
            name="seek-rated"
            checked={rated}
            disabled={!account}
            onChange={(e) => setRated((e.target as HTMLInputElement).checked)}
          />{" "}
          {t("seek.rated_box")}
        </label>
        <fieldset class="range">
          <legend>{t("seek.range")}</legend>
          <RatingBound name="seek-min" label={t("seek.range_min")} placeholder="0" value={min} onInput={setMin} />
          {" – "}
          <RatingBound name="seek-max" label={t("seek.range_max")} placeholder="4000" value={max} onInput={setMax} />
        </fieldset>
        {account ? null : <p class="small muted">{t("seek.rated_login")}</p>}
        <button type="submit">{t("seek.post")}</button>
      </form>
      <form
        class="challenge-form"
        onSubmit={(e) => {
          e.preventDefault();
          const to = rival.trim();
          if (!to) return;
          onError(null);
          send.send({ type: "challenge", to, variant, clock: parseClock(clock), rated, color: rivalColour });
        }}
      >
        <h3>{t("challenge.title")}</h3>
        <label>
          {t("challenge.name")}
          <input
            name="challenge-name"
            value={rival}
            maxLength={32}
            onInput={(e) => setRival((e.target as HTMLInputElement).value)}
          />
        </label>
        {/* The label is beside the select, not around it: its options' words (White, Black) are
            not part of the label, which would make it one more "Black" on the page. */}
        <div class="challenge-field">
          <label for="challenge-color">{t("challenge.colour")}</label>
          <select
            id="challenge-color"
            name="challenge-color"
            value={rivalColour}
            onChange={(e) => setRivalColour((e.target as HTMLSelectElement).value as Color | "random")}
          >
            {CHALLENGE_COLOURS.map(([value, key]) => (
              <option value={value} key={value}>
                {t(key)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={!rival.trim()}>
          {t("challenge.send")}
        </button>
      </form>
    </section>
  );
}

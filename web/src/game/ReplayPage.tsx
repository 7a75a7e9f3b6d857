// The replay page: step through a finished game (from the server) or an imported record,
// with the engine's report of it beside the board (ReportPanel.tsx).
// Positions are computed in the browser from the start position and the decisions.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { analysisLink } from "../analysis/analysis";
import { formatRecord } from "../board/turns";
import type { Ply, Position } from "../board/types";
import { markersInPool, parsePosition, readRecord, replayGame } from "../engine/rules";
import { colorName, displayName, t } from "../i18n";
import { ImportBox } from "../lobby/Lobby";
import { useAccount } from "../net/account";
import { ApiError, api, describeClock, loadToken } from "../net/api";
import type { Color, RecordJson } from "../net/types";
import { Board } from "../ui/Board";
import { type NameKind, nameKind } from "../ui/names";
import { ErrorBanner, MoveList, PlayerBar } from "../ui/panels";
import { linkClick } from "../ui/router";
import { describeResult } from "../ui/status";
import { lastTurn, pageKey } from "./history";
import { ReportPanel } from "./ReportPanel";

interface Loaded {
  title: string;
  white: string;
  black: string;
  variant: "normal" | "blitz";
  clock: RecordJson["clock"];
  result: string;
  /** The game has a result (finished or imported with one): nobody is to move at its end. */
  ended: boolean;
  /** The names as the server stores them (a server game's), to find an account's own seat. */
  stored: { white: string | null; black: string | null } | null;
  /** How each name is shown (PlayerName): a server game's say whose seats were accounts'; an
   * imported record's names are only what its file says, a guest's marked by its tag. */
  kinds: Record<Color, NameKind>;
  /** The seat this browser played the game from (its saved seat token), if any. */
  seat: Color | null;
  plies: Ply[];
  positions: Position[];
  error: string | null;
}

function build(start: string | Position, plies: Ply[]): { positions: Position[]; error: string | null } {
  // Shows as much of the game as the rules allow, and says where it stopped.
  const r = replayGame(
    typeof start === "string" ? parsePosition(start) : start,
    plies.map((p) => p.decision),
  );
  return { positions: r.positions, error: r.error ?? null };
}

const SPEEDS = [2000, 1000, 500];

/** The seat the viewer played: this browser's seat token, else the account's name on one seat. */
function ownSeat(data: Loaded, accountName: string | undefined): Color | null {
  if (data.seat) return data.seat;
  if (!accountName || !data.stored) return null;
  if (data.stored.white === accountName) return "white";
  return data.stored.black === accountName ? "black" : null;
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
      <path d={d} />
    </svg>
  );
}

export function ReplayPage(props: { id?: string; record?: string }) {
  const [data, setData] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ply, setPly] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1000);
  // Flipped against the default view: the player's own colour at the bottom, else White.
  const [flip, setFlip] = useState(false);
  const prevPly = useRef(0);
  const account = useAccount();

  useEffect(() => {
    setData(null);
    setError(null);
    setPlaying(false);
    if (props.id) {
      api.record(props.id).then(
        (r) => {
          const plies: Ply[] = r.decisions.map((d) => ({ side: d.by === "white" ? "w" : "b", decision: d.decision }));
          const { positions, error } = build(r.start, plies);
          const white = r.white ? displayName(r.white) : colorName("white");
          const black = r.black ? displayName(r.black) : colorName("black");
          setData({
            title: t("replay.title", { white, black }),
            white,
            black,
            variant: r.variant,
            clock: r.clock,
            result: describeResult(r.result, r.status, r.variant, { white, black }),
            ended: r.status === "over" || r.status === "aborted",
            stored: { white: r.white, black: r.black },
            kinds: { white: nameKind(r.white, r.white_account), black: nameKind(r.black, r.black_account) },
            seat: loadToken(r.id)?.seat ?? null,
            plies,
            positions,
            error,
          });
          setPly(positions.length - 1);
        },
        (e) => setError(e instanceof ApiError ? t("replay.cannot_load", { message: e.message }) : String(e)),
      );
    } else if (props.record !== undefined) {
      try {
        const text = props.record;
        const { start, plies, tags } = readRecord(text);
        const variant = start.variant;
        const { positions, error } = build(start, plies);
        const tag = (t: string) => tags.find(([name]) => name === t)?.[1];
        const res = tag("Result");
        setData({
          title: t("replay.imported"),
          white: tag("White") ?? colorName("white"),
          black: tag("Black") ?? colorName("black"),
          variant,
          clock: null,
          result: res ? t("replay.result_tag", { result: res }) : "",
          ended: !!res && res !== "*",
          stored: null,
          kinds: {
            white: tag("WhiteGuest") === "yes" ? "guest" : "plain",
            black: tag("BlackGuest") === "yes" ? "guest" : "plain",
          },
          seat: null,
          plies,
          positions,
          error,
        });
        setPly(0);
      } catch (e) {
        setError(e instanceof Error ? t("replay.unreadable", { message: e.message }) : String(e));
      }
    }
  }, [props.id, props.record]);

  const last = data ? data.positions.length - 1 : 0;
  const go = (n: number) => setPly(Math.max(0, Math.min(last, n)));

  useEffect(() => {
    if (!playing) return;
    if (ply >= last) {
      setPlaying(false);
      return;
    }
    const h = setTimeout(() => setPly((p) => Math.min(last, p + 1)), speed);
    return () => clearTimeout(h);
  }, [playing, ply, last, speed]);

  // The keys read the last ply through a ref: one listener from the first render, so a key
  // pressed right after the game appears is never handled by a listener that still has the
  // empty page's last ply (an effect re-registered after paint would leave that gap).
  const lastRef = useRef(last);
  lastRef.current = last;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!pageKey(e)) return;
      const moves: Record<string, () => void> = {
        ArrowLeft: () => setPly((p) => Math.max(0, p - 1)),
        ArrowRight: () => setPly((p) => Math.min(lastRef.current, p + 1)),
        Home: () => setPly(0),
        End: () => setPly(lastRef.current),
      };
      if (e.key === "f") return setFlip((x) => !x);
      const f = moves[e.key];
      if (f) {
        e.preventDefault();
        setPlaying(false);
        f();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const view = useMemo(() => {
    if (!data) return null;
    const position = data.positions[ply] as Position;
    const step = ply - prevPly.current;
    const previous = step === 1 ? (data.positions[ply - 1] ?? null) : null;
    prevPly.current = ply;
    const turn = lastTurn(data.plies, ply);
    return { position, previous, turn: turn.decisions, turnStart: data.positions[turn.first] ?? null };
  }, [data, ply]);

  if (error) {
    return (
      <main class="page narrow">
        <ErrorBanner error={error} />
        <p>
          <a href="/" onClick={linkClick}>
            {t("nav.back_to_lobby")}
          </a>
        </p>
        <ImportBox />
      </main>
    );
  }
  if (!data || !view) return <main class="page narrow muted">{t("replay.loading")}</main>;

  const ringsToWin = data.variant === "blitz" ? 1 : 3;
  const pos = view.position;
  const flipped = (ownSeat(data, account?.name) === "black") !== flip;
  const bottom = flipped ? "black" : "white";
  const top = flipped ? "white" : "black";
  const bar = (side: "white" | "black") => (
    <PlayerBar
      side={side}
      name={displayName(side === "white" ? data.white : data.black)}
      kind={data.kinds[side]}
      toMove={pos.step !== "over" && !(data.ended && ply === last) && pos.side === (side === "white" ? "w" : "b")}
      removed={pos.removed[side === "white" ? "w" : "b"]}
      removedOf={ringsToWin}
    />
  );

  return (
    <main class="page game-page replay-page" data-testid="replay-page" data-ply={ply}>
      <div class="board-col">
        {bar(top)}
        <div class="board-wrap">
          <Board
            position={pos}
            legal={null}
            turn={view.turn}
            turnStart={view.turnStart}
            previous={view.previous}
            flipped={flipped}
            label={t("replay.board_label", { title: data.title, ply })}
          />
        </div>
        {bar(bottom)}
        <nav class="replay-nav" aria-label={t("replay.controls")}>
          <button
            type="button"
            onClick={() => go(0)}
            disabled={ply === 0}
            aria-label={t("replay.first")}
            title={t("replay.first_key")}
          >
            <Icon d="M5 4h2v16H5zM19 4v16L8 12z" />
          </button>
          <button
            type="button"
            onClick={() => go(ply - 1)}
            disabled={ply === 0}
            aria-label={t("replay.previous")}
            title={t("replay.previous_key")}
          >
            <Icon d="M17 4v16L6 12z" />
          </button>
          <span class="counter" data-testid="counter" aria-live="polite">
            {ply} / {last}
          </span>
          <button
            type="button"
            onClick={() => go(ply + 1)}
            disabled={ply >= last}
            aria-label={t("replay.next")}
            title={t("replay.next_key")}
          >
            <Icon d="M7 4v16l11-8z" />
          </button>
          <button
            type="button"
            onClick={() => go(last)}
            disabled={ply >= last}
            aria-label={t("replay.last")}
            title={t("replay.last_key")}
          >
            <Icon d="M17 4h2v16h-2zM5 4v16l11-8z" />
          </button>
          <button
            type="button"
            class="primary"
            aria-label={playing ? t("replay.pause") : t("replay.play")}
            onClick={() => {
              if (!playing && ply >= last) setPly(0);
              setPlaying(!playing);
            }}
          >
            {playing ? t("replay.pause") : t("replay.play")}
          </button>
          <select
            aria-label={t("replay.speed")}
            value={String(speed)}
            onChange={(e) => setSpeed(Number((e.target as HTMLSelectElement).value))}
          >
            {SPEEDS.map((s) => (
              <option value={String(s)} key={s}>
                {t("replay.seconds", { n: s / 1000 })}
              </option>
            ))}
          </select>
          <button
            type="button"
            onClick={() => setFlip(!flip)}
            aria-label={t("board.flip")}
            aria-pressed={flip}
            title={t("board.flip_key")}
          >
            ⇅
          </button>
        </nav>
      </div>
      <aside class="side">
        <section class="status-box">
          <h1 class="h2">{data.title}</h1>
          <p class="status-line">
            <strong>{data.result || t("replay.no_result")}</strong>
          </p>
          <p class="small muted">
            {data.variant === "blitz" ? t("variant.blitz") : t("variant.normal")} · {describeClock(data.clock)} ·{" "}
            {t("game.pool", { n: markersInPool(pos) })}
          </p>
          <ErrorBanner error={data.error ? t("replay.stops", { error: data.error }) : null} />
          <a
            class="button"
            href={analysisLink(
              (data.positions[0] as Position).text,
              data.plies.slice(0, ply).map((p) => p.decision),
            )}
            onClick={linkClick}
          >
            {t("replay.analyse")}
          </a>
        </section>
        <ReportPanel
          id={props.id}
          record={props.record}
          white={displayName(data.white)}
          black={displayName(data.black)}
          ply={ply}
          onJump={(n) => {
            setPlaying(false);
            go(n);
          }}
        />
        <section class="moves-box">
          <h2>{t("moves.title")}</h2>
          <MoveList plies={data.plies} current={ply} onJump={(n) => go(n)} />
        </section>
        <details class="card record">
          <summary>{t("replay.record")}</summary>
          <textarea readOnly rows={5} value={formatRecord(data.plies)} aria-label={t("replay.record_label")} />
          {props.id ? (
            <a href={`/api/games/${props.id}/record`} download={`yinsh-${props.id}.txt`}>
              {t("replay.download")}
            </a>
          ) : null}
        </details>
        <ImportBox />
      </aside>
    </main>
  );
}

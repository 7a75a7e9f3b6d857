// The game page: board, players and clocks, move list, chat, actions, share link.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Position } from "../board/types";
import { applyDecision, canonicalDecision, markersInPool, parsePosition, pliesOf } from "../engine/rules";
import { ApiError, api, autoStart, describeClock, loadToken, playerName, saveToken } from "./api";
import { Board } from "./Board";
import { GameConnection, type LiveModel } from "./conn";
import { ChatBox, ClockView, describeResult, ErrorBanner, MoveList, PlayerBar, seatName } from "./panels";
import { linkClick, navigate } from "./router";
import type { Color, State } from "./types";

const ERRORS: Record<string, string> = {
  not_your_turn: "It is not your turn.",
  stale: "The game moved on in the meantime; the board has been brought up to date.",
  not_started: "The game has not started yet.",
  game_over: "The game is over.",
  game_not_found: "There is no such game.",
  bad_token: "This browser's seat key for the game is not valid; you are watching.",
  not_seated: "Only the players can do that; you are watching.",
  seat_taken: "That seat has been taken.",
  rate_limited: "Too many messages at once; slow down a little.",
};

function friendly(code: string, message: string): string {
  return ERRORS[code] ? `${ERRORS[code]}${code === "stale" ? "" : ` (${message})`}` : message;
}

function other(c: Color): Color {
  return c === "white" ? "black" : "white";
}

function stepHelp(st: State, mine: boolean, legal: readonly string[]): string {
  if (st.status === "waiting") {
    const open = st.seats.white.kind === "open" || st.seats.black.kind === "open";
    return open
      ? "Waiting for an opponent: send them the link below, or wait for someone from the lobby."
      : "Waiting for both players to start (the Start button, or /start in the chat).";
  }
  if (st.status !== "active")
    return describeResult(st.result, st.status, st.position.endsWith("blitz") ? "blitz" : "normal");
  const who = st.to_move === "white" ? "White" : "Black";
  if (!mine) return `${who} to play.`;
  if (legal.length === 1 && legal[0] === "pass") return "Your turn: no ring can move, so you pass.";
  switch (st.step) {
    case "place":
      return "Your turn: place a ring on any free point.";
    case "move":
      return "Your turn: move a ring — drag it, or click (tap) it and then its destination.";
    case "remove-row":
    case "early-remove-row":
      return legal.length === 1
        ? "Your row of five: click it to remove it."
        : "Choose a row to remove: click its first and last markers.";
    case "remove-ring":
    case "early-remove-ring":
      return "Remove one of your rings: click it.";
    default:
      return "Your turn.";
  }
}

interface Shown {
  ply: number;
  position: Position;
  previous: Position | null;
  last: string | null;
  legal: readonly string[] | null;
  optimistic: boolean;
}

export function GamePage({ id }: { id: string }) {
  const [model, setModel] = useState<LiveModel | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<{ decision: string; ply: number } | null>(null);
  const [announce, setAnnounce] = useState("");
  const [typed, setTyped] = useState("");
  const [copied, setCopied] = useState(false);
  const conn = useRef<GameConnection | null>(null);
  const shown = useRef<Shown | null>(null);

  useEffect(() => {
    setModel(null);
    setError(null);
    setPending(null);
    shown.current = null;
    const saved = loadToken(id);
    const c = new GameConnection(id, saved?.token ?? null, {
      onChange: setModel,
      onError: (code, message) => {
        setPending(null);
        setError(friendly(code, message));
        if (code === "stale") c.send({ type: "snapshot" });
      },
      onSeat: (seat, token) => saveToken(id, seat, token),
    });
    conn.current = c;
    return () => c.close();
  }, [id]);

  const game = model?.game ?? null;
  const st = game?.state ?? null;
  const role = model?.role ?? "spectator";
  const seated = role !== "spectator";

  // Drop an optimistic decision once the server's state has moved past it, when the
  // connection drops (the decision may never have arrived: the snapshot will tell), or
  // when the server has not answered in a while.
  useEffect(() => {
    if (pending && st && st.ply !== pending.ply) setPending(null);
  }, [st?.ply, pending]);
  useEffect(() => {
    if (model?.status !== "open") setPending(null);
  }, [model?.status]);
  useEffect(() => {
    if (!pending) return;
    const h = setTimeout(() => {
      setPending(null);
      setError("The server has not confirmed your decision yet; the board shows the last confirmed state.");
      conn.current?.send({ type: "snapshot" });
    }, 10000);
    return () => clearTimeout(h);
  }, [pending]);

  // Agree to start at once when this tab created or joined the game.
  useEffect(() => {
    if (!st || !seated || st.status !== "waiting") return;
    const seat = st.seats[role as Color];
    if (!seat.ready && autoStart.has(id)) {
      autoStart.delete(id);
      conn.current?.send({ type: "start" });
    }
  }, [st, seated, role, id]);

  // Follow a rematch: the seats swap colours and each player keeps their token.
  useEffect(() => {
    const next = st?.rematch.new_game;
    if (!next || !seated) return;
    const saved = loadToken(id);
    if (saved && !loadToken(next)) saveToken(next, other(saved.seat), saved.token);
    navigate(`/game/${next}`);
  }, [st?.rematch.new_game, seated, id]);

  const plies = useMemo(() => {
    if (!game) return [];
    try {
      return pliesOf(parsePosition(game.start), game.decisions);
    } catch {
      return game.decisions.map((decision, i) => ({ side: i % 2 ? ("b" as const) : ("w" as const), decision }));
    }
  }, [game?.start, game?.decisions]);

  const display = useMemo((): Shown | null => {
    if (!game || !st) return null;
    let position: Position;
    try {
      position = parsePosition(st.position);
    } catch {
      return shown.current;
    }
    const prev = shown.current;
    let result: Shown | null = null;
    if (pending && pending.ply === st.ply) {
      try {
        const a = applyDecision(position, pending.decision);
        result = {
          ply: st.ply + 1,
          position: a.position,
          previous: position,
          last: pending.decision,
          legal: null,
          optimistic: true,
        };
      } catch {
        result = null;
      }
    }
    if (!result) {
      const mine = st.status === "active" && st.to_move === role;
      const same = prev && prev.ply === st.ply;
      result = {
        ply: st.ply,
        position,
        previous: prev && prev.ply === st.ply - 1 ? prev.position : null,
        last: game.decisions[game.decisions.length - 1] ?? null,
        legal: mine ? st.legal : null,
        optimistic: false,
      };
      if (same && prev?.optimistic) result.previous = null;
    }
    shown.current = result;
    return result;
  }, [st, pending, role, game?.decisions]);

  const send = (msg: Record<string, unknown>): boolean => {
    const ok = conn.current?.send(msg) ?? null;
    if (ok === null) {
      setError("Not connected to the server right now; reconnecting. Try again in a moment.");
      return false;
    }
    return true;
  };

  const decide = (decision: string) => {
    if (!st) return;
    setError(null);
    if (send({ type: "move", decision, ply: st.ply })) {
      setPending({ decision, ply: st.ply });
      setAnnounce(`You played ${decision}.`);
    }
  };

  const join = async (color?: Color) => {
    setError(null);
    try {
      const g = await api.join(id, playerName() || "Guest", color);
      saveToken(id, g.seat, g.token);
      autoStart.add(id);
      conn.current?.setToken(g.token);
    } catch (e) {
      setError(e instanceof ApiError ? friendly(e.code, e.message) : String(e));
    }
  };

  // Announce the opponent's decisions to screen readers.
  const lastAnnounced = useRef(0);
  useEffect(() => {
    if (!game || !st) return;
    if (st.ply > lastAnnounced.current && lastAnnounced.current > 0) {
      const p = plies[st.ply - 1];
      if (p && (p.side === "w" ? "white" : "black") !== role) {
        setAnnounce(`${p.side === "w" ? "White" : "Black"} played ${p.decision}.`);
      }
    }
    lastAnnounced.current = st.ply;
  }, [st?.ply]);

  // The tab's title tells whose turn it is, also when the tab is in the background.
  useEffect(() => {
    if (!st) return;
    const mineNow = st.status === "active" && st.to_move === role;
    document.title = mineNow ? "● Your turn · YINSH" : st.status === "active" ? "YINSH game" : "YINSH";
    return () => {
      document.title = "YINSH";
    };
  }, [st?.status, st?.to_move, role]);

  if (!model || !game || !st || !display) {
    return (
      <main class="page narrow">
        <ErrorBanner error={error} />
        {error ? (
          <p>
            <a href="/" onClick={linkClick}>
              Back to the lobby
            </a>
          </p>
        ) : (
          <p class="muted" aria-live="polite">
            {model?.status === "reconnecting" ? "Cannot reach the server; retrying…" : "Loading the game…"}
          </p>
        )}
      </main>
    );
  }

  const bottom: Color = role === "black" ? "black" : "white";
  const top = other(bottom);
  const ringsToWin = game.variant === "blitz" ? 1 : 3;
  const mine = st.status === "active" && st.to_move === role && !pending;
  const legal = mine ? st.legal : [];
  const canPass = legal.includes("pass");
  const over = st.status === "over" || st.status === "aborted";
  const opp = seated ? other(role as Color) : null;
  const link = `${location.origin}/game/${id}`;

  const bar = (side: Color) => (
    <PlayerBar
      side={side}
      name={seatName(st.seats[side])}
      you={role === side}
      toMove={st.status === "active" && st.to_move === side}
      removed={st.removed[side]}
      removedOf={ringsToWin}
      online={st.seats[side].kind === "open" ? undefined : model.presence?.[side]}
    >
      {st.status === "waiting" ? (
        <span class="tag">
          {st.seats[side].kind === "open" ? "open" : st.seats[side].ready ? "ready" : "not ready"}
        </span>
      ) : null}
      <ClockView clocks={st.clocks} side={side} offset={model.offset} />
    </PlayerBar>
  );

  const submitTyped = (e: Event) => {
    e.preventDefault();
    const c = canonicalDecision(typed);
    if (!c) {
      setError(`"${typed}" is not a decision in the notation (e4, e4-e10, xe5-e9, xe10, pass).`);
      return;
    }
    if (!mine) {
      setError("It is not your turn.");
      return;
    }
    if (!st.legal.includes(c)) {
      setError(`${c} is not legal now. Legal: ${st.legal.slice(0, 40).join(" ")}${st.legal.length > 40 ? " …" : ""}`);
      return;
    }
    setTyped("");
    decide(c);
  };

  return (
    <main class="page game-page" data-testid="game-page" data-status={st.status} data-ply={st.ply}>
      <div class="board-col">
        {bar(top)}
        <div class="board-wrap">
          <Board
            position={display.position}
            legal={display.legal}
            last={display.last}
            previous={display.previous}
            flipped={role === "black"}
            onDecision={decide}
            onAnnounce={setAnnounce}
            label={`YINSH board, game ${id}. Arrow keys move the cursor, Enter chooses.`}
          />
        </div>
        {bar(bottom)}
      </div>
      <aside class="side">
        {model.status !== "open" ? (
          <div class="conn-banner" role="status" data-testid="reconnecting">
            Connection lost — reconnecting…
          </div>
        ) : null}
        <ErrorBanner error={error} onClose={() => setError(null)} />
        <section class="status-box" aria-live="polite">
          <p class={`status-line${mine ? " mine" : ""}`} data-testid="status">
            {over ? <strong>{describeResult(st.result, st.status, game.variant)}</strong> : stepHelp(st, mine, legal)}
          </p>
          {st.undo_request && seated && st.undo_request !== role ? (
            <p class="notice">
              {st.undo_request === "white" ? "White" : "Black"} asks to take back their last turn.{" "}
              <button type="button" onClick={() => send({ type: "undo_accept" })}>
                Accept
              </button>{" "}
              <button type="button" onClick={() => send({ type: "undo_decline" })}>
                Decline
              </button>
            </p>
          ) : null}
          <div class="actions">
            {canPass ? (
              <button type="button" class="primary" onClick={() => decide("pass")}>
                Pass
              </button>
            ) : null}
            {!seated && st.status === "waiting"
              ? (["white", "black"] as const)
                  .filter((c) => st.seats[c].kind === "open")
                  .map((c) => (
                    <button type="button" class="primary" key={c} onClick={() => join(c)}>
                      Play {c}
                    </button>
                  ))
              : null}
            {seated && st.status === "waiting" && !st.seats[role as Color].ready ? (
              <button type="button" class="primary" onClick={() => send({ type: "start" })}>
                Start
              </button>
            ) : null}
            {seated && st.status === "active" ? (
              <>
                <button
                  type="button"
                  onClick={() => send({ type: "undo" })}
                  disabled={st.ply === 0 || st.undo_request === role}
                >
                  {st.undo_request === role ? "Undo asked…" : "Undo"}
                </button>
                <button
                  type="button"
                  class="danger"
                  onClick={() => {
                    if (confirm("Resign this game?")) send({ type: "resign" });
                  }}
                >
                  Resign
                </button>
              </>
            ) : null}
            {seated && st.status === "waiting" ? (
              <button type="button" onClick={() => send({ type: "abort" })}>
                Abort
              </button>
            ) : null}
            {seated && over && st.status === "over" ? (
              <button
                type="button"
                class="primary"
                onClick={() => send({ type: "rematch" })}
                disabled={st.rematch.offered.includes(role as Color)}
              >
                {st.rematch.offered.includes(role as Color)
                  ? "Rematch offered…"
                  : opp && st.rematch.offered.includes(opp)
                    ? "Accept rematch"
                    : "Rematch"}
              </button>
            ) : null}
            {!seated && st.rematch.new_game ? (
              <a class="button" href={`/game/${st.rematch.new_game}`} onClick={linkClick}>
                Watch the rematch
              </a>
            ) : null}
            {over ? (
              <a class="button" href={`/replay/${id}`} onClick={linkClick}>
                Replay
              </a>
            ) : null}
          </div>
          {seated && st.status === "active" ? (
            <form class="notation-form" onSubmit={submitTyped}>
              <label for="typed">Type a decision</label>
              <input
                id="typed"
                autocomplete="off"
                spellcheck={false}
                placeholder={mine ? "e.g. e4, e4-e10, xe5-e9, xe10" : "wait for your turn"}
                value={typed}
                onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
              />
              <button type="submit">Play</button>
            </form>
          ) : null}
        </section>
        <section class="info small">
          <span>{game.variant === "blitz" ? "Blitz (1 ring wins)" : "Normal (3 rings win)"}</span>
          <span>{describeClock(game.clock)}</span>
          <span data-testid="pool">Markers in pool: {markersInPool(display.position)}</span>
          <span>{seated ? `You play ${role}` : "You are watching"}</span>
        </section>
        <section class="share small">
          <label for="share">Link to this game</label>
          <div class="share-row">
            <input id="share" readOnly value={link} onFocus={(e) => (e.target as HTMLInputElement).select()} />
            <button
              type="button"
              onClick={async () => {
                try {
                  await navigator.clipboard.writeText(link);
                  setCopied(true);
                  setTimeout(() => setCopied(false), 1500);
                } catch {
                  (document.getElementById("share") as HTMLInputElement | null)?.select();
                }
              }}
            >
              {copied ? "Copied" : "Copy"}
            </button>
          </div>
        </section>
        <section class="moves-box">
          <h2>Moves</h2>
          <MoveList plies={plies} />
        </section>
        <ChatBox
          lines={[...game.chat, ...model.notes].sort((a, b) => a.at - b.at)}
          onSend={(text) => {
            if (send({ type: "chat", text })) setError(null);
          }}
        />
        <div class="sr-only" aria-live="assertive" data-testid="announce">
          {announce}
        </div>
      </aside>
    </main>
  );
}

// The game page: board, players and clocks, move list (step back and return to live),
// actions, game-over panel, chat, share link.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { applyDecision, markersInPool, parsePosition } from "../engine/rules";
import { colorName, t } from "../i18n";
import { ChallengeNotice } from "../lobby/FindOpponent";
import { accountGames, useAccount } from "../net/account";
import { ApiError, api, autoStart, describeClock, loadToken, saveToken } from "../net/api";
import { GameConnection, type LiveModel } from "../net/conn";
import type { ChatLine, Color, LobbyChallenge, RatingsMessage } from "../net/types";
import { ArenaGameBar } from "../tournaments/ArenaGameBar";
import { Board } from "../ui/Board";
import { nameKind } from "../ui/names";
import { ChatBox, ClockView, ErrorBanner, MoveList, PlayerBar } from "../ui/panels";
import { linkClick, navigate } from "../ui/router";
import { ShareLink } from "../ui/ShareLink";
import { useSettings } from "../ui/settings";
import { endingLine, openSeat, other, seatName, stepHelp } from "../ui/status";
import { ConditionalLines } from "./ConditionalLines";
import { mayDeleteChat } from "./chat";
import { useGameFeedback } from "./feedback";
import { GameActions } from "./GameActions";
import { useGameAssist } from "./GameAssist";
import { GameOver } from "./GameOver";
import { pageKey, useHistory } from "./history";
import { OnVacation } from "./OnVacation";

/** After a decision in a correspondence game: the next game where it is the account's turn. */
function NextGame({ id, ply }: { id: string; ply: number }) {
  const [next, setNext] = useState<string | null>(null);
  useEffect(() => {
    accountGames.refresh().then(() => setNext(accountGames.next(id)?.id ?? null));
  }, [id, ply]);
  if (!next) return null;
  return (
    <a class="button primary" href={`/game/${next}`} onClick={linkClick} data-testid="next-game">
      {t("turns.next")}
    </a>
  );
}

export function GamePage({ id }: { id: string }) {
  const [model, setModel] = useState<LiveModel | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ratings, setRatings] = useState<RatingsMessage | null>(null);
  const [pending, setPending] = useState<{ decision: string; ply: number } | null>(null);
  const [announce, setAnnounce] = useState("");
  const [flip, setFlip] = useState(false);
  // Joined through the API, not yet seated on the connection: not a "watcher" meanwhile.
  const [joined, setJoined] = useState(false);
  const settings = useSettings();
  const conn = useRef<GameConnection | null>(null);
  // Direct challenges to this account that arrived on this page (answered from here).
  const [challenges, setChallenges] = useState<LobbyChallenge[]>([]);

  useEffect(() => {
    setModel(null);
    setRatings(null);
    setError(null);
    setPending(null);
    const saved = loadToken(id);
    const c = new GameConnection(id, saved?.token ?? null, {
      onChange: setModel,
      onError: (code, message) => {
        setPending(null);
        setError(message);
        if (code === "stale") c.send({ type: "snapshot" });
      },
      onSeat: (seat, token) => saveToken(id, seat, token),
      onRatings: setRatings,
      onChallenged: (ch) => setChallenges((cs) => [...cs.filter((x) => x.id !== ch.id), ch]),
      onMatched: (m) => {
        saveToken(m.game, m.seat, m.token);
        navigate(`/game/${m.game}`);
      },
    });
    conn.current = c;
    return () => c.close();
  }, [id]);

  const game = model?.game ?? null;
  const st = game?.state ?? null;
  const role = model?.role ?? "spectator";
  const seated = role !== "spectator";
  const me = useAccount();

  // Drop an optimistic decision once the server's state has moved past it, when the
  // connection drops, or when the server has not answered in a while.
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
      setError(t("error.unconfirmed"));
      conn.current?.send({ type: "snapshot" });
    }, 10000);
    return () => clearTimeout(h);
  }, [pending]);

  // Agree to start at once when this tab created or joined the game.
  useEffect(() => {
    if (!st || !seated || st.status !== "waiting") return;
    if (!st.seats[role as Color].ready && autoStart.has(id)) {
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

  const hist = useHistory(game, st?.ply ?? 0);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "f" && pageKey(e)) setFlip((x) => !x);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  useGameFeedback(game, role, model?.offset ?? 0, hist.plies, settings);

  const send = (msg: Record<string, unknown>): boolean => {
    const ok = conn.current?.send(msg) ?? null;
    if (ok === null) {
      setError(t("error.offline"));
      return false;
    }
    return true;
  };

  const decide = (decision: string) => {
    if (!st) return;
    setError(null);
    if (send({ type: "move", decision, ply: st.ply })) {
      setPending({ decision, ply: st.ply });
      setAnnounce(t("announce.you_played", { decision }));
    }
  };

  const join = async (color: Color, name: string) => {
    setError(null);
    // Set before asking: the seat's change can reach us on the socket before the answer.
    setJoined(true);
    try {
      const g = await api.join(id, name, color);
      saveToken(id, g.seat, g.token);
      autoStart.add(id);
      conn.current?.setToken(g.token);
    } catch (e) {
      setJoined(false);
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };

  // Announce the opponent's decisions to screen readers.
  const lastAnnounced = useRef(0);
  useEffect(() => {
    if (!st) return;
    if (st.ply > lastAnnounced.current && lastAnnounced.current > 0) {
      const p = hist.plies[st.ply - 1];
      if (p && (p.side === "w" ? "white" : "black") !== role)
        setAnnounce(
          t("announce.played", { color: colorName(p.side === "w" ? "white" : "black"), decision: p.decision }),
        );
    }
    lastAnnounced.current = st.ply;
  }, [st?.ply]);

  const shown = useMemo(() => {
    if (!st) return null;
    const back = hist.viewing === null ? null : hist.at(hist.viewing);
    if (back) return { ...back, legal: null };
    if (pending && pending.ply === st.ply) {
      try {
        const before = hist.positions[st.ply] ?? parsePosition(st.position);
        const a = applyDecision(before, pending.decision);
        hist.mark(st.ply + 1);
        return { position: a.position, previous: before, turn: [pending.decision], turnStart: before, legal: null };
      } catch {
        // Fall through to the server's state.
      }
    }
    const mine = st.status === "active" && st.to_move === role;
    const now = hist.at(st.ply);
    return now && { ...now, legal: mine ? st.legal : null };
  }, [st, pending, role, hist.viewing, hist.positions]);

  const assist = useGameAssist(game, role, !!st && st.status === "active" && st.to_move === role && !pending);

  if (!model || !game || !st || !shown) {
    return (
      <main class="page narrow">
        <ErrorBanner error={error} />
        {error ? (
          <p>
            <a href="/" onClick={linkClick}>
              {t("nav.back_to_lobby")}
            </a>
          </p>
        ) : (
          <p class="muted" aria-live="polite">
            {model?.status === "reconnecting" ? t("conn.retrying") : t("game.loading")}
          </p>
        )}
      </main>
    );
  }

  const invited = !seated && (openSeat(st) !== null || joined);
  const names: Record<Color, string> = {
    white: seatName(st.seats.white, invited),
    black: seatName(st.seats.black, invited),
  };
  const flipped = (role === "black") !== flip;
  const bottom: Color = flipped ? "black" : "white";
  const ringsToWin = game.variant === "blitz" ? 1 : 3;
  const mine = st.status === "active" && st.to_move === role && !pending;
  const over = st.status === "over" || st.status === "aborted";
  const link = `${location.origin}/game/${id}`;
  const ending = endingLine(st, names);
  const opp = seated ? other(role as Color) : null;
  const mySide = role === "white" ? "w" : "b";
  const decided = seated && hist.plies.some((p) => p.side === mySide);
  const accountSeat =
    !!me && (["white", "black"] as const).some((c) => st.seats[c].account && st.seats[c].name === me.name);
  const extra: ChatLine[] = [];
  if (ending) extra.push({ from: "", seat: "system", text: ending, at: Number.MAX_SAFE_INTEGER - 1 });
  if (opp && st.rematch.offered.includes(opp) && !st.rematch.offered.includes(role as Color))
    extra.push({
      from: "",
      seat: "system",
      text: t("over.rematch_offered", { name: names[opp] }),
      at: Number.MAX_SAFE_INTEGER,
    });

  const bar = (side: Color) => (
    <PlayerBar
      side={side}
      name={names[side]}
      kind={st.seats[side].kind === "human" ? nameKind(st.seats[side].name, st.seats[side].account) : "plain"}
      bot={st.seats[side].bot}
      you={role === side}
      toMove={st.status === "active" && st.to_move === side}
      removed={st.removed[side]}
      removedOf={ringsToWin}
      online={st.seats[side].kind === "open" ? undefined : model.presence?.[side]}
    >
      {st.status === "waiting" ? (
        <span class="tag">
          {st.seats[side].kind === "open"
            ? t("seat.tag_open")
            : st.seats[side].ready
              ? t("seat.ready")
              : t("seat.not_ready")}
        </span>
      ) : null}
      {role === side ? null : <OnVacation clocks={st.clocks} side={side} now={Date.now() + model.offset} />}
      <ClockView clocks={st.clocks} side={side} offset={model.offset} />
    </PlayerBar>
  );

  return (
    <main class="page game-page" data-testid="game-page" data-status={st.status} data-ply={st.ply}>
      <div class="board-col">
        {bar(other(bottom))}
        <div class="board-wrap">
          <Board
            position={shown.position}
            legal={shown.legal}
            turn={shown.turn}
            turnStart={shown.turnStart}
            previous={shown.previous}
            flipped={flipped}
            notes={hist.viewing === null ? assist.notes : null}
            confirm={settings.confirmMove}
            onDecision={decide}
            onAnnounce={setAnnounce}
            label={t("board.label_game", { id })}
          />
        </div>
        {bar(bottom)}
        {hist.viewing !== null ? (
          <div class="history-bar" role="status" data-testid="history-bar">
            <span>{t("history.viewing", { ply: hist.viewing, total: st.ply })}</span>
            <button type="button" class="primary" onClick={() => hist.live()}>
              {t("history.back_to_live")}
            </button>
          </div>
        ) : null}
      </div>
      <aside class="side">
        <h1 class="sr-only">
          {names.white} – {names.black}
        </h1>
        {model.status !== "open" ? (
          <div class="conn-banner" role="status" data-testid="reconnecting">
            {t("conn.lost")}
          </div>
        ) : null}
        <ErrorBanner error={error} onClose={() => setError(null)} />
        {game.tournament ? (
          <ArenaGameBar
            tournament={game.tournament}
            game={id}
            seated={seated}
            over={over}
            canBerserk={seated && !over && !decided && !pending && !st?.clocks?.berserk?.[role as Color]}
            onBerserk={() => send({ type: "snapshot" })}
            onError={setError}
            needsToken={!seated && accountSeat}
            onToken={(token) => conn.current?.setToken(token)}
          />
        ) : null}
        {challenges.length ? (
          <ul class="challenges" data-testid="challenges">
            {challenges.map((c) => (
              <ChallengeNotice
                c={c}
                key={c.id}
                conn={{
                  send: (m) => {
                    setChallenges((cs) => cs.filter((x) => x.id !== c.id));
                    return conn.current?.send(m) != null;
                  },
                }}
              />
            ))}
          </ul>
        ) : null}
        {over ? <GameOver game={game} role={role} names={names} send={send} ratings={ratings} /> : null}
        <section class="status-box" aria-live="polite">
          {over ? null : (
            <p class={`status-line${mine ? " mine" : ""}`} data-testid="status">
              {stepHelp(st, role, mine ? st.legal : [], !!pending)}
            </p>
          )}
          <GameActions
            game={game}
            role={role}
            mine={mine}
            send={send}
            decide={decide}
            join={join}
            onError={setError}
            presence={model?.presence ?? undefined}
          />
          {seated && !mine && game.clock && "days" in game.clock ? <NextGame id={game.id} ply={st.ply} /> : null}
          {seated && st.status === "active" && game.clock && "days" in game.clock ? (
            <ConditionalLines game={game} myTurn={st.to_move === role} />
          ) : null}
          {assist.panel}
          <div class="actions small">
            <button type="button" onClick={() => setFlip(!flip)} aria-pressed={flip} title={t("board.flip_key")}>
              {t("board.flip")}
            </button>
          </div>
        </section>
        <section class="moves-box">
          <h2>{t("moves.title")}</h2>
          <MoveList plies={hist.plies} current={hist.viewing ?? st.ply} onJump={(n) => hist.view(n)} />
        </section>
        <section class="info small">
          <span>{game.variant === "blitz" ? t("variant.blitz_long") : t("variant.normal_long")}</span>
          <span>{describeClock(game.clock)}</span>
          <span data-testid="pool">{t("game.pool", { n: markersInPool(shown.position) })}</span>
          <span>
            {seated
              ? t("game.you_play", { color: colorName(role as Color) })
              : invited
                ? t("game.you_are_invited")
                : t("game.watching")}
          </span>
        </section>
        <ShareLink id="share" label={t("game.share")} link={link} />
        <ChatBox
          lines={[...game.chat, ...model.notes, ...extra].sort((a, b) => a.at - b.at)}
          onSend={(text) => {
            if (send({ type: "chat", text })) setError(null);
          }}
          canDelete={(l) => mayDeleteChat(l, me, seated ? (role as Color) : null)}
          onDelete={(line) => {
            if (send({ type: "chat_delete", line })) setError(null);
          }}
        />
        <div class="sr-only" aria-live="assertive" data-testid="announce">
          {announce}
        </div>
      </aside>
    </main>
  );
}

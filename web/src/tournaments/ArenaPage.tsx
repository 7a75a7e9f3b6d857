// /tournament/<id>: a tournament's name, time control and status, the countdown to its start
// (an arena's end while it runs; a Swiss event's round and the countdown to its next one), Join
// (with the entry code when it asks for one) and Withdraw (a guest: a link to log in), the live
// standings (a Swiss event's table: SwissTables.tsx), the games it paired (a Swiss event's
// current round), the podium once it is over, and the tournament's chat (TournamentChat.tsx). Asked again every 2 s while the page is open
// and visible. A player whose new game begins (me.game, or the tournament_game notice) is taken
// to it.
import { useRef, useState } from "preact/hooks";
import { t } from "../i18n";
import { useAccount } from "../net/account";
import { ApiError, errorText } from "../net/api";
import { ErrorNote } from "../ui/panels";
import { linkClick } from "../ui/router";
import { type ArenaDetail, arenaClock, arenas, gameToFollow } from "./arena";
import { Countdown } from "./Countdown";
import { goToGame, useArenaNotice } from "./follow";
import { useVisiblePoll } from "./poll";
import { PairingsList, Podium, StandingsTable } from "./Standings";
import { SwissBoards, SwissStandingsTable } from "./SwissTables";
import type { SwissDetail } from "./swiss";
import { TournamentChat } from "./TournamentChat";

type Detail = ArenaDetail | SwissDetail;

const POLL_MS = 2000;

function JoinControls(props: { a: Detail; act: (join: boolean, code: string) => void; busy: boolean }) {
  const { a } = props;
  const [code, setCode] = useState("");
  if (a.status === "finished") return null;
  if (!a.me)
    return (
      <p>
        <a href="/account" onClick={linkClick} data-testid="arena-login">
          {t("arena.login_to_join")}
        </a>
      </p>
    );
  const joined = a.me.joined && a.me.active;
  const asksCode = !!a.entry_code && !a.me.joined;
  return (
    <div class="actions">
      {asksCode ? (
        <label for="entry-code">
          {t("swiss.entry_code")}{" "}
          <input
            id="entry-code"
            name="entry-code"
            maxLength={40}
            autocomplete="off"
            value={code}
            onInput={(e) => setCode((e.target as HTMLInputElement).value)}
          />
        </label>
      ) : null}
      {joined ? (
        <button type="button" disabled={props.busy} onClick={() => props.act(false, "")}>
          {t("arena.withdraw")}
        </button>
      ) : (
        <button type="button" class="primary" disabled={props.busy} onClick={() => props.act(true, code)}>
          {t("arena.join")}
        </button>
      )}
      {a.me.game ? (
        <a class="button" href={`/game/${a.me.game}`} onClick={linkClick} data-testid="arena-my-game">
          {t("arena.my_game")}
        </a>
      ) : joined && a.status === "running" && a.kind !== "swiss" ? (
        <span class="small" role="status">
          {t("arena.waiting_pairing")}
        </span>
      ) : null}
    </div>
  );
}

/** The countdown to the start; then an arena's to its end, a Swiss event's round and next round. */
function StatusDetail({ a, offset }: { a: Detail; offset: number }) {
  if (a.status === "finished") return null;
  if (a.status === "upcoming")
    return <Countdown to={a.starts_at} offset={offset} kind="starts" testid="arena-countdown" />;
  if (a.kind !== "swiss") return <Countdown to={a.ends_at ?? 0} offset={offset} kind="ends" testid="arena-countdown" />;
  return (
    <>
      <span data-testid="swiss-round">{t("swiss.round_of", { round: a.round, rounds: a.rounds })}</span>
      {a.next_round_at ? (
        <>
          {" "}
          <Countdown to={a.next_round_at} offset={offset} kind="next_round" testid="arena-countdown" />
        </>
      ) : a.round === 0 ? (
        <> {t("swiss.waiting_players")}</>
      ) : null}
    </>
  );
}

/** Who may join: the entry code and the rating range, when the tournament has them. */
function Conditions({ a }: { a: Detail }) {
  const parts: string[] = [];
  if (a.entry_code) parts.push(t("swiss.needs_code"));
  if (a.min_rating && a.max_rating) parts.push(t("swiss.rating_range", { min: a.min_rating, max: a.max_rating }));
  else if (a.min_rating) parts.push(t("swiss.rating_min", { min: a.min_rating }));
  else if (a.max_rating) parts.push(t("swiss.rating_max", { max: a.max_rating }));
  if (parts.length === 0) return null;
  return (
    <p class="small" data-testid="arena-conditions">
      {parts.join(" · ")}
    </p>
  );
}

export function ArenaPage({ id }: { id: string }) {
  const account = useAccount();
  const [a, setA] = useState<Detail | null>(null);
  const [offset, setOffset] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  // The player's game when the page opened: left on purpose, so not followed again.
  const seen = useRef<string | null | undefined>(undefined);
  const following = useRef(false);

  const load = async () => {
    try {
      const d = (await arenas.get(id)) as Detail;
      setOffset(d.now - Date.now());
      setA(d);
      setError(null);
      if (seen.current === undefined) seen.current = d.me?.game ?? null;
      const next = gameToFollow<{ game: string | null; status: string }>(d, seen.current);
      if (next && !following.current) {
        following.current = true;
        await goToGame(next);
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) setMissing(true);
      else setError(errorText(e));
    }
  };

  useVisiblePoll(load, POLL_MS, id);

  useArenaNotice(id, !!account);

  const act = async (join: boolean, code: string) => {
    setBusy(true);
    try {
      await (join ? arenas.join(id, code) : arenas.withdraw(id));
      await load();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  if (missing)
    return (
      <main class="page narrow" data-testid="arena-missing">
        <h1>{t("arena.not_found")}</h1>
        <p>
          <a href="/tournaments" onClick={linkClick}>
            {t("arena.back_to_list")}
          </a>
        </p>
      </main>
    );
  if (!a)
    return (
      <main class="page narrow">
        <h1>{t("arena.list_title")}</h1>
        <ErrorNote error={error} />
        {error ? null : <p role="status">{t("arena.loading")}</p>}
      </main>
    );

  const variant = a.variant === "blitz" ? t("form.variant_blitz") : t("form.variant_normal");
  return (
    <main class="page arena-page" data-testid="arena-page" data-status={a.status}>
      <h1>{a.name}</h1>
      <p class="arena-meta">
        <span>{arenaClock(a.clock)}</span> · <span>{variant}</span> ·{" "}
        <span>{a.rated ? t("arena.rated") : t("arena.casual")}</span> ·{" "}
        <span>{t("arena.players", { n: a.players })}</span>
        {a.created_by ? (
          <>
            {" "}
            · <span>{t("arena.created_by", { name: a.created_by })}</span>
          </>
        ) : null}
      </p>
      <p class="arena-status" data-testid="arena-status">
        <strong>{t(`arena.status_${a.status}`)}</strong> <StatusDetail a={a} offset={offset} />
      </p>
      <Conditions a={a} />
      <JoinControls a={a} act={act} busy={busy} />
      <ErrorNote error={error} />
      {a.status === "finished" ? <Podium rows={a.standings} /> : null}
      <div class="arena-cols">
        <section aria-labelledby="standings-h">
          <h2 id="standings-h">{t("arena.standings")}</h2>
          {a.kind === "swiss" ? (
            <SwissStandingsTable rows={a.standings} rounds={a.rounds} me={account?.name ?? null} />
          ) : (
            <>
              <StandingsTable rows={a.standings} me={account?.name ?? null} />
              {a.standings.some((r) => r.sheet.length > 0) ? <p class="small muted">{t("arena.legend")}</p> : null}
            </>
          )}
        </section>
        <section aria-labelledby="pairings-h">
          <h2 id="pairings-h">{t("arena.pairings")}</h2>
          {a.kind === "swiss" ? (
            <SwissBoards boards={a.pairings} round={a.round} />
          ) : (
            <PairingsList pairings={a.pairings} />
          )}
        </section>
      </div>
      <TournamentChat id={id} account={account} />
      <p>
        <a href="/tournaments" onClick={linkClick}>
          {t("arena.back_to_list")}
        </a>
      </p>
    </main>
  );
}

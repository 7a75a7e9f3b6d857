// /tournament/<id>: an arena's name, time control and status, the countdown to its start (or its
// end while it runs), Join and Withdraw (a guest: a link to log in), the live standings, the
// games it paired, and the podium once it is over. Asked again every 2 s while the page is open
// and visible. A player whose new game begins (me.game, or the tournament_game notice) is taken
// to it.
import { useEffect, useRef, useState } from "preact/hooks";
import { t } from "../i18n";
import { useAccount } from "../net/account";
import { ApiError, errorText } from "../net/api";
import { ErrorNote } from "../ui/panels";
import { linkClick } from "../ui/router";
import { type ArenaDetail, arenaClock, arenas, gameToFollow } from "./arena";
import { Countdown } from "./Countdown";
import { goToGame, useArenaNotice } from "./follow";
import { PairingsList, Podium, StandingsTable } from "./Standings";

const POLL_MS = 2000;

function JoinControls(props: { a: ArenaDetail; act: (join: boolean) => void; busy: boolean }) {
  const { a } = props;
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
  return (
    <div class="actions">
      {joined ? (
        <button type="button" disabled={props.busy} onClick={() => props.act(false)}>
          {t("arena.withdraw")}
        </button>
      ) : (
        <button type="button" class="primary" disabled={props.busy} onClick={() => props.act(true)}>
          {t("arena.join")}
        </button>
      )}
      {a.me.game ? (
        <a class="button" href={`/game/${a.me.game}`} onClick={linkClick} data-testid="arena-my-game">
          {t("arena.my_game")}
        </a>
      ) : joined && a.status === "running" ? (
        <span class="small" role="status">
          {t("arena.waiting_pairing")}
        </span>
      ) : null}
    </div>
  );
}

export function ArenaPage({ id }: { id: string }) {
  const account = useAccount();
  const [a, setA] = useState<ArenaDetail | null>(null);
  const [offset, setOffset] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  // The player's game when the page opened: left on purpose, so not followed again.
  const seen = useRef<string | null | undefined>(undefined);
  const following = useRef(false);

  const load = async () => {
    try {
      const d = await arenas.get(id);
      setOffset(d.now - Date.now());
      setA(d);
      setError(null);
      if (seen.current === undefined) seen.current = d.me?.game ?? null;
      const next = gameToFollow(d, seen.current);
      if (next && !following.current) {
        following.current = true;
        await goToGame(next);
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) setMissing(true);
      else setError(errorText(e));
    }
  };

  useEffect(() => {
    let stopped = false;
    const tick = () => {
      if (!stopped && !document.hidden) load();
    };
    tick();
    const timer = setInterval(tick, POLL_MS);
    document.addEventListener("visibilitychange", tick);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [id]);

  useArenaNotice(id, !!account);

  const act = async (join: boolean) => {
    setBusy(true);
    try {
      await (join ? arenas.join(id) : arenas.withdraw(id));
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
        <strong>{t(`arena.status_${a.status}`)}</strong>{" "}
        {a.status === "finished" ? null : (
          <Countdown
            to={a.status === "upcoming" ? a.starts_at : a.ends_at}
            offset={offset}
            kind={a.status === "upcoming" ? "starts" : "ends"}
            testid="arena-countdown"
          />
        )}
      </p>
      <JoinControls a={a} act={act} busy={busy} />
      <ErrorNote error={error} />
      {a.status === "finished" ? <Podium rows={a.standings} /> : null}
      <div class="arena-cols">
        <section aria-labelledby="standings-h">
          <h2 id="standings-h">{t("arena.standings")}</h2>
          <StandingsTable rows={a.standings} me={account?.name ?? null} />
          {a.standings.some((r) => r.sheet.length > 0) ? <p class="small muted">{t("arena.legend")}</p> : null}
        </section>
        <section aria-labelledby="pairings-h">
          <h2 id="pairings-h">{t("arena.pairings")}</h2>
          <PairingsList pairings={a.pairings} />
        </section>
      </div>
      <p>
        <a href="/tournaments" onClick={linkClick}>
          {t("arena.back_to_list")}
        </a>
      </p>
    </main>
  );
}

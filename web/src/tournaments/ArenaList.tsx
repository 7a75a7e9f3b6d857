// /tournaments: the arenas running, upcoming and finished (GET /api/tournaments), each with its
// time control, variant, rated or casual, players and the time to its start or end; and, for a
// logged-in player, the form that creates one (CreateArena.tsx).
import { useEffect, useState } from "preact/hooks";
import { lang, t } from "../i18n";
import { useAccount } from "../net/account";
import { errorText } from "../net/api";
import { ErrorNote, useTicker } from "../ui/panels";
import { linkClick } from "../ui/router";
import { type ArenaStatus, type ArenaSummary, arenaClock, arenas, grouped } from "./arena";
import { Countdown } from "./Countdown";
import { CreateArenaForm } from "./CreateArena";

const GROUPS: ArenaStatus[] = ["running", "upcoming", "finished"];

function When({ a, offset }: { a: ArenaSummary; offset: number }) {
  if (a.status === "upcoming") return <Countdown to={a.starts_at} offset={offset} kind="starts" />;
  if (a.status === "running" && a.kind === "swiss")
    return <>{t("swiss.round_of", { round: a.round ?? 0, rounds: a.rounds ?? 0 })}</>;
  if (a.status === "running") return <Countdown to={a.ends_at ?? 0} offset={offset} kind="ends" />;
  return <>{new Date(a.ends_at ?? 0).toLocaleString(lang(), { dateStyle: "medium", timeStyle: "short" })}</>;
}

function ArenaTable({ list, status, offset }: { list: ArenaSummary[]; status: ArenaStatus; offset: number }) {
  return (
    <section class="arena-group" aria-labelledby={`arenas-${status}`} data-testid={`arenas-${status}`}>
      <h2 id={`arenas-${status}`}>{t(`arena.group_${status}`)}</h2>
      {list.length === 0 ? (
        <p class="small muted">{t(`arena.none_${status}`)}</p>
      ) : (
        <div class="table-scroll">
          <table class="arena-table">
            <thead>
              <tr>
                <th scope="col">{t("arena.col_name")}</th>
                <th scope="col">{t("arena.col_clock")}</th>
                <th scope="col">{t("arena.col_variant")}</th>
                <th scope="col">{t("arena.col_rated")}</th>
                <th scope="col">{t("arena.col_players")}</th>
                <th scope="col">{t(`arena.col_when_${status}`)}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((a) => (
                <tr key={a.id} data-testid="arena-row">
                  <th scope="row">
                    <a href={`/tournament/${a.id}`} onClick={linkClick}>
                      {a.name}
                    </a>{" "}
                    <span class="small muted">
                      {a.kind === "swiss" ? t("swiss.kind", { rounds: a.rounds ?? 0 }) : t("arena.kind")}
                    </span>
                  </th>
                  <td>{arenaClock(a.clock)}</td>
                  <td>{a.variant === "blitz" ? t("form.variant_blitz") : t("form.variant_normal")}</td>
                  <td>{a.rated ? t("arena.rated") : t("arena.casual")}</td>
                  <td>{a.players}</td>
                  <td>
                    <When a={a} offset={offset} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function ArenaListPage() {
  const account = useAccount();
  const [list, setList] = useState<ArenaSummary[] | null>(null);
  const [offset, setOffset] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    const load = async () => {
      if (document.hidden) return;
      try {
        const r = await arenas.list();
        if (stopped) return;
        setOffset(r.now - Date.now());
        setList(r.tournaments);
        setError(null);
      } catch (e) {
        if (!stopped) setError(errorText(e));
      }
    };
    load();
    const timer = setInterval(load, 10000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  useTicker(!!list?.some((a) => a.status !== "finished"), 1000);
  const groups = grouped(list ?? []);
  return (
    <main class="page arenas-page" data-testid="arenas-page">
      <h1>{t("arena.list_title")}</h1>
      <p class="small">{t("arena.intro")}</p>
      <ErrorNote error={error} />
      {list === null && !error ? (
        <p role="status">{t("arena.loading")}</p>
      ) : (
        GROUPS.map((s) => <ArenaTable key={s} list={groups[s]} status={s} offset={offset} />)
      )}
      {account ? (
        <CreateArenaForm />
      ) : account === null ? (
        <p>
          <a href="/account" onClick={linkClick}>
            {t("arena.login_to_create")}
          </a>
        </p>
      ) : null}
    </main>
  );
}

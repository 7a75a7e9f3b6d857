// An arena's standings (rank, player, points, on fire, each finished game's points with its
// flag: doubled, the second win of a streak, a quick draw that scored nothing, berserked), the
// podium once it is over, and the games it paired, newest first.
import { t } from "../i18n";
import { linkClick } from "../ui/router";
import { markClass, type Pairing, type SheetMark, type Standing } from "./arena";

function playerLink(name: string) {
  return (
    <a href={`/@/${encodeURIComponent(name)}`} onClick={linkClick}>
      {name}
    </a>
  );
}

/** What a mark means, for its tooltip and for screen readers. */
export function markTitle(m: SheetMark): string {
  const parts = [t("arena.mark_points", { n: m.points })];
  if (m.flag !== "normal") parts.push(t(`arena.flag_${m.flag}`));
  if (m.berserk) parts.push(t("arena.flag_berserk"));
  return parts.join(", ");
}

function Sheet({ sheet }: { sheet: SheetMark[] }) {
  if (sheet.length === 0) return <span class="muted">–</span>;
  return (
    <span class="sheet">
      {sheet.map((m) => (
        <a
          key={m.game}
          class={markClass(m)}
          href={`/game/${m.game}`}
          onClick={linkClick}
          title={markTitle(m)}
          aria-label={markTitle(m)}
          data-testid="sheet-mark"
        >
          {m.points}
        </a>
      ))}
    </span>
  );
}

export function StandingsTable({ rows, me }: { rows: Standing[]; me: string | null }) {
  if (rows.length === 0) return <p class="small muted">{t("arena.no_players")}</p>;
  return (
    <div class="table-scroll">
      <table class="arena-table standings" data-testid="standings">
        <thead>
          <tr>
            <th scope="col">{t("arena.col_rank")}</th>
            <th scope="col">{t("arena.col_player")}</th>
            <th scope="col">{t("arena.col_games")}</th>
            <th scope="col">{t("arena.col_points")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.account || r.name}
              class={`${r.name === me ? "me" : ""}${r.active ? "" : " withdrawn"}`}
              data-testid="standing"
              data-name={r.name}
              data-points={r.points}
            >
              <td>{r.rank}</td>
              <th scope="row">
                {playerLink(r.name)}
                {r.on_fire ? (
                  <span class="on-fire" role="img" aria-label={t("arena.on_fire")} title={t("arena.on_fire")}>
                    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                      <path d="M8 1c1 3 5 5 5 9a5 5 0 0 1-10 0c0-2 1-3.5 2-4.5 0 1.5.8 2.5 1.8 2.8C6.5 6 7.5 3.5 8 1z" />
                    </svg>
                  </span>
                ) : null}
                {r.playing ? (
                  <>
                    {" "}
                    <a class="small playing" href={`/game/${r.playing}`} onClick={linkClick}>
                      {t("arena.playing")}
                    </a>
                  </>
                ) : null}
                {r.active ? null : <span class="small muted"> {t("arena.withdrawn")}</span>}
                {r.performance ? (
                  <span class="small muted"> {t("arena.performance", { n: r.performance })}</span>
                ) : null}
              </th>
              <td>
                <Sheet sheet={r.sheet} />
              </td>
              <td class="points" data-testid="points">
                <strong>{r.points}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Podium({ rows }: { rows: Pick<Standing, "rank" | "name" | "account" | "points">[] }) {
  const top = rows.slice(0, 3);
  if (top.length === 0) return null;
  return (
    <section class="podium" aria-labelledby="podium-h" data-testid="podium">
      <h2 id="podium-h">{t("arena.podium")}</h2>
      <ol>
        {top.map((r) => (
          <li key={r.account || r.name} class={`place-${r.rank}`}>
            <span class="place">{t("arena.place", { n: r.rank })}</span> {playerLink(r.name)}{" "}
            <span class="small">{t("arena.points", { n: r.points })}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function resultText(p: Pairing): string {
  if (p.status === "active") return t("arena.pairing_playing");
  if (p.status === "aborted") return t("arena.pairing_aborted");
  return p.result === "1/2-1/2" ? "½-½" : p.result;
}

export function PairingsList({ pairings }: { pairings: Pairing[] }) {
  if (pairings.length === 0) return <p class="small muted">{t("arena.no_pairings")}</p>;
  return (
    <ul class="pairings" data-testid="pairings">
      {pairings.map((p) => (
        <li key={p.game} class={p.status}>
          <a href={`/game/${p.game}`} onClick={linkClick}>
            {t("arena.pairing", { white: p.white, black: p.black })}
          </a>{" "}
          <span class="small">{resultText(p)}</span>
        </li>
      ))}
    </ul>
  );
}

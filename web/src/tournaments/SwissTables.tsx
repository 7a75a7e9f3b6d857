// A Swiss event's table (rank, player, one mark a round with its opponent and colour, points,
// Buchholz, Sonneborn-Berger) and the current round's boards.
import { t } from "../i18n";
import { linkClick } from "../ui/router";
import { boardResult, cellMark, halfPoints, type SwissBoard, type SwissCell, type SwissRow } from "./swiss";

function cellTitle(c: SwissCell): string {
  const what = t(`swiss.result_${c.result}`);
  if (!c.opponent) return `${t("swiss.round_n", { n: c.round })}: ${what}`;
  return t("swiss.cell_title", {
    round: c.round,
    result: what,
    opponent: c.opponent,
    colour: t(c.colour === "white" ? "swiss.white" : "swiss.black"),
  });
}

function Cell({ c }: { c: SwissCell }) {
  const mark = cellMark(c);
  const cls = `swiss-cell result-${c.result}${c.colour ? ` colour-${c.colour}` : ""}`;
  return (
    <td class={cls} title={cellTitle(c)} data-testid="swiss-cell" data-result={c.result}>
      {c.game ? (
        <a href={`/game/${c.game}`} onClick={linkClick}>
          <span aria-hidden="true">{mark}</span>
          <span class="sr-only">{cellTitle(c)}</span>
        </a>
      ) : (
        <>
          <span aria-hidden="true">{mark}</span>
          <span class="sr-only">{cellTitle(c)}</span>
        </>
      )}
    </td>
  );
}

export function SwissStandingsTable(props: { rows: SwissRow[]; rounds: number; me: string | null }) {
  const { rows } = props;
  if (rows.length === 0) return <p class="small muted">{t("arena.no_players")}</p>;
  const paired = Math.max(0, ...rows.map((r) => r.rounds.length));
  return (
    <div class="table-scroll">
      <table class="arena-table standings swiss" data-testid="standings">
        <thead>
          <tr>
            <th scope="col">{t("arena.col_rank")}</th>
            <th scope="col">{t("arena.col_player")}</th>
            {Array.from({ length: paired }, (_, i) => (
              <th scope="col" key={i} title={t("swiss.round_n", { n: i + 1 })}>
                {i + 1}
              </th>
            ))}
            <th scope="col">{t("arena.col_points")}</th>
            <th scope="col" title={t("swiss.buchholz_help")}>
              {t("swiss.col_buchholz")}
            </th>
            <th scope="col" title={t("swiss.sb_help")}>
              {t("swiss.col_sb")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.account || r.name}
              class={`${r.name === props.me ? "me" : ""}${r.active ? "" : " withdrawn"}`}
              data-testid="standing"
              data-name={r.name}
              data-points={r.points}
            >
              <td>{r.rank}</td>
              <th scope="row">
                <a href={`/@/${encodeURIComponent(r.name)}`} onClick={linkClick}>
                  {r.name}
                </a>{" "}
                <span class="small muted">{r.rating}</span>
                {r.active ? null : <span class="small muted"> {t("arena.withdrawn")}</span>}
              </th>
              {r.rounds.map((c) => (
                <Cell key={c.round} c={c} />
              ))}
              <td class="points" data-testid="points">
                <strong>{halfPoints(r.points)}</strong>
              </td>
              <td>{halfPoints(r.buchholz)}</td>
              <td>{r.sonneborn_berger}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SwissBoards({ boards, round }: { boards: SwissBoard[]; round: number }) {
  if (boards.length === 0) return <p class="small muted">{t("arena.no_pairings")}</p>;
  return (
    <>
      <h3 class="small">{t("swiss.round_n", { n: round })}</h3>
      <ol class="pairings swiss-boards" data-testid="pairings">
        {boards.map((b) => (
          <li key={b.board} class={b.status} data-testid="swiss-board">
            {b.bye || !b.game ? (
              <span>{t("swiss.bye", { name: b.white })}</span>
            ) : (
              <a href={`/game/${b.game}`} onClick={linkClick}>
                {t("arena.pairing", { white: b.white, black: b.black ?? "" })}
              </a>
            )}{" "}
            <span class="small">{b.status === "active" ? t("arena.pairing_playing") : boardResult(b)}</span>
          </li>
        ))}
      </ol>
    </>
  );
}

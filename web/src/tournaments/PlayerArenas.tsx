// A player's arenas on their page (GET /api/tournaments?player=NAME): the newest 20 they
// joined, each linked, with their place and points. The player page (players/) cannot import
// this module, so the app hands it to the page as a child.
import { useEffect, useState } from "preact/hooks";
import { t } from "../i18n";
import { linkClick } from "../ui/router";
import { type ArenaSummary, arenaClock, arenas } from "./arena";

export function PlayerArenas(props: { name: string }) {
  const [list, setList] = useState<(ArenaSummary & { result?: { rank: number; points: number; games: number } })[]>([]);
  useEffect(() => {
    let stopped = false;
    arenas.ofPlayer(props.name).then(
      (r) => {
        if (!stopped) setList(r.tournaments);
      },
      () => {
        if (!stopped) setList([]);
      },
    );
    return () => {
      stopped = true;
    };
  }, [props.name]);
  if (!list.length) return null;
  return (
    <section data-testid="player-arenas">
      <h2>{t("arena.player_arenas")}</h2>
      <ul class="game-list">
        {list.map((a) => (
          <li key={a.id}>
            <a href={`/tournament/${a.id}`} onClick={linkClick}>
              {a.name}
            </a>{" "}
            <span class="small">
              {arenaClock(a.clock)}
              {a.result
                ? ` · ${t("arena.player_result", { rank: a.result.rank, players: a.players, points: a.result.points })}`
                : ""}
              {a.status !== "finished"
                ? ` · ${t(a.status === "running" ? "arena.group_running" : "arena.group_upcoming")}`
                : ""}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

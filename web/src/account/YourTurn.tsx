// "Your turn (N)" in the header of every page, and the page of the account's ongoing games
// (/games) it links to: those where it is the account's turn first, by time left
// (GET /api/account/games, asked again every 30 s while logged in).
import { t } from "../i18n";
import { type OngoingGame, useAccount, useOngoingGames } from "../net/account";
import { describeClock } from "../net/api";
import { nameKind } from "../ui/names";
import { PlayerName, withName } from "../ui/PlayerName";
import { linkClick } from "../ui/router";

/** How long until `deadline`, in the largest whole unit (days, hours, minutes). */
export function timeLeft(deadline: number, now: number): string {
  const ms = Math.max(0, deadline - now);
  if (ms >= 86400000) return t("turns.days", { n: Math.floor(ms / 86400000) });
  if (ms >= 3600000) return t("turns.hours", { n: Math.floor(ms / 3600000) });
  return t("turns.minutes", { n: Math.floor(ms / 60000) });
}

export function YourTurnLink() {
  const games = useOngoingGames();
  const n = games.filter((g) => g.your_turn).length;
  if (n === 0) return null;
  return (
    <a class="your-turn-link" href="/games" onClick={linkClick} data-testid="your-turn-link">
      {t("turns.link", { n })}
    </a>
  );
}

/** The opponent as a row shows it: "Ada (1500)", a guest's marked name; not a link (the row is). */
function Opponent({
  name,
  account,
  rating,
  bot,
}: {
  name: string;
  account: boolean;
  rating: number | null;
  bot: boolean;
}) {
  const kind = nameKind(name, account);
  return (
    <>
      <PlayerName name={name} kind={kind} bot={bot} link={false} />
      {rating !== null ? ` (${rating})` : ""}
    </>
  );
}

function GameRow({ g }: { g: OngoingGame }) {
  const o = g.opponent;
  const who = o.name ? <Opponent name={o.name} account={o.account} rating={o.rating} bot={o.bot} /> : null;
  return (
    <li class={g.your_turn ? "ongoing your-turn" : "ongoing"} data-testid="ongoing-game">
      <a href={`/game/${g.id}`} onClick={linkClick}>
        <strong>
          {g.your_turn ? t("turns.your_turn") : who ? withName("turns.waiting", {}, who) : t("turns.open")}
        </strong>
        {g.your_turn && who ? <> · {who}</> : ""} · {t(`color.${g.color}`)} · {describeClock(g.time_control)}
        {g.deadline !== null ? ` · ${t("turns.left", { time: timeLeft(g.deadline, Date.now()) })}` : ""}
      </a>
    </li>
  );
}

export function GamesPage() {
  const account = useAccount();
  const games = useOngoingGames();
  return (
    <main class="page narrow" data-testid="games-page">
      <h1>{t("turns.title")}</h1>
      {account === null ? (
        <p>{t("turns.login")}</p>
      ) : games.length === 0 ? (
        <p>{t("turns.none")}</p>
      ) : (
        <ul class="ongoing-games">
          {games.map((g) => (
            <GameRow g={g} key={g.id} />
          ))}
        </ul>
      )}
    </main>
  );
}

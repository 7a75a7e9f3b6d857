// /@/<name>: a player's ratings per category ("1500?" while provisional), the puzzle rating,
// wins/draws/losses, the rating graph of a category (an SVG drawn here), and the games, paginated and filtered
// by opponent, result and category, each linking to its replay. /leaderboard: the best
// established ratings of a category.
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { categoryName, lang, t } from "../i18n";
import { useAccount } from "../net/account";
import { nameKind } from "../ui/names";
import { PlayerName } from "../ui/PlayerName";
import { linkClick } from "../ui/router";
import { shownRating } from "../ui/status";
import {
  CATEGORIES,
  type Category,
  type GameFilter,
  type GamesPage,
  graphPoints,
  type HistoryPoint,
  type Profile,
  players,
  shortDate,
} from "./players";

/**
 * The rating after each rated game: a dot per game (its date and rating in its tooltip), joined
 * by a line from the second game on; the highest and lowest ratings on the left, the first and
 * last dates below.
 */
function RatingGraph(props: { points: HistoryPoint[] }) {
  const W = 480;
  const H = 160;
  const BELOW = 16;
  const g = graphPoints(props.points, W, H);
  if (!g.path) return <p class="small">{t("player.no_rated_games")}</p>;
  const first = props.points[0] as HistoryPoint;
  const last = props.points[props.points.length - 1] as HistoryPoint;
  return (
    <svg
      class="rating-graph"
      viewBox={`0 0 ${W} ${H + BELOW}`}
      role="img"
      aria-label={t("player.graph")}
      data-testid="rating-graph"
    >
      <text x="2" y="12" class="axis">
        {g.max}
      </text>
      <text x="2" y={H - 2} class="axis">
        {g.min}
      </text>
      <text x="10" y={H + BELOW - 3} class="axis" data-testid="graph-first-date">
        {shortDate(first.at, lang())}
      </text>
      {props.points.length > 1 ? (
        <text x={W - 10} y={H + BELOW - 3} class="axis" text-anchor="end" data-testid="graph-last-date">
          {shortDate(last.at, lang())}
        </text>
      ) : null}
      {props.points.length > 1 ? <path d={g.path} fill="none" stroke="currentColor" stroke-width="2" /> : null}
      {g.dots.map((d, i) => {
        const p = props.points[i] as HistoryPoint;
        return (
          <circle cx={d.x} cy={d.y} r="4" class="dot" key={p.game} data-testid="graph-dot">
            <title>{`${shortDate(p.at, lang())}: ${Math.round(p.rating)}`}</title>
          </circle>
        );
      })}
    </svg>
  );
}

/** A labelled select. */
function Choice<T extends string>(props: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  set: (v: T) => void;
}) {
  return (
    <label>
      {props.label}
      <select value={props.value} onChange={(e) => props.set((e.target as HTMLSelectElement).value as T)}>
        {props.options.map((o) => (
          <option value={o.value} key={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

const categoryOptions = () => CATEGORIES.map((c) => ({ value: c, label: categoryName(c) }));

function Games(props: { name: string }) {
  const [filter, setFilter] = useState<GameFilter>({ page: 1, opponent: "", result: "", category: "" });
  const [page, setPage] = useState<GamesPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    players.games(props.name, filter).then(setPage, (e: Error) => setError(e.message));
  }, [props.name, filter]);
  const set = (f: Partial<GameFilter>) => setFilter({ ...filter, page: 1, ...f });
  const pages = page ? Math.max(1, Math.ceil(page.total / page.per_page)) : 1;
  return (
    <section data-testid="player-games">
      <h2>{t("player.games")}</h2>
      <div class="filters">
        <label>
          {t("player.opponent")}
          <input value={filter.opponent} onChange={(e) => set({ opponent: (e.target as HTMLInputElement).value })} />
        </label>
        <Choice<GameFilter["result"]>
          label={t("player.result")}
          value={filter.result}
          options={[
            { value: "", label: t("player.any") },
            { value: "win", label: t("player.win") },
            { value: "draw", label: t("player.draw") },
            { value: "loss", label: t("player.loss") },
          ]}
          set={(result) => set({ result })}
        />
        <Choice<GameFilter["category"]>
          label={t("player.category")}
          value={filter.category}
          options={[{ value: "", label: t("player.any") }, ...categoryOptions()]}
          set={(category) => set({ category })}
        />
      </div>
      {error ? <p role="alert">{error}</p> : null}
      <ul class="game-list">
        {(page?.games ?? []).map((g) => (
          <li key={g.id} data-testid="player-game">
            {g.white ? <PlayerName name={g.white} kind={nameKind(g.white, g.white_account)} /> : "?"} –{" "}
            {g.black ? <PlayerName name={g.black} kind={nameKind(g.black, g.black_account)} /> : "?"}{" "}
            <span class="small">
              {/* The names link to the players' pages: the outcome links to the game's replay. */}
              <a href={`/replay/${g.id}`} onClick={linkClick}>
                {g.outcome ? t(`player.${g.outcome}`) : t("player.unfinished")}
              </a>{" "}
              · {categoryName(g.category)}
              {g.rating ? ` · ${g.rating.diff >= 0 ? "+" : ""}${g.rating.diff}` : ""}
            </span>
          </li>
        ))}
      </ul>
      <div class="actions">
        <button
          type="button"
          disabled={filter.page <= 1}
          onClick={() => setFilter({ ...filter, page: filter.page - 1 })}
        >
          {t("player.newer")}
        </button>
        <span>{t("player.page", { page: filter.page, pages })}</span>
        <button
          type="button"
          disabled={filter.page >= pages}
          onClick={() => setFilter({ ...filter, page: filter.page + 1 })}
        >
          {t("player.older")}
        </button>
      </div>
    </section>
  );
}

/** `children`: what other modules add below the games (the app passes the player's arenas). */
export function PlayerPage(props: { name: string; children?: ComponentChildren }) {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [category, setCategory] = useState<Category | null>(null);
  const [history, setHistory] = useState<HistoryPoint[]>([]);
  useEffect(() => {
    players.profile(props.name).then(
      (p) => {
        setProfile(p);
        setCategory(p.ratings[0]?.category ?? null);
      },
      (e: Error) => setError(e.message),
    );
  }, [props.name]);
  useEffect(() => {
    if (category) players.history(props.name, category).then(setHistory, () => setHistory([]));
  }, [props.name, category]);
  if (error)
    return (
      <main class="page narrow" data-testid="player-page">
        <p role="alert">{error}</p>
      </main>
    );
  if (!profile)
    return (
      <main class="page narrow" data-testid="player-page">
        <p role="status">{t("account.loading")}</p>
      </main>
    );
  const tot = profile.totals;
  return (
    <main class="page narrow player-page" data-testid="player-page">
      <h1>
        {profile.bot ? (
          <>
            <span class="bot-badge" data-testid="bot-badge" title={t("player.bot_title")}>
              {t("player.bot")}
            </span>{" "}
          </>
        ) : null}
        {profile.name}
      </h1>
      <p data-testid="player-totals">{t("player.totals", tot)}</p>
      <table class="ratings" data-testid="player-ratings">
        <tbody>
          {profile.ratings.map((r) => (
            <tr key={r.category}>
              <th>
                <button type="button" class="link" onClick={() => setCategory(r.category)}>
                  {categoryName(r.category)}
                </button>
              </th>
              <td>{shownRating(r.rating, r.provisional)}</td>
              <td class="small">
                {t("player.category_games", { games: r.games, wins: r.wins, draws: r.draws, losses: r.losses })}
              </td>
            </tr>
          ))}
          {profile.puzzles ? (
            <tr data-testid="player-puzzles">
              <th>
                <a href="/puzzles" onClick={linkClick}>
                  {t("player.puzzles")}
                </a>
              </th>
              <td>{shownRating(profile.puzzles.rating, profile.puzzles.provisional)}</td>
              <td class="small">
                {t("player.puzzle_counts", { solved: profile.puzzles.solved, attempts: profile.puzzles.attempts })}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {category ? <RatingGraph points={history} /> : <p class="small">{t("player.no_rated_games")}</p>}
      <p>
        <a href={players.recordsLink(profile.name)} download={`${profile.name}.txt`}>
          {t("player.download")}
        </a>
      </p>
      <Games name={profile.name} />
      {props.children}
    </main>
  );
}

type Rows = { name: string; rating: number; games: number }[];

export function LeaderboardPage() {
  const account = useAccount();
  const [category, setCategory] = useState<Category>("blitz");
  // null while loading, "unreachable" when the server did not answer.
  const [rows, setRows] = useState<Rows | "unreachable" | null>(null);
  const [online, setOnline] = useState<string[] | "unreachable" | null>(null);
  useEffect(() => {
    players.online().then(setOnline, () => setOnline("unreachable"));
  }, []);
  useEffect(() => {
    setRows(null);
    players.leaderboard(category).then(setRows, () => setRows("unreachable"));
  }, [category]);
  const others = Array.isArray(online) ? online.filter((n) => n !== account?.name) : [];
  return (
    <main class="page narrow" data-testid="leaderboard">
      <h1>{t("leaderboard.title")}</h1>
      <Choice<Category> label={t("player.category")} value={category} options={categoryOptions()} set={setCategory} />
      <p role="status" data-testid="leaderboard-state">
        {rows === null
          ? t("leaderboard.loading")
          : rows === "unreachable"
            ? t("leaderboard.unreachable")
            : rows.length === 0
              ? t("leaderboard.empty")
              : null}
      </p>
      <ol>
        {(Array.isArray(rows) ? rows : []).map((r) => (
          <li key={r.name}>
            <a href={`/@/${encodeURIComponent(r.name)}`} onClick={linkClick}>
              {r.name}
            </a>{" "}
            {r.rating} <span class="small">{t("leaderboard.games", { games: r.games })}</span>
          </li>
        ))}
      </ol>
      <h2>{t("leaderboard.online")}</h2>
      <p data-testid="online-now">
        {online === null
          ? t("leaderboard.loading")
          : online === "unreachable"
            ? t("leaderboard.unreachable")
            : others.length === 0
              ? account
                ? t("leaderboard.online_only_you")
                : t("leaderboard.online_none")
              : online.map((name, i) => (
                  <span key={name}>
                    {i > 0 ? ", " : ""}
                    <a href={`/@/${encodeURIComponent(name)}`} onClick={linkClick}>
                      {name}
                    </a>
                  </span>
                ))}
      </p>
    </main>
  );
}

// The panel shown when a game ends: who won and why, rematch (offer, accept, decline; not in
// an arena, which pairs its players itself), replay, analysis of the whole game, new game. Declining is the player's own: the server keeps no refusal, so the
// panel hides the offer and a chat line tells the other player.
import { useState } from "preact/hooks";
import { analysisLink } from "../analysis/analysis";
import { t } from "../i18n";
import type { Color, Game, RatingsMessage } from "../net/types";
import { linkClick } from "../ui/router";
import { describeResult, other } from "../ui/status";

export function GameOver(props: {
  game: Game;
  role: Color | "spectator";
  names: Record<Color, string>;
  send: (msg: Record<string, unknown>) => boolean;
  ratings?: RatingsMessage | null;
}) {
  const { game, role, names, send, ratings } = props;
  const st = game.state;
  const [declined, setDeclined] = useState(false);
  const seated = role !== "spectator";
  const opp = seated ? other(role) : null;
  const offeredByMe = seated && st.rematch.offered.includes(role);
  const offeredToMe = !!opp && st.rematch.offered.includes(opp) && !offeredByMe && !declined;
  const result = describeResult(st.result, st.status, game.variant, names);
  const youWon = seated && st.result?.winner === role;
  const youLost = seated && !!st.result?.winner && st.result.winner !== role;
  return (
    <section class="game-over" data-testid="game-over" aria-labelledby="game-over-h" aria-live="polite">
      <h2 id="game-over-h">{st.status === "aborted" ? t("over.aborted_title") : t("over.title")}</h2>
      <p class="result" data-testid="status">
        <strong>{result}</strong>
      </p>
      {youWon ? <p class="small">{t("over.you_won")}</p> : youLost ? <p class="small">{t("over.you_lost")}</p> : null}
      {ratings ? <RatingChanges ratings={ratings} names={names} /> : null}
      {offeredToMe && opp ? (
        <p class="notice" role="status">
          {t("over.rematch_offered", { name: names[opp] })}
        </p>
      ) : null}
      <div class="actions">
        {seated && st.status === "over" && !declined && !game.tournament ? (
          <button
            type="button"
            class="primary"
            onClick={() => send({ type: "rematch" })}
            disabled={offeredByMe || !!st.rematch.new_game}
          >
            {offeredByMe ? t("over.rematch_sent") : offeredToMe ? t("over.accept_rematch") : t("over.rematch")}
          </button>
        ) : null}
        {offeredToMe ? (
          <button
            type="button"
            onClick={() => {
              setDeclined(true);
              send({ type: "chat", text: t("over.declined_chat") });
            }}
          >
            {t("over.decline")}
          </button>
        ) : null}
        {!seated && st.rematch.new_game ? (
          <a class="button" href={`/game/${st.rematch.new_game}`} onClick={linkClick}>
            {t("over.watch_rematch")}
          </a>
        ) : null}
        {st.status === "over" ? (
          <a class="button" href={`/replay/${game.id}`} onClick={linkClick}>
            {t("over.replay")}
          </a>
        ) : null}
        {st.status === "over" ? (
          <a class="button" data-testid="over-report" href={`/replay/${game.id}#report`} onClick={linkClick}>
            {t("over.report")}
          </a>
        ) : null}
        {st.status === "over" ? (
          <a
            class="button"
            data-testid="over-analyse"
            href={analysisLink(game.start, game.decisions)}
            onClick={linkClick}
          >
            {t("over.analyse")}
          </a>
        ) : null}
        <a class="button" href="/" onClick={linkClick}>
          {t("over.new_game")}
        </a>
      </div>
    </section>
  );
}

/** The rated game's changes: "alice: 1500? → 1662? (+162)" per player (not the AI). */
function RatingChanges(props: { ratings: RatingsMessage; names: Record<Color, string> }) {
  const sides = (["white", "black"] as const).filter((c) => props.ratings[c]);
  return (
    <ul class="rating-changes" data-testid="rating-changes">
      {sides.map((c) => {
        const r = props.ratings[c];
        if (!r) return null;
        const mark = r.provisional ? "?" : "";
        return (
          <li key={c}>
            {t("over.rating_change", {
              name: props.names[c],
              after: `${r.after}${mark}`,
              diff: r.diff >= 0 ? `+${r.diff}` : `${r.diff}`,
            })}
          </li>
        );
      })}
    </ul>
  );
}

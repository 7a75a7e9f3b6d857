// What a game of a tournament adds to the game page: the way back to the tournament, Berserk
// (in an arena, not in a Swiss event) for a player before their first decision (POST /api/tournaments/<id>/berserk: half the clock, no
// increment, a point more for a win), and, once the game is over, the player's next game of
// the arena as soon as it is paired (follow.ts). The server makes an arena's games, so a browser
// may open one without its seat's token: the account's games give it (GET /api/account/games).
import { useEffect, useState } from "preact/hooks";
import { t } from "../i18n";
import { accountGames } from "../net/account";
import { errorText, loadToken } from "../net/api";
import { linkClick } from "../ui/router";
import { arenas } from "./arena";
import { useArenaNotice, useNextArenaGame } from "./follow";

export function ArenaGameBar(props: {
  tournament: string;
  game: string;
  /** The viewer holds a seat. */
  seated: boolean;
  /** The game is over (or aborted). */
  over: boolean;
  /** Berserk is still possible: a seat's player in a game not over, before their first decision. */
  canBerserk: boolean;
  /** After a berserk: the game page asks for the new clocks. */
  onBerserk: () => void;
  /** The account holds a seat of this game but the page follows it without a token. */
  needsToken: boolean;
  /** The seat's token, found among the account's games. */
  onToken: (token: string) => void;
  onError: (message: string | null) => void;
}) {
  const [berserked, setBerserked] = useState(false);
  const [busy, setBusy] = useState(false);
  // The tournament's kind: only an arena has berserk.
  const [kind, setKind] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    arenas
      .get(props.tournament)
      .then((a) => !stopped && setKind(a.kind))
      .catch(() => !stopped && setKind(null));
    return () => {
      stopped = true;
    };
  }, [props.tournament]);
  useArenaNotice(props.tournament, props.over);
  useNextArenaGame(props.tournament, props.game, props.over && props.seated);
  useEffect(() => {
    if (!props.needsToken) return;
    let stopped = false;
    accountGames.refresh().then(() => {
      const saved = loadToken(props.game);
      if (saved && !stopped) props.onToken(saved.token);
    });
    return () => {
      stopped = true;
    };
  }, [props.needsToken, props.game]);

  const berserk = async () => {
    setBusy(true);
    props.onError(null);
    try {
      await arenas.berserk(props.tournament, props.game);
      setBerserked(true);
      props.onBerserk();
    } catch (e) {
      props.onError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="arena-bar actions small" data-testid="arena-bar">
      <a href={`/tournament/${props.tournament}`} onClick={linkClick} data-testid="back-to-arena">
        {t("arena.back")}
      </a>
      {props.canBerserk && kind === "arena" && !berserked ? (
        <button
          type="button"
          class="berserk-button"
          disabled={busy}
          title={t("arena.berserk_help")}
          onClick={berserk}
          data-testid="berserk"
        >
          {t("arena.berserk")}
        </button>
      ) : null}
      {berserked ? (
        <span role="status" data-testid="berserked">
          {t("arena.berserked")}
        </span>
      ) : null}
    </div>
  );
}

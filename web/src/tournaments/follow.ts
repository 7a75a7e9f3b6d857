// Following a player from one arena game to the next, without a click (docs/api.md 2.7): the
// arena's page and a finished game of the arena go to the player's new game when the notice
// `tournament_game` says so, and also when polling the arena shows one (a notice can be missed
// while the notice socket reconnects).
import { useEffect, useRef } from "preact/hooks";
import { accountGames } from "../net/account";
import { autoStart, loadToken } from "../net/api";
import { onNotice } from "../net/notices";
import { navigate } from "../ui/router";
import { arenas, gameToFollow } from "./arena";

/**
 * Opens game `game` with the player's seat: the seat's token comes from the account's games
 * (GET /api/account/games keeps it in this browser) and the game page agrees to start it.
 */
export async function goToGame(game: string): Promise<void> {
  if (!loadToken(game)) await accountGames.refresh();
  autoStart.add(game);
  navigate(`/game/${game}`);
}

/** Goes to the player's next game of `tournament` when the notice socket announces one. */
export function useArenaNotice(tournament: string | null, enabled: boolean): void {
  useEffect(() => {
    if (!tournament || !enabled) return;
    return onNotice((m) => {
      if (m.kind === "tournament_game" && m.tournament === tournament) goToGame(m.game);
    });
  }, [tournament, enabled]);
}

/**
 * On a finished game `current` of arena `tournament`: asks the arena every `everyMs` while the
 * page is visible, and goes to the player's next game as soon as it has one.
 */
export function useNextArenaGame(tournament: string | null, current: string, enabled: boolean, everyMs = 2000): void {
  const gone = useRef(false);
  useEffect(() => {
    if (!tournament || !enabled) return;
    let stopped = false;
    const look = async () => {
      if (stopped || gone.current || document.hidden) return;
      try {
        const a = await arenas.get(tournament);
        const next = gameToFollow(a, current);
        if (next && !stopped && !gone.current) {
          gone.current = true;
          await goToGame(next);
        }
      } catch {
        // The next look tries again.
      }
    };
    look();
    const timer = setInterval(look, everyMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [tournament, current, enabled, everyMs]);
}

// A correspondence opponent on vacation (docs/api.md 2.1 "Vacation"): the game's state says
// until when a seat's clock is paused (`clocks.vacation`), and the player strip shows it beside
// that seat's clock.
import { formatWhen, t } from "../i18n";
import type { Clocks, Color } from "../net/types";

/** When `side`'s vacation ends, while it lasts at `now` (the server's time); null otherwise. */
export function vacationUntil(clocks: Clocks | null, side: Color, now: number): number | null {
  const until = clocks?.vacation?.[side];
  return typeof until === "number" && until > now ? until : null;
}

/** "on vacation until 12 May, 14:30" beside the clock of a seat on vacation; nothing otherwise. */
export function OnVacation({ clocks, side, now }: { clocks: Clocks | null; side: Color; now: number }) {
  const until = vacationUntil(clocks, side, now);
  if (until === null) return null;
  return (
    <span class="tag vacation" data-testid={`vacation-${side}`}>
      {t("player.vacation", { date: formatWhen(until) })}
    </span>
  );
}

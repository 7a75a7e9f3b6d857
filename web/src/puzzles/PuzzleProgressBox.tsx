// The trainer's progress box (/puzzles): the puzzle rating ("1216?" while an account's is
// provisional), solved of tried, an account's latest rated attempts, and whose it is: the account's (with a note when this
// browser also holds a guest's, which is not used while logged in) or this browser's.
import { t } from "../i18n";
import { linkClick } from "../ui/router";
import type { ShownProgress } from "./puzzleProgress";
import type { Progress } from "./puzzles";

function counts(p: Progress) {
  const done = Object.values(p.done);
  return { solved: done.filter((v) => v === "solved").length, tried: done.length };
}

export function shownPuzzleRating(p: ShownProgress): string {
  return `${p.rating}${p.provisional ? "?" : ""}`;
}

export function PuzzleProgress(props: { progress: ShownProgress; guest: Progress; error: string | null }) {
  const { progress, guest } = props;
  const guestTried = Object.keys(guest.done).length;
  return (
    <section class="moves-box" data-testid="puzzle-progress" data-account={progress.account ? "yes" : "no"}>
      <h2>{t("puzzle.progress_title")}</h2>
      <p data-testid="puzzle-rating">{t("puzzle.rating", { rating: shownPuzzleRating(progress) })}</p>
      <p class="small muted">{t(progress.account ? "puzzle.progress_account" : "puzzle.progress", counts(progress))}</p>
      {progress.recent.length > 0 ? (
        <ol class="small" data-testid="puzzle-recent" aria-label={t("puzzle.recent")}>
          {progress.recent.map((a) => (
            <li key={a.puzzle}>
              <a href={`/puzzles#${a.puzzle}`} onClick={linkClick}>
                {a.puzzle}
              </a>{" "}
              {t(a.solved ? "puzzle.recent_solved" : "puzzle.recent_failed", {
                diff: `${a.diff >= 0 ? "+" : ""}${a.diff}`,
              })}
            </li>
          ))}
        </ol>
      ) : null}
      {progress.account && guestTried > 0 ? (
        <p class="small muted" data-testid="puzzle-guest-note">
          {t("puzzle.guest_note", { rating: guest.rating, tried: guestTried })}
        </p>
      ) : null}
      {!progress.account ? (
        <p class="small">
          <a href="/account" onClick={linkClick}>
            {t("puzzle.login_hint")}
          </a>
        </p>
      ) : null}
      {props.error ? (
        <p class="small" role="alert">
          {t("puzzle.save_failed", { message: props.error })}
        </p>
      ) : null}
      <p class="small">
        <a href="/learn" onClick={linkClick}>
          {t("puzzle.learn_link")}
        </a>
      </p>
    </section>
  );
}

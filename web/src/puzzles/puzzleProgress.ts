// Whose puzzle progress the trainer shows (/puzzles): a logged-in account's, kept by the server
// (docs/api.md 2.3: a Glicko-2 puzzle rating, only the first attempt at each puzzle rated), or
// a guest's, kept in this browser (puzzles.ts: Elo, localStorage). When a guest with a rating
// in this browser logs in, the account's rating is used; the browser's stays as it was (it is
// neither sent nor merged) and comes back after logging out.
import { useEffect, useState } from "preact/hooks";
import { type Account, useAccount } from "../net/account";
import { request } from "../net/api";
import type { PuzzleRating } from "../net/types";
import { loadProgress, type Progress, type Puzzle, recordResult, saveProgress } from "./puzzles";

export interface PuzzleAttemptResult {
  puzzle: string;
  solved: boolean;
  at: number;
  before: number;
  after: number;
  diff: number;
  puzzle_rating: number;
}
export interface AccountPuzzles extends PuzzleRating {
  recent: PuzzleAttemptResult[];
  done: Record<string, "solved" | "failed">;
}
export interface AttemptReply {
  counted: boolean;
  attempt: PuzzleAttemptResult;
  rating: PuzzleRating;
}

export const accountPuzzles = {
  load: () => request<AccountPuzzles>("GET", "/api/account/puzzles"),
  /** The server replays `line` (the attempt's decisions) and judges it itself. */
  submit: (puzzle: string, line: string[]) =>
    request<AttemptReply>("POST", "/api/account/puzzles/attempts", { puzzle, line }),
};

/** How many recent attempts the trainer lists (the server sends up to 20). */
export const RECENT_SHOWN = 5;

/**
 * The trainer's view of the progress: whose it is, "?" while an account's is provisional, and
 * an account's latest rated attempts, newest first (none for a guest).
 */
export interface ShownProgress extends Progress {
  account: boolean;
  provisional: boolean;
  recent: PuzzleAttemptResult[];
}

export function guestProgress(p: Progress): ShownProgress {
  return { ...p, account: false, provisional: false, recent: [] };
}

export function accountProgress(a: AccountPuzzles): ShownProgress {
  return {
    rating: a.rating,
    done: { ...a.done },
    account: true,
    provisional: a.provisional,
    recent: a.recent.slice(0, RECENT_SHOWN),
  };
}

/** The account's progress after the server's answer to an attempt (counted or not). */
export function afterAttempt(p: ShownProgress, r: AttemptReply): ShownProgress {
  return {
    ...p,
    rating: r.rating.rating,
    provisional: r.rating.provisional,
    done: { ...p.done, [r.attempt.puzzle]: r.attempt.solved ? "solved" : "failed" },
    recent: r.counted ? [r.attempt, ...p.recent].slice(0, RECENT_SHOWN) : p.recent,
  };
}

export interface PuzzleProgressState {
  /** null while the account's is loading (or could not be loaded: see `error`). */
  progress: ShownProgress | null;
  account: Account | null | undefined;
  /** The guest's progress in this browser (shown as a note while an account's is used). */
  guest: Progress;
  error: string | null;
  record: (puzzle: Puzzle, solved: boolean, line: string[]) => void;
}

/** The progress of whoever is here: the account's from the server, else this browser's. */
export function usePuzzleProgress(): PuzzleProgressState {
  const account = useAccount();
  const [guest, setGuest] = useState<Progress>(loadProgress);
  const [mine, setMine] = useState<ShownProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = account?.name ?? null;
  useEffect(() => {
    setMine(null);
    setError(null);
    if (!name) return;
    let live = true;
    accountPuzzles.load().then(
      (a) => live && setMine(accountProgress(a)),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [name]);
  const progress = account === undefined ? null : account ? mine : guestProgress(guest);
  const record = (puzzle: Puzzle, solved: boolean, line: string[]) => {
    if (!account) {
      const n = recordResult(guest, puzzle, solved);
      saveProgress(n);
      return setGuest(n);
    }
    if (mine?.done[puzzle.id]) return; // only the first attempt is rated; the server knows it
    accountPuzzles.submit(puzzle.id, line).then(
      (r) => setMine((p) => (p ? afterAttempt(p, r) : p)),
      (e: Error) => setError(e.message),
    );
  };
  return { progress, account, guest, error, record };
}

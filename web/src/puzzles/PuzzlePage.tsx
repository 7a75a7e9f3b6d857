// The puzzle trainer (/puzzles, /puzzles#p0001 for one puzzle): a position from the engine's
// own games where one line wins a ring (or saves one). The player decides on the board; the
// rules core counts the rings (puzzles.ts); when the player leaves the engine's solution, the
// engine (Web Worker) plays on to see whether their line still reaches the goal, and a wrong
// answer is explained with the engine's line. The progress and the puzzle rating are the
// account's, kept by the server, or a guest's in the browser (puzzleProgress.ts).
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Position } from "../board/types";
import { EngineClient, EngineStopped } from "../engine/client";
import { legalDecisions, replay } from "../engine/rules";
import { colorName, t, useLang } from "../i18n";
import { Board } from "../ui/Board";
import { navigate } from "../ui/router";
import { PuzzleProgress, shownPuzzleRating } from "./PuzzleProgressBox";
import { type ShownProgress, usePuzzleProgress } from "./puzzleProgress";
import {
  type Attempt,
  lineReachesGoal,
  type Next,
  nextPuzzle,
  type Progress,
  PUZZLES_URL,
  type Puzzle,
  playDecision,
  readPuzzleSet,
  startAttempt,
} from "./puzzles";

type Verdict = "playing" | "thinking" | "solved" | "failed";

/** Engine lines are shown to this many decisions. */
const SHOWN = 8;
const REPLY_DELAY_MS = 350;
/** The solution shown on the board: one decision this often. */
const SHOW_STEP_MS = 800;

function usePuzzles(): Puzzle[] | string | null {
  const [set, setSet] = useState<Puzzle[] | string | null>(null);
  useEffect(() => {
    fetch(PUZZLES_URL)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then(
        (d) => setSet(readPuzzleSet(d)),
        (e) => setSet(t("puzzle.load_failed", { message: e instanceof Error ? e.message : String(e) })),
      );
  }, []);
  return set;
}

function Line({ label, moves, testid }: { label: string; moves: readonly string[]; testid: string }) {
  if (!moves.length) return null;
  const shown = moves.slice(0, SHOWN).join(" ");
  return (
    <p class="small" data-testid={testid}>
      {label} <strong class="mono">{moves.length > SHOWN ? `${shown} …` : shown}</strong>
    </p>
  );
}

function Trainer(props: {
  puzzle: Puzzle;
  progress: ShownProgress;
  guest: Progress;
  error: string | null;
  /** `line`: the decisions played (and, for a save the engine judged, its line on), which the server replays. */
  onResult: (solved: boolean, line: string[]) => void;
  onNext: () => void;
}) {
  const { puzzle } = props;
  const engine = useRef<EngineClient | null>(null);
  engine.current ??= new EngineClient();
  useEffect(() => () => engine.current?.terminate(), []);
  const [attempt, setAttempt] = useState<Attempt>(() => startAttempt(puzzle));
  const [verdict, setVerdict] = useState<Verdict>("playing");
  const [refutation, setRefutation] = useState<string[]>([]);

  const finish = (solved: boolean, a: Attempt, line: string[] = a.played) => {
    setVerdict(solved ? "solved" : "failed");
    props.onResult(solved, line);
    setAttempt(a);
  };

  // Whatever comes after a decision: the next player decision, a reply, the engine, a verdict.
  const proceed = (a: Attempt, next: Next) => {
    if (next.kind === "solved") return finish(true, a);
    if (next.kind === "failed") return finish(false, a);
    setAttempt(a);
    if (next.kind === "player") return setVerdict("playing");
    setVerdict("thinking");
    if (next.kind === "reply") {
      setTimeout(() => {
        const r = playDecision(a, next.decision);
        proceed(r.attempt, r.next);
      }, REPLY_DELAY_MS);
      return;
    }
    // Off the solution: the engine answers for the opponent and plays on; the line it expects
    // says whether the player's decisions still reach the goal.
    engine.current?.search({ position: a.pos.text, level: 8, depth: Math.max(1, puzzle.depth - 1) }).then(
      (r) => {
        if (!lineReachesGoal(puzzle, a.start, a.pos, r.pv) || !r.best) {
          setRefutation(r.pv);
          return finish(false, a);
        }
        if (puzzle.goal === "save") return finish(true, a, [...a.played, ...r.pv]);
        const next2 = playDecision(a, r.best);
        proceed(next2.attempt, next2.next);
      },
      (e) => {
        if (!(e instanceof EngineStopped)) setVerdict("playing");
      },
    );
  };

  const onDecision = (d: string) => {
    if (verdict !== "playing") return;
    const r = playDecision(attempt, d);
    proceed(r.attempt, r.next);
  };

  const retry = () => {
    engine.current?.cancel();
    const a = startAttempt(puzzle);
    setAttempt(a);
    setRefutation([]);
    setShown(null);
    setVerdict("playing");
  };

  // "Show the solution": the solution's decisions played on the board from the start.
  const [shown, setShown] = useState<number | null>(null);
  const solution = useMemo(() => replay(attempt.start, puzzle.line), [puzzle]);
  useEffect(() => {
    if (shown === null || shown >= puzzle.line.length) return;
    const h = setTimeout(() => setShown(shown + 1), SHOW_STEP_MS);
    return () => clearTimeout(h);
  }, [shown]);
  // After a miss the board shows the engine's answer: the opponent's turn of its line.
  const answer = useMemo(() => {
    if (verdict !== "failed" || refutation.length === 0) return null;
    let ps: Position[];
    try {
      ps = replay(attempt.pos, refutation);
    } catch {
      return null; // a line the core refuses (it should not happen) is only listed
    }
    let k = 1;
    while (k < refutation.length && (ps[k] as Position).side !== puzzle.side && (ps[k] as Position).step !== "over")
      k++;
    return { decisions: refutation.slice(0, k), pos: ps[k] as Position, before: ps[k - 1] as Position };
  }, [verdict, refutation, attempt]);
  const board =
    shown === null
      ? answer
        ? { pos: answer.pos, last: answer.decisions[answer.decisions.length - 1] ?? null, before: answer.before }
        : { pos: attempt.pos, last: attempt.played[attempt.played.length - 1] ?? null, before: attempt.before }
      : {
          pos: solution[shown] ?? attempt.start,
          last: shown > 0 ? (puzzle.line[shown - 1] ?? null) : null,
          before: shown > 0 ? (solution[shown - 1] ?? null) : null,
        };

  const side = colorName(puzzle.side === "w" ? "white" : "black");
  const legal = verdict === "playing" ? legalDecisions(attempt.pos) : null;
  const status =
    verdict === "solved"
      ? t("puzzle.solved")
      : verdict === "failed"
        ? t(puzzle.goal === "win" ? "puzzle.failed_win" : "puzzle.failed_save")
        : verdict === "thinking"
          ? t("puzzle.thinking")
          : t("puzzle.your_turn");
  return (
    <main
      class="page game-page"
      data-testid="puzzle-page"
      data-verdict={verdict}
      data-puzzle={puzzle.id}
      data-shown={shown ?? undefined}
      data-answer={answer && shown === null ? answer.decisions.join(" ") : undefined}
    >
      <div class="board-col">
        <div class="board-wrap">
          <Board
            position={board.pos}
            legal={shown === null ? legal : null}
            last={board.last}
            previous={board.before}
            flipped={puzzle.side === "b"}
            onDecision={onDecision}
            label={t("puzzle.board")}
          />
        </div>
      </div>
      <aside class="side">
        <section class="status-box">
          <h1 class="h2">{t("puzzle.heading", { id: puzzle.id })}</h1>
          <p class="puzzle-task">
            {t(puzzle.goal === "win" ? "puzzle.task_win" : "puzzle.task_save", { color: side })}
          </p>
          <p class="small muted">
            {t("puzzle.meta", {
              rating: puzzle.rating,
              n: puzzle.turns,
              w: attempt.pos.removed.w,
              b: attempt.pos.removed.b,
            })}
          </p>
          <p class="status-line" data-testid="status" role="status">
            {status}
          </p>
          {verdict === "failed" ? (
            <>
              <Line
                label={t("puzzle.your_line")}
                moves={[...attempt.played, ...refutation]}
                testid="puzzle-refutation"
              />
              <Line label={t("puzzle.solution")} moves={puzzle.line} testid="puzzle-solution" />
              {answer && shown === null ? (
                <p class="small" data-testid="puzzle-answer">
                  {t("puzzle.answer_shown", { line: answer.decisions.join(" ") })}
                </p>
              ) : null}
            </>
          ) : null}
          {verdict === "solved" ? (
            <Line label={t("puzzle.engine_line")} moves={puzzle.line} testid="puzzle-solution" />
          ) : null}
          <div class="actions">
            {legal?.length === 1 && legal[0] === "pass" ? (
              <button type="button" onClick={() => onDecision("pass")}>
                {t("action.pass")}
              </button>
            ) : null}
            {verdict === "failed" ? (
              <button type="button" onClick={() => setShown(0)}>
                {t("puzzle.show_solution")}
              </button>
            ) : null}
            <button type="button" onClick={retry} disabled={verdict === "thinking" || attempt.played.length === 0}>
              {t("puzzle.retry")}
            </button>
            <button
              type="button"
              class={verdict === "solved" || verdict === "failed" ? "primary" : ""}
              onClick={props.onNext}
            >
              {t("puzzle.next")}
            </button>
          </div>
        </section>
        <PuzzleProgress progress={props.progress} guest={props.guest} error={props.error} />
      </aside>
    </main>
  );
}

export function PuzzlePage({ hash }: { hash: string }) {
  useLang();
  const set = usePuzzles();
  const { progress, guest, error, record } = usePuzzleProgress();
  const wanted = hash.replace(/^#/, "");
  // Chosen once the progress is known (an account's comes from the server).
  const puzzle = useMemo(() => {
    if (!Array.isArray(set) || !progress) return null;
    return set.find((p) => p.id === wanted) ?? nextPuzzle(set, progress);
  }, [set, wanted, progress === null, progress?.account]);
  if (typeof set === "string" || (!progress && error))
    return (
      <main class="page narrow">
        <p role="alert">{typeof set === "string" ? set : t("puzzle.load_progress_failed", { message: error ?? "" })}</p>
      </main>
    );
  if (set === null || !progress)
    return (
      <main class="page narrow" data-testid="puzzle-loading">
        <p role="status">{t("puzzle.loading")}</p>
      </main>
    );
  if (!puzzle)
    return (
      <main class="page narrow" data-testid="puzzle-done">
        <h1>{t("puzzle.all_done")}</h1>
        <p>{t("puzzle.rating", { rating: shownPuzzleRating(progress) })}</p>
      </main>
    );
  return (
    <Trainer
      key={puzzle.id}
      puzzle={puzzle}
      progress={progress}
      guest={guest}
      error={error}
      onResult={(solved, line) => record(puzzle, solved, line)}
      onNext={() => {
        const n = nextPuzzle(
          set.filter((p) => p.id !== puzzle.id),
          progress,
        );
        navigate(n ? `/puzzles#${n.id}` : "/puzzles#done");
      }}
    />
  );
}

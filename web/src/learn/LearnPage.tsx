// The tutorial (/learn): the lessons of learn.ts one at a time on the board, each checked by
// the rules core; the steps done are kept in this browser.
import { useState } from "preact/hooks";
import { legalDecisions } from "../engine/rules";
import { CATALOGUE, type Key, t, useLang } from "../i18n";
import { Board } from "../ui/Board";
import { linkClick } from "../ui/router";
import {
  LESSONS,
  type Lesson,
  type LessonState,
  type LessonVerdict,
  lessonDecision,
  loadLearned,
  missReason,
  saveLearned,
  startLesson,
} from "./learn";

const text = (id: string, part: "title" | "task" | "done") => t(`learn.${id}.${part}` as Key);

/** What a missed try is told: why it missed (learn.ts), then to try again. */
function missed(l: Lesson, s: LessonState): string {
  const why = missReason(l, s, (key) => key in CATALOGUE.en);
  return t("learn.missed", { why: t(why.key as Key, why.params) });
}

export function LearnPage() {
  useLang();
  const [learned, setLearned] = useState<string[]>(loadLearned);
  const [index, setIndex] = useState(() => {
    const first = LESSONS.findIndex((l) => !learned.includes(l.id));
    return first < 0 ? 0 : first;
  });
  const lesson = (LESSONS[index] ?? LESSONS[0]) as Lesson;
  const [state, setState] = useState<LessonState>(() => startLesson(lesson));
  const [verdict, setVerdict] = useState<LessonVerdict>("playing");
  const [before, setBefore] = useState<LessonState | null>(null);

  const open = (i: number) => {
    const l = LESSONS[i];
    if (!l) return;
    setIndex(i);
    setState(startLesson(l));
    setBefore(null);
    setVerdict("playing");
  };
  const onDecision = (d: string) => {
    if (verdict !== "playing") return;
    const r = lessonDecision(lesson, state, d);
    setBefore(state);
    setState(r.state);
    setVerdict(r.verdict);
    if (r.verdict === "done" && !learned.includes(lesson.id)) {
      const next = [...learned, lesson.id];
      setLearned(next);
      saveLearned(next);
    }
  };
  const allDone = LESSONS.every((l) => learned.includes(l.id));
  const legal = verdict === "playing" ? legalDecisions(state.pos) : null;
  return (
    <main class="page game-page" data-testid="learn-page" data-lesson={lesson.id} data-verdict={verdict}>
      <div class="board-col">
        <div class="board-wrap">
          <Board
            position={state.pos}
            legal={legal}
            last={state.played[state.played.length - 1] ?? null}
            previous={before?.pos ?? null}
            onDecision={onDecision}
            label={t("learn.board")}
          />
        </div>
      </div>
      <aside class="side">
        <section class="status-box">
          <p class="small muted">{t("learn.step_of", { n: index + 1, total: LESSONS.length })}</p>
          <h1 class="h2">{text(lesson.id, "title")}</h1>
          <p data-testid="learn-task">{text(lesson.id, "task")}</p>
          <p class="status-line" data-testid="status" role="status">
            {verdict === "done" ? text(lesson.id, "done") : verdict === "retry" ? missed(lesson, state) : ""}
          </p>
          <div class="actions">
            <button type="button" onClick={() => open(index)} disabled={state.played.length === 0}>
              {t("learn.reset")}
            </button>
            {index + 1 < LESSONS.length ? (
              <button type="button" class={verdict === "done" ? "primary" : ""} onClick={() => open(index + 1)}>
                {t("learn.next")}
              </button>
            ) : null}
          </div>
          {allDone ? (
            <p data-testid="learn-complete">
              {t("learn.all_done")}{" "}
              <a href="/puzzles" onClick={linkClick}>
                {t("nav.puzzles")}
              </a>
            </p>
          ) : null}
        </section>
        <nav class="moves-box" aria-label={t("learn.steps")}>
          <h2>{t("learn.steps")}</h2>
          <ol class="lesson-list">
            {LESSONS.map((l, i) => (
              <li key={l.id}>
                <button
                  type="button"
                  class="linklike"
                  aria-current={i === index ? "step" : undefined}
                  onClick={() => open(i)}
                >
                  {text(l.id, "title")}
                </button>
                {learned.includes(l.id) ? <span class="small muted"> ✓ {t("learn.done_mark")}</span> : null}
              </li>
            ))}
          </ol>
          <p class="small">
            <a href="/rules" onClick={linkClick}>
              {t("learn.rules_link")}
            </a>
          </p>
        </nav>
      </aside>
    </main>
  );
}

// The rules (/rules): short sections, each with a picture drawn by the UI's board from a
// position the rules core reads (the tutorial's positions, learn.ts).
import { useMemo } from "preact/hooks";
import { applyDecision, parsePosition } from "../engine/rules";
import { type Key, t, useLang } from "../i18n";
import { Board } from "../ui/Board";
import { linkClick } from "../ui/router";
import { LESSONS } from "./learn";

/** Each section: its text keys and the picture (a lesson's position, with decisions played). */
const SECTIONS: Array<{ id: string; lesson: string; play: string[] }> = [
  { id: "aim", lesson: "row", play: ["e8-f9"] },
  { id: "setup", lesson: "place", play: ["e5", "f7", "c3"] },
  { id: "move", lesson: "move", play: ["e5-e8"] },
  { id: "jump", lesson: "flip", play: [] },
  { id: "row", lesson: "two_rows", play: ["e6-f6"] },
  { id: "end", lesson: "pool", play: [] },
];

function Picture({ lesson, play, what }: { lesson: string; play: string[]; what: string }) {
  const position = useMemo(() => {
    let p = parsePosition(LESSONS.find((l) => l.id === lesson)?.position ?? "");
    for (const d of play) p = applyDecision(p, d).position;
    return p;
  }, [lesson]);
  return (
    <div class="rules-picture">
      <Board
        position={position}
        legal={null}
        last={play[play.length - 1] ?? null}
        label={t("rules.picture", { what })}
      />
    </div>
  );
}

export function RulesPage() {
  useLang();
  return (
    <main class="page narrow rules-page" data-testid="rules-page">
      <h1>{t("rules.title")}</h1>
      <p>
        <a class="button primary" href="/learn" onClick={linkClick}>
          {t("rules.learn_link")}
        </a>
      </p>
      {SECTIONS.map((s) => (
        <section key={s.id} class="rules-section">
          <h2>{t(`rules.${s.id}_title` as Key)}</h2>
          <p>{t(`rules.${s.id}` as Key)}</p>
          <Picture lesson={s.lesson} play={s.play} what={t(`rules.${s.id}_title` as Key)} />
        </section>
      ))}
    </main>
  );
}

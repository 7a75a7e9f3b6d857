// The analysis board opened for a correspondence game's conditional lines (analysisLink's
// `game`, from the game page): the lines its tree stands for below the game's position, each
// path to a leaf, stored through PUT /api/games/<id>/conditional (docs/api.md "Conditional
// lines"), which checks them and says what is wrong.
import { useState } from "preact/hooks";
import type { VNode } from "../engine/variations";
import { t } from "../i18n";
import { errorText, request } from "../net/api";
import { leafLines } from "./analysis";

/** The node `moves` lead to from `root` in the tree (null when the tree no longer has them). */
export function nodeAt(root: VNode, moves: readonly string[]): VNode | null {
  let n: VNode | undefined = root;
  for (const m of moves) n = n?.children.find((c) => c.decision === m);
  return n ?? null;
}

export function StoreLines({ game, base }: { game: string; base: VNode | null }) {
  const [note, setNote] = useState<string | null>(null);
  const lines = base ? leafLines(base) : [];
  const store = async () => {
    try {
      const r = await request<{ lines: string[][] }>("PUT", `/api/games/${encodeURIComponent(game)}/conditional`, {
        lines,
      });
      setNote(t("conditional.stored", { n: r.lines.length }));
    } catch (e) {
      setNote(errorText(e));
    }
  };
  return (
    <section class="status-box" data-testid="store-lines">
      <h2>{t("conditional.title")}</h2>
      <p class="muted small">{t("conditional.from_tree", { n: lines.length })}</p>
      <button type="button" class="primary" disabled={!lines.length} onClick={store}>
        {t("conditional.save")}
      </button>{" "}
      <a href={`/game/${encodeURIComponent(game)}`}>{t("conditional.back")}</a>
      {note ? (
        <p class="small" role="status">
          {note}
        </p>
      ) : null}
    </section>
  );
}

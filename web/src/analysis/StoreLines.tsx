// The analysis board opened for a correspondence game's conditional lines (analysisLink's
// `game`, from the game page): the lines its tree stands for below the game's position, each
// path to a leaf, stored through PUT /api/games/<id>/conditional (docs/api.md "Conditional
// lines"), which checks them and says what is wrong. The lines start where the game is when
// they are stored: if it moved on since the board was opened (the opponent's first decisions of
// a turn of several, or a reply the server played), they are cut to start there (rebased).
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

/**
 * The node of the tree where the game is now: `base` stands for the game after `baseMoves`; the
 * game has played `gameMoves`. Null when the game left the tree (it went another way, or back).
 */
export function rebase(base: VNode, baseMoves: readonly string[], gameMoves: readonly string[]): VNode | null {
  if (gameMoves.length < baseMoves.length || baseMoves.some((m, i) => gameMoves[i] !== m)) return null;
  return nodeAt(base, gameMoves.slice(baseMoves.length));
}

export function StoreLines({ game, base, moves }: { game: string; base: VNode | null; moves: readonly string[] }) {
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const lines = base ? leafLines(base) : [];
  const path = `/api/games/${encodeURIComponent(game)}`;
  const store = async () => {
    try {
      const now = base && rebase(base, moves, (await request<{ decisions: string[] }>("GET", path)).decisions);
      if (!now) {
        setNote({ text: t("conditional.moved_on"), error: true });
        return;
      }
      const r = await request<{ lines: string[][] }>("PUT", `${path}/conditional`, { lines: leafLines(now) });
      setNote({ text: t("conditional.stored", { n: r.lines.length }), error: false });
    } catch (e) {
      setNote({ text: errorText(e), error: true });
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
        <p class="small" role={note.error ? "alert" : "status"}>
          {note.text}
        </p>
      ) : null}
    </section>
  );
}

// The analysis board's tree of variations as a move list (each decision a button, the
// variations at a fork nested in brackets), its controls (back, forward, make main line,
// delete), and the form that starts the board from a position text or a record.
import { useState } from "preact/hooks";
import { parsePosition, readRecord, startPosition } from "../engine/rules";
import { mainLine, Variations, type VNode } from "../engine/variations";
import { t } from "../i18n";

/** A line of the tree: `first` and its main line, with the variations at each fork nested. */
export function Line(props: { first: VNode; current: VNode; go: (n: VNode) => void }) {
  return (
    <>
      {mainLine(props.first).map((n) => {
        const alternatives = n.parent && n.parent.children[0] === n ? n.parent.children.slice(1) : [];
        return (
          <span key={n.id}>
            <button
              type="button"
              class={`ply${n === props.current ? " current" : ""}`}
              aria-current={n === props.current ? "step" : undefined}
              aria-label={t("moves.ply", { n: n.ply, decision: n.decision ?? "" })}
              onClick={() => props.go(n)}
            >
              {n.side === "w" ? "W" : "B"} {n.decision}
            </button>
            {alternatives.map((a) => (
              <span class="variation" key={a.id}>
                (<Line first={a} current={props.current} go={props.go} />)
              </span>
            ))}
          </span>
        );
      })}
    </>
  );
}

export function TreeControls(props: { tree: Variations; node: VNode; go: (n: VNode) => void; changed: () => void }) {
  const { node, go } = props;
  return (
    <nav class="replay-nav" aria-label={t("analysis.controls")}>
      <button
        type="button"
        onClick={() => node.parent && go(node.parent)}
        disabled={!node.parent}
        aria-label={t("analysis.back")}
      >
        ◀
      </button>
      <button
        type="button"
        onClick={() => node.children[0] && go(node.children[0])}
        disabled={!node.children[0]}
        aria-label={t("analysis.forward")}
      >
        ▶
      </button>
      <button
        type="button"
        onClick={() => {
          props.tree.promote(node);
          props.changed();
        }}
        disabled={!node.parent}
      >
        {t("analysis.promote")}
      </button>
      <button
        type="button"
        onClick={() => {
          const parent = node.parent;
          if (!parent) return;
          props.tree.remove(node);
          go(parent);
        }}
        disabled={!node.parent}
      >
        {t("analysis.delete")}
      </button>
    </nav>
  );
}

/**
 * A new tree from a pasted position text (its root) or record (played to its end, which is
 * returned as the node to show). Throws the core's error for text it refuses.
 */
export function treeFromText(text: string): { tree: Variations; node: VNode } {
  const s = text.trim();
  if (/^[0-9WBwb/]+\s+[wb]\s/.test(s)) {
    const tree = new Variations(parsePosition(s));
    return { tree, node: tree.root };
  }
  const r = readRecord(s);
  const tree = new Variations(r.start);
  return {
    tree,
    node: tree.playLine(
      tree.root,
      r.plies.map((p) => p.decision),
    ),
  };
}

export function SetupForm(props: { start: (tree: Variations, node: VNode) => void; onError: (m: string) => void }) {
  const [setup, setSetup] = useState("");
  const restart = (tree: Variations) => props.start(tree, tree.root);
  return (
    <form
      class="card import"
      onSubmit={(e) => {
        e.preventDefault();
        try {
          const { tree, node } = treeFromText(setup);
          props.start(tree, node);
        } catch (x) {
          props.onError((x as Error).message);
        }
      }}
    >
      <label for="setup-text" class="small muted">
        {t("analysis.setup_label")}
      </label>
      <textarea
        id="setup-text"
        rows={3}
        value={setup}
        onInput={(e) => setSetup((e.target as HTMLTextAreaElement).value)}
      />
      <div class="actions">
        <button type="submit" disabled={!setup.trim()}>
          {t("analysis.setup")}
        </button>
        <button type="button" onClick={() => restart(new Variations(startPosition()))}>
          {t("analysis.empty")}
        </button>
        <button type="button" onClick={() => restart(new Variations(startPosition("blitz")))}>
          {t("analysis.empty_blitz")}
        </button>
      </div>
    </form>
  );
}

// The analysis board (/analysis): start from the empty board, a pasted position text or
// record, or a game's position (the replay's "Analyse" link); play any decisions, which build
// a tree of variations; the engine (WebAssembly, in a Web Worker) shows its line, score and an
// evaluation bar. Everything runs in the browser: it works with the server down once loaded.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { EngineClient, EngineStopped } from "../engine/client";
import type { SearchResult } from "../engine/protocol";
import { parsePosition, readRecord, startPosition } from "../engine/rules";
import { mainLine, pathTo, Variations, type VNode } from "../engine/variations";
import { analysisLink, describeScore, parseAnalysisHash, stepText, whiteScore, whiteShare } from "./analysis";
import { Board } from "./Board";
import { colorName, t, useLang } from "./i18n";
import { ErrorBanner } from "./panels";

/** How long the engine thinks about each position shown, and how deep it may go. */
const THINK_MS = 8000;
const MAX_DEPTH = 40;

function build(hash: string): { tree: Variations; node: VNode; error: string | null } {
  const { start, moves } = parseAnalysisHash(hash);
  let tree: Variations;
  try {
    tree = new Variations(start ? parsePosition(start) : startPosition());
  } catch (e) {
    tree = new Variations(startPosition());
    return { tree, node: tree.root, error: t("analysis.bad_start", { message: (e as Error).message }) };
  }
  let node = tree.root;
  for (const m of moves) {
    try {
      node = tree.play(node, m);
    } catch (e) {
      return { tree, node, error: (e as Error).message };
    }
  }
  return { tree, node, error: null };
}

/** A line of the tree: `first` and its main line, with the variations at each fork nested. */
function Line(props: { first: VNode; current: VNode; go: (n: VNode) => void }) {
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

export function AnalysisPage(props: { hash: string }) {
  useLang();
  const initial = useMemo(() => build(props.hash), []);
  const tree = useRef(initial.tree);
  const [node, setNode] = useState(initial.node);
  const [error, setError] = useState<string | null>(initial.error);
  const [engineOn, setEngineOn] = useState(true);
  const [result, setResult] = useState<{ node: VNode; r: SearchResult; done: boolean } | null>(null);
  const [setup, setSetup] = useState("");
  const [, redraw] = useState(0);
  // Started with the page, so that the engine keeps working if the server goes away.
  const engine = useRef<EngineClient | null>(null);
  engine.current ??= new EngineClient();

  const go = (n: VNode) => {
    setNode(n);
    history.replaceState(null, "", analysisLink(tree.current.root.position.text, pathTo(n)));
  };

  useEffect(() => () => engine.current?.terminate(), []);
  useEffect(() => {
    engine.current?.cancel();
    if (!engineOn || node.position.step === "over") return;
    // One depth at a time (the worker's table keeps what the shallower ones learnt), each
    // result shown as it comes, until the time for this position is spent or a win is found.
    let alive = true;
    const started = Date.now();
    const deepen = (depth: number) => {
      const left = THINK_MS - (Date.now() - started);
      engine.current?.search({ position: node.position.text, level: 8, depth, movetime: Math.max(left, 50) }).then(
        (r) => {
          if (!alive) return;
          const forced = Math.abs(r.score) >= 30000;
          const more = r.depth >= depth && depth < MAX_DEPTH && !forced && Date.now() - started < THINK_MS;
          setResult({ node, r, done: !more });
          if (more) deepen(depth + 1);
        },
        (e) => {
          if (alive && !(e instanceof EngineStopped)) setError(String(e instanceof Error ? e.message : e));
        },
      );
    };
    deepen(1);
    return () => {
      alive = false;
    };
  }, [node, engineOn]);

  const play = (d: string) => {
    try {
      go(tree.current.play(node, d));
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const restart = (t: Variations) => {
    tree.current = t;
    go(t.root);
    setResult(null);
    setError(null);
  };
  const shown = result && result.node === node ? result.r : null;
  const thinking = !!result && result.node === node && !result.done;
  const white = shown ? whiteScore(shown, node.position.side) : 0;
  const first = tree.current.root.children[0];

  return (
    <main class="page game-page analysis-page" data-testid="analysis-page">
      <div class="board-col">
        <div class="analysis-board">
          <div class="eval-bar" title={shown ? describeScore(white) : t("analysis.no_eval")} aria-hidden="true">
            <div class="eval-white" style={{ height: `${100 * (shown ? whiteShare(white) : 0.5)}%` }} />
          </div>
          <div class="board-wrap">
            <Board
              position={node.position}
              legal={node.position.step === "over" ? null : (node.position.legal ?? null)}
              last={node.decision}
              previous={node.parent?.position ?? null}
              onDecision={play}
              label={t("analysis.title")}
            />
          </div>
        </div>
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
              tree.current.promote(node);
              redraw((x) => x + 1);
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
              tree.current.remove(node);
              go(parent);
            }}
            disabled={!node.parent}
          >
            {t("analysis.delete")}
          </button>
        </nav>
      </div>
      <aside class="side">
        <section class="status-box">
          <h1 class="h2">{t("analysis.title")}</h1>
          <p class="small muted">
            {node.position.step === "over"
              ? t("analysis.game_over", { result: node.position.result })
              : t("analysis.to_decide", {
                  color: colorName(node.position.side === "w" ? "white" : "black"),
                  step: stepText(node.position.step),
                })}{" "}
            · {t("pool.markers", { n: node.position.pool })}
          </p>
          <ErrorBanner error={error} />
        </section>
        <section class="engine-box" aria-label={t("analysis.engine")}>
          <label class="small engine-switch">
            <input type="checkbox" checked={engineOn} onChange={() => setEngineOn(!engineOn)} /> {t("analysis.engine")}
          </label>
          {engineOn && node.position.step !== "over" ? (
            shown ? (
              <div data-testid="engine-line">
                <p>
                  <strong data-testid="engine-score">{describeScore(white)}</strong>{" "}
                  <span class="small muted">
                    {t("analysis.depth", { depth: shown.depth, nodes: shown.nodes })}
                    {thinking ? t("analysis.still_thinking") : ""}
                  </span>
                </p>
                <p class="small">
                  {t("analysis.best_line")}{" "}
                  {shown.pv.map((d, i) => (
                    <span key={`${i}-${d}`}>
                      {i ? " " : ""}
                      {d}
                    </span>
                  ))}
                </p>
                <button type="button" onClick={() => play(shown.best)}>
                  {t("analysis.play_best", { decision: shown.best })}
                </button>
              </div>
            ) : (
              <p class="small muted">{t("analysis.thinking")}</p>
            )
          ) : null}
        </section>
        <section class="moves-box">
          <h2>{t("moves.title")}</h2>
          <nav class="moves variations" aria-label={t("moves.label")}>
            {first ? <Line first={first} current={node} go={go} /> : <p class="muted small">{t("moves.none")}</p>}
          </nav>
        </section>
        <form
          class="card import"
          onSubmit={(e) => {
            e.preventDefault();
            try {
              const text = setup.trim();
              const fromPosition = /^[0-9WBwb/]+\s+[wb]\s/.test(text);
              if (fromPosition) restart(new Variations(parsePosition(text)));
              else {
                const r = readRecord(text);
                const t = new Variations(r.start);
                const end = t.playLine(
                  t.root,
                  r.plies.map((p) => p.decision),
                );
                tree.current = t;
                go(end);
                setResult(null);
              }
              setError(null);
            } catch (x) {
              setError((x as Error).message);
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
      </aside>
    </main>
  );
}

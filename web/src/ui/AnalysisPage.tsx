// The analysis board (/analysis): start from the empty board, a pasted position text or
// record, or a game's position (the replay's "Analyse" link); play any decisions, which build
// a tree of variations; the engine (WebAssembly, in a Web Worker) shows its line, score and an
// evaluation bar. Everything runs in the browser: it works with the server down once loaded.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { EngineClient, EngineStopped } from "../engine/client";
import type { SearchResult } from "../engine/protocol";
import { parsePosition, readRecord, startPosition } from "../engine/rules";
import { mainLine, pathTo, Variations, type VNode } from "../engine/variations";
import { analysisLink, describeScore, parseAnalysisHash, whiteScore, whiteShare } from "./analysis";
import { Board } from "./Board";
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
    return { tree, node: tree.root, error: `Bad start position: ${(e as Error).message}` };
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
              aria-label={`ply ${n.ply}: ${n.decision}`}
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
          <div class="eval-bar" title={shown ? describeScore(white) : "no evaluation"} aria-hidden="true">
            <div class="eval-white" style={{ height: `${100 * (shown ? whiteShare(white) : 0.5)}%` }} />
          </div>
          <div class="board-wrap">
            <Board
              position={node.position}
              legal={node.position.step === "over" ? null : (node.position.legal ?? null)}
              last={node.decision}
              previous={node.parent?.position ?? null}
              onDecision={play}
              label="Analysis board"
            />
          </div>
        </div>
        <nav class="replay-nav" aria-label="Analysis controls">
          <button
            type="button"
            onClick={() => node.parent && go(node.parent)}
            disabled={!node.parent}
            aria-label="Back"
          >
            ◀
          </button>
          <button
            type="button"
            onClick={() => node.children[0] && go(node.children[0])}
            disabled={!node.children[0]}
            aria-label="Forward"
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
            Make main line
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
            Delete from here
          </button>
        </nav>
      </div>
      <aside class="side">
        <section class="status-box">
          <h1 class="h2">Analysis board</h1>
          <p class="small muted">
            {node.position.step === "over"
              ? `Game over: ${node.position.result}`
              : `${node.position.side === "w" ? "White" : "Black"} to decide (${node.position.step})`}{" "}
            · Markers in pool: {node.position.pool}
          </p>
          <ErrorBanner error={error} />
        </section>
        <section class="engine-box" aria-label="Engine">
          <label class="small engine-switch">
            <input type="checkbox" checked={engineOn} onChange={() => setEngineOn(!engineOn)} /> Engine
          </label>
          {engineOn && node.position.step !== "over" ? (
            shown ? (
              <div data-testid="engine-line">
                <p>
                  <strong data-testid="engine-score">{describeScore(white)}</strong>{" "}
                  <span class="small muted">
                    depth {shown.depth}, {shown.nodes} nodes{thinking ? ", thinking…" : ""}
                  </span>
                </p>
                <p class="small">
                  Best line:{" "}
                  {shown.pv.map((d, i) => (
                    <span key={`${i}-${d}`}>
                      {i ? " " : ""}
                      {d}
                    </span>
                  ))}
                </p>
                <button type="button" onClick={() => play(shown.best)}>
                  Play the best decision ({shown.best})
                </button>
              </div>
            ) : (
              <p class="small muted">Thinking…</p>
            )
          ) : null}
        </section>
        <section class="moves-box">
          <h2>Moves</h2>
          <nav class="moves variations" aria-label="Move list">
            {first ? <Line first={first} current={node} go={go} /> : <p class="muted small">No decisions yet.</p>}
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
            Start from a position text or a record
          </label>
          <textarea
            id="setup-text"
            rows={3}
            value={setup}
            onInput={(e) => setSetup((e.target as HTMLTextAreaElement).value)}
          />
          <div class="actions">
            <button type="submit" disabled={!setup.trim()}>
              Set up
            </button>
            <button type="button" onClick={() => restart(new Variations(startPosition()))}>
              Empty board
            </button>
            <button type="button" onClick={() => restart(new Variations(startPosition("blitz")))}>
              Empty board (blitz)
            </button>
          </div>
        </form>
      </aside>
    </main>
  );
}

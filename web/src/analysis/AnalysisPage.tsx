// The analysis board (/analysis): start from the empty board, a pasted position text or
// record, or a game's position (the replay's "Analyse" link); play any decisions, which build
// a tree of variations (AnalysisTree.tsx); the engine (WebAssembly, in a Web Worker) shows its
// best 3 lines with scores and win probability, an evaluation bar and arrows for its decisions
// (AnalysisEngine.tsx). The address is the position's shareable link: its start and the
// decisions to the position shown. Everything runs in the browser: it works with the server
// down once loaded.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { EngineClient } from "../engine/client";
import { decisionNotes } from "../engine/decisions";
import { parsePosition, startPosition } from "../engine/rules";
import { pathTo, Variations, type VNode } from "../engine/variations";
import { colorName, t, useLang } from "../i18n";
import { Board } from "../ui/Board";
import { ErrorBanner } from "../ui/panels";
import { ShareLink } from "../ui/ShareLink";
import { EnginePanel, EvalBar, useDeepening } from "./AnalysisEngine";
import { Line, SetupForm, TreeControls } from "./AnalysisTree";
import { analysisLink, parseAnalysisHash, sameAnalysis, stepText } from "./analysis";
import { nodeAt, StoreLines } from "./StoreLines";

/** The tree and position of an analysis link; a bad start or decision is reported, the rest kept. */
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

export function AnalysisPage(props: { hash: string }) {
  useLang();
  const initial = useMemo(() => build(props.hash), []);
  // Opened for a correspondence game's conditional lines: the game, and its decisions.
  const forGame = useMemo(() => parseAnalysisHash(props.hash), []);
  const tree = useRef(initial.tree);
  const [node, setNode] = useState(initial.node);
  const [error, setError] = useState<string | null>(initial.error);
  const [engineOn, setEngineOn] = useState(true);
  const [, redraw] = useState(0);
  // Started with the page, so that the engine keeps working if the server goes away.
  const engine = useRef<EngineClient | null>(null);
  engine.current ??= new EngineClient();
  useEffect(() => () => engine.current?.terminate(), []);

  const link = analysisLink(tree.current.root.position.text, pathTo(node), forGame.game);
  const go = (n: VNode) => {
    setNode(n);
    history.replaceState(null, "", analysisLink(tree.current.root.position.text, pathTo(n), forGame.game));
  };
  const start = (t: Variations, n: VNode) => {
    tree.current = t;
    go(n);
    setError(null);
  };
  // A link opened in this tab while the board is shown (typed or pasted into the address bar).
  useEffect(() => {
    if (sameAnalysis(props.hash, link.slice(link.indexOf("#")))) return;
    const b = build(props.hash);
    start(b.tree, b.node);
    setError(b.error);
  }, [props.hash]);

  const deepened = useDeepening(engine.current, node, node.position, engineOn, setError);
  const shown = deepened && deepened.key === node && engineOn ? deepened.view : null;
  const thinking = !!deepened && deepened.key === node && !deepened.done;
  const notes = useMemo(
    () =>
      shown
        ? decisionNotes(
            shown.lines.map((l) => l.decisions[0] ?? ""),
            "best",
            "alt",
          )
        : null,
    [shown],
  );

  const play = (d: string) => {
    try {
      go(tree.current.play(node, d));
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const playLine = (line: readonly string[], n: number) => {
    try {
      go(tree.current.playLine(node, line.slice(0, n)));
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const first = tree.current.root.children[0];

  return (
    <main class="page game-page analysis-page" data-testid="analysis-page">
      <div class="board-col">
        <div class="analysis-board">
          <EvalBar view={shown} />
          <div class="board-wrap">
            <Board
              position={node.position}
              legal={node.position.step === "over" ? null : (node.position.legal ?? null)}
              last={node.decision}
              previous={node.parent?.position ?? null}
              notes={notes}
              onDecision={play}
              label={t("analysis.title")}
            />
          </div>
        </div>
        <TreeControls tree={tree.current} node={node} go={go} changed={() => redraw((x) => x + 1)} />
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
        {forGame.game ? (
          <StoreLines game={forGame.game} base={nodeAt(tree.current.root, forGame.moves)} moves={forGame.moves} />
        ) : null}
        <EnginePanel
          position={node.position}
          view={shown}
          thinking={thinking}
          on={engineOn}
          setOn={setEngineOn}
          playLine={playLine}
        />
        <section class="moves-box">
          <h2>{t("moves.title")}</h2>
          <nav class="moves variations" aria-label={t("moves.label")}>
            {first ? <Line first={first} current={node} go={go} /> : <p class="muted small">{t("moves.none")}</p>}
          </nav>
        </section>
        <ShareLink id="analysis-share" label={t("analysis.share")} link={`${location.origin}${link}`} />
        <SetupForm start={start} onError={setError} />
      </aside>
    </main>
  );
}

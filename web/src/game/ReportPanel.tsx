// The computer analysis beside the replay (docs/analysis.md): White's winning chances as a
// graph, accuracy and counts per player, and the inaccuracies, mistakes and blunders with the
// engine's better decision. Clicking the graph or a moment jumps the replay there. A server
// game's report is fetched (and queued when missing); an imported record is uploaded on
// request. While the report is being written, the panel asks again every two seconds.
import { useEffect, useState } from "preact/hooks";
import { type Key, lang, t } from "../i18n";
import { ApiError } from "../net/api";
import {
  type GameReport,
  gameReport,
  graphPoints,
  type Judgement,
  keyMoments,
  type ReportReply,
  uploadedReport,
  uploadReport,
} from "./report";

const W = 300;
const H = 90;
const JUDGEMENT_KEY: Record<Exclude<Judgement, "">, Key> = {
  inaccuracy: "report.inaccuracy",
  mistake: "report.mistake",
  blunder: "report.blunder",
};

type State =
  | { kind: "idle" }
  | { kind: "pending"; id: string; queued: number }
  | { kind: "ready"; report: GameReport }
  | { kind: "error"; message: string };

function Graph(props: { report: GameReport; ply: number; onJump: (ply: number) => void; n: number }) {
  const pts = graphPoints(props.report);
  const n = props.n;
  const x = (i: number) => (i / n) * W;
  const y = (p: number) => H - (p / 1000) * H;
  const line = pts.map((p, i) => `${x(i).toFixed(1)},${y(p).toFixed(1)}`).join(" ");
  const jump = (e: MouseEvent) => {
    const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
    props.onJump(Math.round(((e.clientX - box.left) / Math.max(1, box.width)) * n));
  };
  // A slider over the game: the arrows step, Home and End go to the ends (the page's own
  // arrow keys would step a second time: the event stops here).
  const key = (e: KeyboardEvent) => {
    const to: Record<string, number> = { ArrowLeft: props.ply - 1, ArrowRight: props.ply + 1, Home: 0, End: n };
    const target = to[e.key];
    if (target === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    props.onJump(Math.max(0, Math.min(n, target)));
  };
  return (
    <div
      class="report-graph"
      data-testid="report-graph"
      role="slider"
      tabIndex={0}
      aria-label={t("report.graph")}
      aria-valuemin={0}
      aria-valuemax={n}
      aria-valuenow={props.ply}
      onClick={jump}
      onKeyDown={key}
    >
      <svg viewBox={`0 0 ${W} ${H}`} aria-hidden="true">
        <rect x="0" y="0" width={W} height={H} class="report-graph-black" />
        <polygon points={`0,${H} ${line} ${W},${H}`} class="report-graph-white" />
        <line x1="0" x2={W} y1={H / 2} y2={H / 2} class="report-graph-mid" />
        <line x1={x(props.ply)} x2={x(props.ply)} y1="0" y2={H} class="report-graph-now" />
        {keyMoments(props.report).map((d) => (
          <circle key={d.ply} cx={x(d.ply + 1)} cy={y(d.white_after)} r="3" class={`report-dot ${d.judgement}`}>
            <title>{t("report.graph_point", { ply: d.ply + 1, percent: Math.round(d.white_after / 10) })}</title>
          </circle>
        ))}
      </svg>
    </div>
  );
}

/**
 * The graph with what it needs to be read: its title, the win probability's scale (100% at
 * the top: White wins), the decisions from the first to the last, and a legend naming whose
 * area is whose and what the dots' colours judge.
 */
function GraphFigure(props: {
  report: GameReport;
  white: string;
  black: string;
  ply: number;
  onJump: (ply: number) => void;
}) {
  const n = Math.max(1, graphPoints(props.report).length - 1);
  return (
    <figure class="report-figure" data-testid="report-figure">
      <figcaption class="small">{t("report.graph")}</figcaption>
      <div class="report-axis-y small muted" aria-hidden="true" data-testid="report-axis-y">
        <span>100%</span>
        <span>50%</span>
        <span>0%</span>
      </div>
      <Graph report={props.report} ply={props.ply} onJump={props.onJump} n={n} />
      <div class="report-axis-x small muted" aria-hidden="true" data-testid="report-axis-x">
        <span>0</span>
        <span>{t("report.axis_decisions")}</span>
        <span>{n}</span>
      </div>
      <ul class="report-legend small" data-testid="report-legend">
        <li>
          <span class="swatch report-graph-white" />
          {t("report.legend_white", { name: props.white })}
        </li>
        <li>
          <span class="swatch report-graph-black" />
          {t("report.legend_black", { name: props.black })}
        </li>
        {(["inaccuracy", "mistake", "blunder"] as const).map((j) => (
          <li key={j}>
            <span class={`dot report-dot ${j}`} />
            {t(JUDGEMENT_KEY[j])}
          </li>
        ))}
      </ul>
    </figure>
  );
}

function Summary(props: { report: GameReport; white: string; black: string }) {
  const { white, black } = props.report.players;
  const row = (label: Key, f: (p: typeof white) => string | number) => (
    <tr>
      <th scope="row">{t(label)}</th>
      <td>{f(white)}</td>
      <td>{f(black)}</td>
    </tr>
  );
  return (
    <table class="report-summary" data-testid="report-summary">
      <thead>
        <tr>
          <th />
          <th scope="col">{props.white}</th>
          <th scope="col">{props.black}</th>
        </tr>
      </thead>
      <tbody>
        {row("report.accuracy", (p) => `${p.accuracy.toFixed(1)}%`)}
        {row("report.inaccuracies", (p) => p.inaccuracies)}
        {row("report.mistakes", (p) => p.mistakes)}
        {row("report.blunders", (p) => p.blunders)}
      </tbody>
    </table>
  );
}

export function ReportPanel(props: {
  id?: string;
  record?: string;
  white: string;
  black: string;
  ply: number;
  onJump: (ply: number) => void;
}) {
  const [state, setState] = useState<State>({ kind: "idle" });

  const take = (r: ReportReply) =>
    setState(
      r.status === "ready" ? { kind: "ready", report: r.report } : { kind: "pending", id: r.id, queued: r.queued ?? 0 },
    );
  const fail = (e: unknown) =>
    setState({
      kind: "error",
      message:
        e instanceof ApiError && e.code === "not_over"
          ? t("report.not_over")
          : t("report.failed", { message: e instanceof Error ? e.message : String(e) }),
    });

  useEffect(() => {
    setState({ kind: "idle" });
    if (props.id) gameReport(props.id).then(take, fail);
  }, [props.id, props.record]);

  const pendingId = state.kind === "pending" ? state.id : null;
  useEffect(() => {
    if (!pendingId) return;
    const h = setTimeout(() => (props.id ? gameReport(props.id) : uploadedReport(pendingId)).then(take, fail), 2000);
    return () => clearTimeout(h);
  }, [state]);

  return (
    <section class="report-box" data-testid="report" aria-labelledby="report-h">
      <h2 id="report-h">{t("report.title")}</h2>
      {state.kind === "idle" && !props.id && props.record !== undefined ? (
        <button
          type="button"
          data-testid="report-request"
          onClick={() => uploadReport(props.record ?? "").then(take, fail)}
        >
          {t("report.request")}
        </button>
      ) : null}
      {state.kind === "pending" ? (
        <p class="small muted" role="status" data-testid="report-pending">
          {t("report.pending", { queued: state.queued })}
        </p>
      ) : null}
      {state.kind === "error" ? <p class="small muted">{state.message}</p> : null}
      {state.kind === "ready" ? (
        <>
          <GraphFigure
            report={state.report}
            white={props.white}
            black={props.black}
            ply={props.ply}
            onJump={props.onJump}
          />
          <Summary report={state.report} white={props.white} black={props.black} />
          <h3 class="h3">{t("report.moments")}</h3>
          {keyMoments(state.report).length === 0 ? <p class="small">{t("report.none")}</p> : null}
          <ol class="report-moments" data-testid="report-moments">
            {keyMoments(state.report).map((d) => (
              <li key={d.ply} class={d.judgement}>
                <button
                  type="button"
                  class="link"
                  aria-current={props.ply === d.ply + 1 ? "step" : undefined}
                  onClick={() => props.onJump(d.ply + 1)}
                >
                  {t("report.moment", {
                    turn: d.turn,
                    decision: d.decision,
                    judgement: d.judgement ? t(JUDGEMENT_KEY[d.judgement]) : "",
                    loss: ((d.loss ?? 0) / 10).toFixed(1),
                  })}
                </button>
                {d.line?.length ? (
                  <span class="small muted"> {t("report.better", { line: d.line.slice(0, 3).join(" ") })}</span>
                ) : null}
              </li>
            ))}
          </ol>
          <p class="small muted">
            {t("report.budget", { nodes: new Intl.NumberFormat(lang()).format(state.report.nodes_per_position) })}
          </p>
        </>
      ) : null}
    </section>
  );
}

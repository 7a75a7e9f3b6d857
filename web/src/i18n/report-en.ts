// English for the game report on the replay page (ReportPanel.tsx). Part of the catalogue
// (spread into en.ts).
export const reportEn = {
  "report.title": "Computer analysis",
  "report.pending": "The engine is analysing this game… ({queued} waiting)",
  "report.request": "Analyse with the engine",
  "report.failed": "No analysis: {message}",
  "report.not_over": "The analysis is written when the game ends.",
  "report.graph": "White's winning chances through the game",
  "report.graph_point": "Decision {ply}: White {percent}%",
  "report.accuracy": "Accuracy",
  "report.inaccuracies": "Inaccuracies",
  "report.mistakes": "Mistakes",
  "report.blunders": "Blunders",
  "report.inaccuracy": "Inaccuracy",
  "report.mistake": "Mistake",
  "report.blunder": "Blunder",
  "report.none": "No inaccuracy, mistake or blunder.",
  "report.moments": "Key moments",
  "report.moment": "{turn}. {decision}: {judgement} (−{loss}%)",
  "report.better": "Better: {line}",
  "report.budget":
    "The engine looked at {nodes} positions for each decision, so the analysis is the same on any computer.",
  "report.axis_decisions": "Decisions",
  "report.legend_white": "{name} (White)",
  "report.legend_black": "{name} (Black)",
  "over.report": "Computer analysis",
} as const;

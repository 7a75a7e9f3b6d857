// Deutsch: die Computeranalyse auf der Wiederholungsseite (siehe report-en.ts).
import type { reportEn } from "./report-en";

export const reportDe: Record<keyof typeof reportEn, string> = {
  "report.title": "Computeranalyse",
  "report.pending": "Die Engine analysiert diese Partie… ({queued} in der Warteschlange)",
  "report.request": "Mit der Engine analysieren",
  "report.failed": "Keine Analyse: {message}",
  "report.not_over": "Die Analyse wird geschrieben, wenn die Partie endet.",
  "report.graph": "Gewinnchancen von Weiß im Lauf der Partie",
  "report.graph_point": "Entscheidung {ply}: Weiß {percent} %",
  "report.accuracy": "Genauigkeit",
  "report.inaccuracies": "Ungenauigkeiten",
  "report.mistakes": "Fehler",
  "report.blunders": "Grobe Fehler",
  "report.inaccuracy": "Ungenauigkeit",
  "report.mistake": "Fehler",
  "report.blunder": "Grober Fehler",
  "report.none": "Keine Ungenauigkeit, kein Fehler, kein grober Fehler.",
  "report.moments": "Schlüsselmomente",
  "report.moment": "{turn}. {decision}: {judgement} (−{loss} %)",
  "report.better": "Besser: {line}",
  "report.budget":
    "Die Engine hat für jede Entscheidung {nodes} Stellungen betrachtet; die Analyse ist daher auf jedem Rechner dieselbe.",
  "report.axis_decisions": "Entscheidungen",
  "report.legend_white": "{name} (Weiß)",
  "report.legend_black": "{name} (Schwarz)",
  "over.report": "Computeranalyse",
};

// Polski: analiza komputerowa na stronie powtórki (zob. report-en.ts).
import type { reportEn } from "./report-en";

export const reportPl: Record<keyof typeof reportEn, string> = {
  "report.title": "Analiza komputerowa",
  "report.pending": "Silnik analizuje tę partię… (w kolejce: {queued})",
  "report.request": "Analizuj silnikiem",
  "report.failed": "Brak analizy: {message}",
  "report.not_over": "Analiza powstanie po zakończeniu partii.",
  "report.graph": "Szanse białych na wygraną w trakcie partii",
  "report.graph_point": "Decyzja {ply}: białe {percent}%",
  "report.accuracy": "Dokładność",
  "report.inaccuracies": "Niedokładności",
  "report.mistakes": "Błędy",
  "report.blunders": "Poważne błędy",
  "report.inaccuracy": "Niedokładność",
  "report.mistake": "Błąd",
  "report.blunder": "Poważny błąd",
  "report.none": "Bez niedokładności, błędów i poważnych błędów.",
  "report.moments": "Kluczowe momenty",
  "report.moment": "{turn}. {decision}: {judgement} (−{loss}%)",
  "report.better": "Lepiej: {line}",
  "report.budget":
    "Silnik przejrzał {nodes} pozycji dla każdej decyzji, więc analiza jest taka sama na każdym komputerze.",
  "report.axis_decisions": "Decyzje",
  "report.legend_white": "{name} (białe)",
  "report.legend_black": "{name} (czarne)",
  "over.report": "Analiza komputerowa",
};

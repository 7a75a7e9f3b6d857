// Polski: dzwonek w nagłówku i powiadomienia przeglądarki (zob. notices-en.ts).
import type { noticesEn } from "./notices-en";

export const noticesPl: Record<keyof typeof noticesEn, string> = {
  "bell.button": "Powiadomienia: nieprzeczytane {n}",
  "bell.title": "Powiadomienia",
  "bell.empty": "Nic nowego.",
  "bell.your_turn": "Twój ruch w partii z {name}",
  "bell.challenge": "{name} wyzywa cię na partię",
  "bell.won": "Wygrana z {name}",
  "bell.lost": "Przegrana z {name}",
  "bell.drawn": "Remis z {name}",
  "bell.aborted": "Partia z {name} przerwana",
  "bell.tournament_starting": "Rozpoczęła się arena, w której grasz",
  "bell.tournament_game": "Twoja następna partia areny z {name}",
  "bell.challenge_accepted": "{name} przyjął(-ęła) twoje wyzwanie",
  "bell.challenge_declined": "{name} odrzucił(a) twoje wyzwanie",
  "bell.unread": "nieprzeczytane",
  "bell.mark_read": "Oznacz wszystkie jako przeczytane",
  "bell.enable": "Pokazuj powiadomienia tej przeglądarki",
  "bell.enabled": "Ta przeglądarka pokazuje powiadomienia, gdy strona jest w tle.",
  "bell.denied": "Powiadomienia są zablokowane w ustawieniach witryny tej przeglądarki.",
};

// Deutsch: die Glocke in der Kopfzeile und die Benachrichtigungen des Browsers (siehe notices-en.ts).
import type { noticesEn } from "./notices-en";

export const noticesDe: Record<keyof typeof noticesEn, string> = {
  "bell.button": "Benachrichtigungen: {n} ungelesen",
  "bell.title": "Benachrichtigungen",
  "bell.empty": "Nichts Neues.",
  "bell.your_turn": "Du bist dran gegen {name}",
  "bell.challenge": "{name} fordert dich heraus",
  "bell.won": "Gewonnen gegen {name}",
  "bell.lost": "Verloren gegen {name}",
  "bell.drawn": "Remis gegen {name}",
  "bell.aborted": "Partie gegen {name} abgebrochen",
  "bell.tournament_starting": "Eine Arena, der du beigetreten bist, hat begonnen",
  "bell.tournament_game": "Deine nächste Arena-Partie gegen {name}",
  "bell.challenge_accepted": "{name} hat deine Herausforderung angenommen",
  "bell.challenge_declined": "{name} hat deine Herausforderung abgelehnt",
  "bell.unread": "ungelesen",
  "bell.mark_read": "Alle als gelesen markieren",
  "bell.enable": "Benachrichtigungen dieses Browsers anzeigen",
  "bell.enabled": "Dieser Browser zeigt Benachrichtigungen, solange die Seite im Hintergrund ist.",
  "bell.denied": "Benachrichtigungen sind in den Website-Einstellungen dieses Browsers blockiert.",
};

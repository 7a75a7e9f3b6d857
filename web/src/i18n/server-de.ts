// Deutsch: die Meldungen des Servers, nach ihrem Code (siehe server-en.ts).
import type { serverEn } from "./server-en";

export const serverDe: Record<keyof typeof serverEn, string> = {
  "server.vacation_refused": "Jetzt kein Urlaub: einer läuft schon, oder es sind nicht genug Tage übrig.",
  "server.no_vacation": "Es läuft kein Urlaub.",
  "server.not_your_turn": "Du bist nicht am Zug.",
  "server.stale": "Die Partie ist inzwischen weitergegangen; das Brett wurde aktualisiert.",
  "server.not_started": "Die Partie hat noch nicht begonnen.",
  "server.game_over": "Die Partie ist beendet.",
  "server.game_not_found": "Diese Partie gibt es nicht.",
  "server.bad_token": "Der Platzschlüssel dieses Browsers für die Partie ist ungültig; du schaust zu.",
  "server.not_seated": "Das können nur die Spieler; du schaust zu.",
  "server.seat_taken": "Dieser Platz ist schon besetzt.",
  "server.rate_limited": "Zu viele Anfragen auf einmal; warte kurz und versuche es noch einmal.",
  "server.illegal_decision": "Dieser Zug ist hier nicht erlaubt.",
  "server.not_allowed": "Das geht jetzt nicht.",
  "server.not_allowed.rated_needs_account":
    "Gewertete Partien brauchen ein Konto: melde dich an oder spiele eine ungewertete Partie.",
  "server.not_allowed.not_pairing": "Du wartest auf keine Paarung.",
  "server.not_allowed.own_seek": "Das ist dein eigenes Gesuch.",
  "server.not_allowed.challenge_self": "Du kannst dich nicht selbst herausfordern.",
  "server.not_allowed.opponent_guest":
    "{name} spielt als Gast: gewertete Partien brauchen auf beiden Seiten ein Konto.",
  "server.unknown_command": "{command}: diesen Befehl gibt es nicht (versuche /help).",
  "server.muted": "Dein Konto ist stummgeschaltet: du kannst nicht chatten.",
  "server.unknown_chat_line": "Diese Chatzeile gibt es nicht mehr.",
  "server.bad_line":
    "Eine bedingte Zugfolge ist ungültig: jede Entscheidung muss erlaubt sein, und jede Folge muss mit dem Ende deines Zuges enden.",
  "server.too_many_lines": "Höchstens {max} bedingte Zugfolgen.",
  "server.not_correspondence": "Bedingte Zugfolgen gibt es nur in Fernpartien.",
  "server.not_active": "Die Partie läuft nicht.",
  "server.your_turn": "Du bist am Zug: entscheide, statt bedingte Zugfolgen zu speichern.",
  "server.too_many_games": "Du hast schon {max} laufende Fernpartien: beende zuerst eine.",
  "server.too_many_open":
    "Du hast schon {max} offene Gesuche, Herausforderungen oder wartende Partien: brich eine ab oder warte.",
  "server.no_seek": "Dieses Gesuch ist weg (angenommen, zurückgezogen oder abgelaufen).",
  "server.no_challenge": "Diese Herausforderung gibt es nicht mehr.",
  "server.player_offline": "{name} ist gerade nicht online: versuche es später.",
  "server.unknown_player": "Es gibt keinen Spieler namens {name} (kein Konto und kein Gast in der Lobby).",
  "server.player_not_found": "Diesen Spieler gibt es nicht.",
  "server.out_of_range": "Deine Wertung {rating} liegt außerhalb des Bereichs {min}-{max} dieses Gesuchs.",
  "server.store_unavailable":
    "Der Server kann gerade nichts speichern; nichts wurde geändert. Versuche es später noch einmal.",
  "server.ai_busy": "Der Computer ist mit anderen Partien beschäftigt; versuche es gleich noch einmal.",
  "server.busy": "Der Server ist ausgelastet; versuche es gleich noch einmal.",
  "server.restarting": "Der Server startet neu; versuche es gleich noch einmal.",
  "server.internal": "Auf dem Server ist etwas schiefgegangen; nichts wurde geändert.",
  "server.bad_name": "Der Name muss 3-20 Buchstaben, Ziffern, _ oder - haben und darf nicht reserviert sein.",
  "server.bad_password": "Das Passwort muss mindestens 8 Zeichen haben.",
  "server.name_taken": "Dieser Name ist vergeben.",
  "server.bad_scopes": "Wähle mindestens einen Bereich für das Token.",
  "server.too_many_tokens": "Du hast schon 20 Tokens: widerrufe zuerst eines.",
  "server.no_such_token": "Dieses Token gibt es nicht mehr.",
  "server.name_look_alike": "Dieser Name ähnelt zu sehr einem vorhandenen.",
  "server.name_reserved": "Dieser Name gehört dem Computer; wähle einen anderen.",
  "server.registration_limited":
    "Zu viele neue Konten von deiner Adresse; versuche es in {retry_after_s} s noch einmal.",
  "server.bad_credentials": "Falscher Name oder falsches Passwort.",
  "server.login_throttled": "Zu viele Fehlversuche; versuche es in {retry_after_s} s noch einmal.",
  "server.not_logged_in": "Melde dich zuerst an.",
  "server.bad_email": "Das sieht nicht wie eine E-Mail-Adresse aus.",
  "server.email_limited": "Du hast die Adresse zu oft geändert; versuche es in {retry_after_s} s noch einmal.",
  "server.reset_limited": "Zu oft ein neues Passwort angefordert; versuche es in {retry_after_s} s noch einmal.",
  "server.link_expired": "Dieser Link gilt nicht mehr: Er wurde schon benutzt oder ist abgelaufen.",
  "server.mail_disabled":
    "Dieser Server verschickt keine Mails: E-Mail-Adressen und neue Passwörter per Mail sind abgeschaltet.",
  "server.help":
    "Befehle: /join [Name] einen freien Platz nehmen; /start dem Start zustimmen; /resign aufgeben; /abort abbrechen (vor dem ersten Ringzug); /undo bitten, den letzten Zug zurückzunehmen (oder die Bitte des Gegners annehmen); /accept, /decline eine Rücknahmebitte beantworten; /rematch eine Revanche anbieten; /help dieser Text. Alles andere ist eine Chatzeile.",
  "server.challenge_declined": "{name} hat deine Herausforderung abgelehnt.",
  "server.clock_held":
    "Der Server kann gerade keine Züge speichern: Die Uhr steht, bis er es wieder kann, und niemand verliert derweil auf Zeit.",
  "server.clock_released": "Züge werden wieder gespeichert: Die Uhr läuft.",
};

// Deutsch: Aufgaben (/puzzles), Lernkurs (/learn) und Regeln (/rules) (siehe learn-en.ts).
import type { learnEn } from "./learn-en";

export const learnDe: Record<keyof typeof learnEn, string> = {
  "nav.puzzles": "Aufgaben",
  "nav.learn": "Lernen",

  "lobby.learn_link": "Neu bei YINSH? Spielen lernen",
  "lobby.puzzles_link": "Mit Aufgaben trainieren",

  "puzzle.loading": "Die Aufgaben werden geladen…",
  "puzzle.load_failed": "Die Aufgaben konnten nicht geladen werden: {message}",
  "puzzle.board": "Aufgabenbrett",
  "puzzle.heading": "Aufgabe {id}",
  "puzzle.task_win": "{color} ist am Zug: Gewinne einen Ring.",
  "puzzle.task_save": "{color} ist am Zug: Der Gegner droht einen Ring zu gewinnen. Verhindere es.",
  "puzzle.meta":
    "Aufgabenwertung {rating} · {n, plural, one {# Zug} other {# Züge}} · entfernte Ringe: Weiß {w}, Schwarz {b}",
  "puzzle.your_turn": "Du bist dran.",
  "puzzle.thinking": "Der Gegner antwortet…",
  "puzzle.solved": "Gelöst!",
  "puzzle.failed_win": "Diesmal nicht: Diese Folge gewinnt keinen Ring.",
  "puzzle.failed_save": "Diesmal nicht: Danach gewinnt der Gegner einen Ring.",
  "puzzle.your_line": "Deine Folge und die Antwort des Programms:",
  "puzzle.answer_shown": "Auf dem Brett: die Antwort des Gegners, {line}.",
  "puzzle.solution": "Die Lösung:",
  "puzzle.engine_line": "Die Folge des Programms:",
  "puzzle.show_solution": "Lösung zeigen",
  "puzzle.retry": "Noch einmal",
  "puzzle.next": "Nächste Aufgabe",
  "puzzle.progress_title": "Dein Fortschritt",
  "puzzle.rating": "Deine Aufgabenwertung: {rating}",
  "puzzle.progress": "{solved} von {tried} versuchten gelöst (in diesem Browser gespeichert).",
  "puzzle.progress_account": "{solved} von {tried} versuchten gelöst (mit deinem Konto gespeichert).",
  "puzzle.guest_note":
    "Deine Gastwertung in diesem Browser ({rating}, {tried} versucht) gilt nicht, solange du angemeldet bist; sie bleibt hier erhalten.",
  "puzzle.login_hint": "Melde dich an, um deine Aufgabenwertung mit deinem Konto zu speichern.",
  "puzzle.save_failed": "Dein Ergebnis konnte nicht gespeichert werden: {message}",
  "puzzle.load_progress_failed": "Deine Aufgabenwertung konnte nicht geladen werden: {message}",
  "puzzle.recent": "Deine letzten gewerteten Aufgaben",
  "puzzle.recent_solved": "gelöst ({diff})",
  "puzzle.recent_failed": "verfehlt ({diff})",
  "player.puzzles": "Aufgaben",
  "player.puzzle_counts": "{solved} von {attempts} versuchten gelöst",
  "puzzle.all_done": "Du hast alle Aufgaben versucht.",
  "puzzle.learn_link": "Neu bei YINSH? Lerne zuerst die Regeln.",

  "learn.title": "YINSH spielen lernen",
  "learn.intro": "Kurze Schritte auf kleinen Stellungen: Tu auf dem Brett, was jeder Schritt verlangt.",
  "learn.board": "Lernbrett",
  "learn.steps": "Schritte",
  "learn.step_of": "Schritt {n} von {total}",
  "learn.done_mark": "erledigt",
  "learn.next": "Nächster Schritt",
  "learn.reset": "Schritt neu beginnen",
  "learn.missed": "Nicht ganz. {why} Versuch es noch einmal.",
  "learn.no_reason": "Das Ziel des Schritts wurde nicht erreicht.",
  "learn.other_ring": "Du hast den Ring auf {from} gezogen; in diesem Schritt geht es um den Ring auf {ring}.",
  "learn.flipped_own":
    "Dein Ring ist über {n, plural, one {# deiner eigenen Steine gesprungen und hat ihn schwarz gemacht} other {# deiner eigenen Steine gesprungen und hat sie schwarz gemacht}}, daher ist keine Reihe aus fünf weißen Steinen entstanden.",
  "learn.jump.miss":
    "Dein Ring ist über keinen Stein gesprungen: Zieh ihn entlang der Linie der Steine, sodass er über sie hinweg springt.",
  "learn.flip.miss":
    "Nicht alle von d4, d5 und d6 sind weiß geworden: Ein Ring dreht nur die Steine, über die er springt, er muss also in einem Zug über alle drei springen.",
  "learn.row.miss":
    "Dieser Zug hat keine Reihe aus fünf weißen Steinen gebildet, es gibt also nichts zu entfernen. Finde den Punkt, der die vier weißen Steine in einer Linie ergänzt.",
  "learn.two_rows.miss":
    "Es ist keine Reihe entstanden: Zieh den Ring auf e6 vom Kreuzungspunkt der beiden Linien weg, damit sein Stein beide ergänzt.",
  "learn.gift_row.miss":
    "Es ist keine schwarze Reihe entstanden: Der Ring auf e5 muss über den Stein auf e6 springen, der dann schwarz wird.",
  "learn.blitz.miss": "Dieser Zug hat keine Reihe aus fünf weißen Steinen gebildet, also wurde kein Ring entfernt.",
  "learn.all_done": "Du hast den Lernkurs abgeschlossen. Probiere die Aufgaben oder spiele eine Partie!",
  "learn.rules_link": "Die Regeln, mit Bildern",
  "learn.place.title": "Ringe setzen",
  "learn.place.task":
    "Das Spiel beginnt mit leerem Brett. Klicke auf einen Punkt, um einen deiner fünf Ringe zu setzen.",
  "learn.place.done": "Die Spieler setzen abwechselnd, bis alle zehn Ringe auf dem Brett stehen.",
  "learn.move.title": "Einen Ring ziehen",
  "learn.move.task": "Klicke deinen Ring auf e5 an, dann einen der markierten Punkte. Er zieht in gerader Linie.",
  "learn.move.done": "Jeder Zug lässt einen Stein deiner Farbe dort, wo der Ring stand.",
  "learn.jump.title": "Springen",
  "learn.jump.task":
    "Ein Ring darf über eine Gruppe von Steinen springen und landet auf dem ersten freien Punkt dahinter. Spring mit deinem Ring auf e3 über die Steine.",
  "learn.jump.done": "Ein Ring springt nie über einen Ring und landet nie auf einem Stein.",
  "learn.flip.title": "Umdrehen",
  "learn.flip.task":
    "Jeder übersprungene Stein wird auf die andere Farbe gedreht. Mach die drei schwarzen Steine auf d4, d5 und d6 weiß.",
  "learn.flip.done": "Umdrehen wechselt den Besitzer der Steine: Achte auf die Reihen, die dabei entstehen.",
  "learn.row.title": "Eine Reihe: entferne sie und einen Ring",
  "learn.row.task":
    "Fünf Steine deiner Farbe in einer Linie bilden eine Reihe. Bilde eine, entferne sie durch Klick auf ihren ersten und letzten Stein, dann entferne einen deiner Ringe.",
  "learn.row.done": "Jeder entfernte Ring bringt dich dem Sieg näher: Drei Ringe gewinnen.",
  "learn.two_rows.title": "Zwei Reihen auf einmal",
  "learn.two_rows.task":
    "Ziehst du den Ring von e6 weg, entstehen zwei Reihen mit einem gemeinsamen Stein. Wähle eine durch Klick auf ihren ersten und letzten Stein, dann entferne einen Ring.",
  "learn.two_rows.done": "Die andere Reihe hat ihren gemeinsamen Stein verloren und ist weg: diesmal nur ein Ring.",
  "learn.gift_row.title": "Eine Reihe für den Gegner",
  "learn.gift_row.task":
    "Vorsicht: Ein Sprung kann Steine zu einer Reihe der anderen Farbe drehen. Spring mit dem Ring auf e5 über den Stein auf e6 und sieh, wie die schwarze Reihe entsteht.",
  "learn.gift_row.done":
    "Schwarz entfernt diese Reihe und einen seiner Ringe zu Beginn seines Zuges: ein Geschenk. Erst schauen, dann springen!",
  "learn.opponent_row.title": "Eine Reihe für dich",
  "learn.opponent_row.task":
    "Der letzte Zug von Schwarz hat Steine gedreht und eine Reihe deiner Farbe gebildet. Zu Beginn deines Zuges entfernst du sie und einen deiner Ringe.",
  "learn.opponent_row.done": "Also Vorsicht: Ein Zug, der dem Gegner eine Reihe bildet, schenkt ihm einen Ring.",
  "learn.pool.title": "Der 51. Stein",
  "learn.pool.task": "Es gibt 51 Steine. Nur einer ist übrig, und du hast mehr Ringe entfernt: Mach irgendeinen Zug.",
  "learn.pool.done": "Der letzte Stein hat das Spiel beendet: Wer mehr Ringe entfernt hat, gewinnt.",
  "learn.blitz.title": "Die Blitz-Variante",
  "learn.blitz.task": "Im Blitz gewinnt der erste entfernte Ring. Gewinne ihn.",
  "learn.blitz.done": "Ein schnelleres Spiel: Jede Reihe zählt.",

  "rules.title": "Die Regeln von YINSH",
  "rules.picture": "Brett: {what}",
  "rules.aim_title": "Das Ziel",
  "rules.aim":
    "Entferne als Erster drei deiner eigenen Ringe. Einen Ring entfernst du jedes Mal, wenn du eine Reihe aus fünf Steinen deiner Farbe bildest.",
  "rules.setup_title": "Die Ringe setzen",
  "rules.setup": "Weiß beginnt. Die Spieler setzen abwechselnd ihre fünf Ringe auf freie Punkte.",
  "rules.move_title": "Ziehen",
  "rules.move":
    "In deinem Zug legst du einen Stein deiner Farbe in einen deiner Ringe und ziehst diesen Ring in gerader Linie auf einen freien Punkt. Der Stein bleibt liegen.",
  "rules.jump_title": "Springen und Umdrehen",
  "rules.jump":
    "Ein Ring zieht über freie Punkte und dann über höchstens eine Gruppe von Steinen bis zum ersten freien Punkt dahinter; er überspringt nie einen Ring. Jeder übersprungene Stein wird umgedreht.",
  "rules.row_title": "Reihen",
  "rules.row":
    "Fünf Steine einer Farbe in einer Linie sind eine Reihe. Ihr Besitzer entfernt die fünf Steine (bei mehreren Möglichkeiten durch Wahl des ersten und letzten) und einen Ring. Eine Reihe für den Gegner entfernt dieser zu Beginn seines Zuges.",
  "rules.end_title": "Das Ende",
  "rules.end":
    "Drei entfernte Ringe gewinnen. Liegen alle 51 Steine auf dem Brett, endet das Spiel, und mehr entfernte Ringe gewinnen (Gleichstand ist remis). Im Blitz gewinnt der erste entfernte Ring.",
  "rules.learn_link": "Durch Spielen lernen: der Lernkurs",
};

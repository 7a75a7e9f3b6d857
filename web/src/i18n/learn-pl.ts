// Polski: zadania (/puzzles), samouczek (/learn) i zasady (/rules) (zob. learn-en.ts).
import type { learnEn } from "./learn-en";

export const learnPl: Record<keyof typeof learnEn, string> = {
  "nav.puzzles": "Zadania",
  "nav.learn": "Nauka",

  "lobby.learn_link": "Nie znasz YINSH? Naucz się grać",
  "lobby.puzzles_link": "Trenuj na zadaniach",

  "puzzle.loading": "Wczytywanie zadań…",
  "puzzle.load_failed": "Nie udało się wczytać zadań: {message}",
  "puzzle.board": "Plansza zadania",
  "puzzle.heading": "Zadanie {id}",
  "puzzle.task_win": "Ruch ma {color}: zdobądź pierścień.",
  "puzzle.task_save": "Ruch ma {color}: przeciwnik grozi zdobyciem pierścienia. Powstrzymaj go.",
  "puzzle.meta":
    "Ranking zadania {rating} · {n, plural, one {# ruch} few {# ruchy} many {# ruchów} other {# ruchu}} · zdjęte pierścienie: białe {w}, czarne {b}",
  "puzzle.your_turn": "Twoja decyzja.",
  "puzzle.thinking": "Przeciwnik odpowiada…",
  "puzzle.solved": "Rozwiązane!",
  "puzzle.failed_win": "Nie tym razem: ten wariant nie zdobywa pierścienia.",
  "puzzle.failed_save": "Nie tym razem: potem przeciwnik zdobywa pierścień.",
  "puzzle.your_line": "Twój wariant i odpowiedź programu:",
  "puzzle.answer_shown": "Na planszy: odpowiedź przeciwnika, {line}.",
  "puzzle.solution": "Rozwiązanie:",
  "puzzle.engine_line": "Wariant programu:",
  "puzzle.show_solution": "Pokaż rozwiązanie",
  "puzzle.retry": "Spróbuj ponownie",
  "puzzle.next": "Następne zadanie",
  "puzzle.progress_title": "Twoje postępy",
  "puzzle.rating": "Twój ranking zadań: {rating}",
  "puzzle.progress": "Rozwiązane {solved} z {tried} prób (zapisane w tej przeglądarce).",
  "puzzle.progress_account": "Rozwiązane {solved} z {tried} prób (zapisane na twoim koncie).",
  "puzzle.guest_note":
    "Twój ranking gościa w tej przeglądarce ({rating}, prób: {tried}) nie jest używany, gdy jesteś zalogowany; zostaje tutaj.",
  "puzzle.login_hint": "Zaloguj się, aby zapisać ranking zadań na swoim koncie.",
  "puzzle.save_failed": "Nie udało się zapisać wyniku: {message}",
  "puzzle.load_progress_failed": "Nie udało się wczytać rankingu zadań: {message}",
  "puzzle.recent": "Twoje ostatnie rankingowe zadania",
  "puzzle.recent_solved": "rozwiązane ({diff})",
  "puzzle.recent_failed": "nieudane ({diff})",
  "player.puzzles": "Zadania",
  "player.puzzle_counts": "rozwiązane {solved} z {attempts} prób",
  "puzzle.all_done": "Próbowałeś już wszystkich zadań.",
  "puzzle.learn_link": "Nie znasz YINSH? Najpierw poznaj zasady.",

  "learn.title": "Naucz się grać w YINSH",
  "learn.intro": "Krótkie kroki na małych pozycjach: zrób na planszy to, o co prosi każdy krok.",
  "learn.board": "Plansza samouczka",
  "learn.steps": "Kroki",
  "learn.step_of": "Krok {n} z {total}",
  "learn.done_mark": "zrobione",
  "learn.next": "Następny krok",
  "learn.reset": "Zacznij krok od nowa",
  "learn.missed": "Nie całkiem. {why} Spróbuj ponownie.",
  "learn.no_reason": "Cel kroku nie został osiągnięty.",
  "learn.other_ring": "Ruszyłeś pierścień z {from}; ten krok dotyczy pierścienia na {ring}.",
  "learn.flipped_own":
    "Twój pierścień przeskoczył {n, plural, one {# twój żeton i zmienił go na czarny} few {# twoje żetony i zmienił je na czarne} many {# twoich żetonów i zmienił je na czarne} other {# twojego żetonu i zmienił je na czarne}}, więc nie powstał rząd pięciu białych żetonów.",
  "learn.jump.miss":
    "Twój pierścień nie przeskoczył żadnego żetonu: przesuń go wzdłuż linii żetonów, tak by nad nimi przeskoczył.",
  "learn.flip.miss":
    "Nie wszystkie z d4, d5 i d6 stały się białe: pierścień odwraca tylko żetony, nad którymi skacze, więc musi przeskoczyć wszystkie trzy w jednym ruchu.",
  "learn.row.miss":
    "Ten ruch nie utworzył rzędu pięciu białych żetonów, więc nie ma czego zdjąć. Znajdź punkt, który uzupełnia cztery białe żetony w linii.",
  "learn.two_rows.miss":
    "Nie powstał żaden rząd: odsuń pierścień z e6, z punktu, w którym krzyżują się obie linie, by jego żeton dołączył do obu.",
  "learn.gift_row.miss":
    "Nie pojawił się czarny rząd: pierścień z e5 musi przeskoczyć żeton na e6, który wtedy staje się czarny.",
  "learn.blitz.miss": "Ten ruch nie utworzył rzędu pięciu białych żetonów, więc żaden pierścień nie został zdjęty.",
  "learn.all_done": "Ukończyłeś samouczek. Spróbuj zadań albo zagraj partię!",
  "learn.rules_link": "Zasady z obrazkami",
  "learn.place.title": "Stawianie pierścieni",
  "learn.place.task":
    "Gra zaczyna się na pustej planszy. Kliknij dowolny punkt, aby postawić jeden z pięciu pierścieni.",
  "learn.place.done": "Gracze stawiają pierścienie na zmianę, aż wszystkie dziesięć stoi na planszy.",
  "learn.move.title": "Ruch pierścieniem",
  "learn.move.task":
    "Kliknij swój pierścień na e5, a potem jeden z podświetlonych punktów. Porusza się w linii prostej.",
  "learn.move.done": "Każdy ruch zostawia żeton twojego koloru tam, gdzie stał pierścień.",
  "learn.jump.title": "Skakanie",
  "learn.jump.task":
    "Pierścień może przeskoczyć grupę żetonów i staje na pierwszym wolnym punkcie za nimi. Przeskocz pierścieniem z e3 nad żetonami.",
  "learn.jump.done": "Pierścień nigdy nie przeskakuje innego pierścienia i nie staje na żetonie.",
  "learn.flip.title": "Odwracanie",
  "learn.flip.task": "Każdy przeskoczony żeton zmienia kolor. Zamień trzy czarne żetony na d4, d5 i d6 na białe.",
  "learn.flip.done": "Odwracanie zmienia właściciela żetonów: szukaj rzędów, które przy tym powstają.",
  "learn.row.title": "Rząd: zdejmij go i pierścień",
  "learn.row.task":
    "Pięć żetonów twojego koloru w linii to rząd. Ułóż go, zdejmij, klikając pierwszy i ostatni żeton, a potem zdejmij jeden ze swoich pierścieni.",
  "learn.row.done": "Każdy zdjęty pierścień przybliża zwycięstwo: trzy pierścienie wygrywają.",
  "learn.two_rows.title": "Dwa rzędy naraz",
  "learn.two_rows.task":
    "Odsunięcie pierścienia z e6 tworzy dwa rzędy ze wspólnym żetonem. Wybierz jeden, klikając jego pierwszy i ostatni żeton, potem zdejmij pierścień.",
  "learn.two_rows.done": "Drugi rząd stracił wspólny żeton i zniknął: tym razem tylko jeden pierścień.",
  "learn.gift_row.title": "Rząd dla przeciwnika",
  "learn.gift_row.task":
    "Uwaga: skok może odwrócić żetony w rząd drugiego koloru. Przeskocz pierścieniem z e5 nad żetonem na e6 i zobacz, jak powstaje rząd czarnych.",
  "learn.gift_row.done":
    "Czarne zdejmą ten rząd i jeden ze swoich pierścieni na początku swojej tury: prezent. Patrz, zanim skoczysz!",
  "learn.opponent_row.title": "Rząd ułożony dla ciebie",
  "learn.opponent_row.task":
    "Ostatni ruch czarnych odwrócił żetony i ułożył rząd twojego koloru. Na początku swojej tury zdejmujesz go i jeden ze swoich pierścieni.",
  "learn.opponent_row.done": "Uważaj więc: ruch, który układa rząd przeciwnikowi, daje mu pierścień.",
  "learn.pool.title": "51. żeton",
  "learn.pool.task": "Żetonów jest 51. Został tylko jeden, a ty zdjąłeś więcej pierścieni: wykonaj dowolny ruch.",
  "learn.pool.done": "Ostatni żeton zakończył grę: wygrywa ten, kto zdjął więcej pierścieni.",
  "learn.blitz.title": "Wariant blitz",
  "learn.blitz.task": "W blitzu pierwszy zdjęty pierścień wygrywa grę. Zdobądź go.",
  "learn.blitz.done": "Szybsza gra: liczy się każdy rząd.",

  "rules.title": "Zasady YINSH",
  "rules.picture": "Plansza: {what}",
  "rules.aim_title": "Cel gry",
  "rules.aim":
    "Jako pierwszy zdejmij trzy własne pierścienie. Pierścień zdejmujesz za każdym razem, gdy ułożysz rząd pięciu żetonów swojego koloru.",
  "rules.setup_title": "Stawianie pierścieni",
  "rules.setup": "Zaczynają białe. Gracze na zmianę stawiają swoje pięć pierścieni na wolnych punktach.",
  "rules.move_title": "Ruch",
  "rules.move":
    "W swojej turze włóż żeton swojego koloru do jednego ze swoich pierścieni i przesuń ten pierścień w linii prostej na wolny punkt. Żeton zostaje.",
  "rules.jump_title": "Skoki i odwracanie",
  "rules.jump":
    "Pierścień przechodzi przez wolne punkty, a potem przez co najwyżej jedną grupę żetonów, do pierwszego wolnego punktu za nią; nigdy nie mija pierścienia. Każdy przeskoczony żeton jest odwracany.",
  "rules.row_title": "Rzędy",
  "rules.row":
    "Pięć żetonów jednego koloru w linii to rząd. Jego właściciel zdejmuje pięć żetonów (przy kilku możliwościach wybiera pierwszy i ostatni) oraz jeden pierścień. Rząd ułożony dla przeciwnika zdejmuje przeciwnik na początku swojej tury.",
  "rules.end_title": "Koniec",
  "rules.end":
    "Trzy zdjęte pierścienie wygrywają. Gdy wszystkie 51 żetonów leży na planszy, gra się kończy i wygrywa więcej zdjętych pierścieni (równość to remis). W blitzu wygrywa pierwszy zdjęty pierścień.",
  "rules.learn_link": "Ucz się, grając: samouczek",
};

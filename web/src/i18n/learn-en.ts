// English for the learning pages: the puzzle trainer (/puzzles), the tutorial (/learn) and the
// rules (/rules). Part of the catalogue (spread into en.ts).
export const learnEn = {
  "nav.puzzles": "Puzzles",
  "nav.learn": "Learn",

  "lobby.learn_link": "New to YINSH? Learn to play",
  "lobby.puzzles_link": "Train with puzzles",

  "puzzle.loading": "Loading the puzzles…",
  "puzzle.load_failed": "The puzzles could not be loaded: {message}",
  "puzzle.board": "Puzzle board",
  "puzzle.heading": "Puzzle {id}",
  "puzzle.task_win": "{color} to play: win a ring.",
  "puzzle.task_save": "{color} to play: the opponent threatens to win a ring. Stop it.",
  "puzzle.meta":
    "Puzzle rating {rating} · {n, plural, one {# turn} other {# turns}} · rings removed: White {w}, Black {b}",
  "puzzle.your_turn": "Your decision.",
  "puzzle.thinking": "The opponent answers…",
  "puzzle.solved": "Solved!",
  "puzzle.failed_win": "Not this time: that line does not win a ring.",
  "puzzle.failed_save": "Not this time: after that the opponent wins a ring.",
  "puzzle.your_line": "Your line, and the engine's answer:",
  "puzzle.answer_shown": "On the board: the opponent's answer, {line}.",
  "puzzle.solution": "The solution:",
  "puzzle.engine_line": "The engine's line:",
  "puzzle.show_solution": "Show the solution",
  "puzzle.retry": "Try again",
  "puzzle.next": "Next puzzle",
  "puzzle.progress_title": "Your progress",
  "puzzle.rating": "Your puzzle rating: {rating}",
  "puzzle.progress": "Solved {solved} of {tried} tried (kept in this browser).",
  "puzzle.progress_account": "Solved {solved} of {tried} tried (kept with your account).",
  "puzzle.guest_note":
    "Your guest rating in this browser ({rating}, {tried} tried) is not used while you are logged in; it stays here.",
  "puzzle.login_hint": "Log in to keep your puzzle rating with your account.",
  "puzzle.save_failed": "Your result could not be saved: {message}",
  "puzzle.load_progress_failed": "Your puzzle rating could not be loaded: {message}",
  "puzzle.recent": "Your latest rated puzzles",
  "puzzle.recent_solved": "solved ({diff})",
  "puzzle.recent_failed": "missed ({diff})",
  "player.puzzles": "Puzzles",
  "player.puzzle_counts": "{solved} solved of {attempts} tried",
  "puzzle.all_done": "You have tried every puzzle.",
  "puzzle.learn_link": "New to YINSH? Learn the rules first.",

  "learn.title": "Learn to play YINSH",
  "learn.intro": "Short steps on small positions: do what each step asks on the board.",
  "learn.board": "Tutorial board",
  "learn.steps": "Steps",
  "learn.step_of": "Step {n} of {total}",
  "learn.done_mark": "done",
  "learn.next": "Next step",
  "learn.reset": "Start the step again",
  "learn.missed": "Not quite. {why} Try again.",
  "learn.no_reason": "The step's goal was not reached.",
  "learn.other_ring": "You moved the ring on {from}; this step is about the ring on {ring}.",
  "learn.flipped_own":
    "Your ring jumped over {n, plural, one {# of your own markers and turned it black} other {# of your own markers and turned them black}}, so no row of five white markers was made.",
  "learn.jump.miss":
    "Your ring moved without jumping over a marker: move it along the line of markers so that it passes over them.",
  "learn.flip.miss":
    "Not all of d4, d5 and d6 turned white: a ring flips only the markers it jumps over, so it must jump over all three in one move.",
  "learn.row.miss":
    "That move made no row of five white markers, so there is nothing to remove. Find the point that completes the four white markers in a line.",
  "learn.two_rows.miss":
    "No row was made: move the ring on e6 off the point where the two lines cross, so that its marker joins both.",
  "learn.gift_row.miss":
    "No black row appeared: the ring on e5 must jump over the marker on e6, which then turns black.",
  "learn.blitz.miss": "That move made no row of five white markers, so no ring was removed.",
  "learn.all_done": "You have completed the tutorial. Try the puzzles, or play a game!",
  "learn.rules_link": "The rules, with pictures",
  "learn.place.title": "Placing rings",
  "learn.place.task": "The game begins with an empty board. Click any point to place one of your five rings.",
  "learn.place.done": "Players place their rings in turn until all ten are on the board.",
  "learn.move.title": "Moving a ring",
  "learn.move.task": "Click your ring on e5, then one of the highlighted points. It moves in a straight line.",
  "learn.move.done": "Every move leaves a marker of your colour where the ring stood.",
  "learn.jump.title": "Jumping",
  "learn.jump.task":
    "A ring may jump over a group of markers and lands on the first empty point after them. Jump your ring on e3 over the markers.",
  "learn.jump.done": "A ring never jumps over another ring, and never lands on a marker.",
  "learn.flip.title": "Flipping",
  "learn.flip.task":
    "Every marker a ring jumps over is flipped to the other colour. Turn the three black markers on d4, d5 and d6 white.",
  "learn.flip.done": "Flipping changes whose markers they are: look for the rows it makes.",
  "learn.row.title": "A row: remove it and a ring",
  "learn.row.task":
    "Five markers of your colour in a line make a row. Make one, remove it by clicking its first and last marker, then remove one of your rings.",
  "learn.row.done": "Each ring you remove brings you closer to winning: three rings win the game.",
  "learn.two_rows.title": "Two rows at once",
  "learn.two_rows.task":
    "Moving the ring on e6 away makes two rows that share a marker. Choose one by clicking its first and last marker, then remove a ring.",
  "learn.two_rows.done": "The other row lost its shared marker, so it is gone: only one ring this time.",
  "learn.gift_row.title": "A row for your opponent",
  "learn.gift_row.task":
    "Careful: a jump can flip markers into a row of the other colour. Jump the ring on e5 over the marker on e6 and watch Black's row appear.",
  "learn.gift_row.done":
    "Black removes that row and one of its rings at the start of its turn: a gift. Look before you jump!",
  "learn.opponent_row.title": "A row made for you",
  "learn.opponent_row.task":
    "Black's last move flipped markers and made a row of yours. At the start of your turn you remove it and one of your rings.",
  "learn.opponent_row.done": "So be careful: a move that makes a row for your opponent gives them a ring.",
  "learn.pool.title": "The 51st marker",
  "learn.pool.task": "There are 51 markers. Only one is left, and you have removed more rings: make any move.",
  "learn.pool.done": "The last marker ended the game: whoever removed more rings wins.",
  "learn.blitz.title": "The blitz variant",
  "learn.blitz.task": "In blitz, the first ring removed wins the game. Win it.",
  "learn.blitz.done": "A quicker game: every row counts.",

  "rules.title": "The rules of YINSH",
  "rules.picture": "Board: {what}",
  "rules.aim_title": "The aim",
  "rules.aim":
    "Be the first to remove three of your own rings. You remove a ring each time you make a row of five markers of your colour.",
  "rules.setup_title": "Placing the rings",
  "rules.setup": "White begins. The players place their five rings on empty points in turn.",
  "rules.move_title": "Moving",
  "rules.move":
    "In your turn, put a marker of your colour into one of your rings, then move that ring in a straight line to an empty point. The marker stays behind.",
  "rules.jump_title": "Jumping and flipping",
  "rules.jump":
    "A ring may move over empty points and then over one group of markers, stopping on the first empty point after them; it never passes a ring. Every marker it jumps is flipped.",
  "rules.row_title": "Rows",
  "rules.row":
    "Five markers of one colour in a line are a row. Its owner removes the five markers (choosing them by the first and the last when there are several) and one ring. A row made for the opponent is removed by the opponent at the start of their turn.",
  "rules.end_title": "The end",
  "rules.end":
    "Three rings removed wins. If all 51 markers are on the board, the game ends and more removed rings wins (equal is a draw). In the blitz variant, the first ring removed wins.",
  "rules.learn_link": "Learn by playing: the tutorial",
};

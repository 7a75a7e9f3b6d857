// The C API the browser calls (web/src/engine/core.ts): the rules core and the search compiled
// to WebAssembly. Text in, JSON text out; a returned pointer stays valid until the next call.
// Every function refuses bad input with {"error": "..."} and never aborts.
#pragma once

extern "C" {

// Position text (SPEC 5) in, the position out: {"text", "side", "step", "removed", "variant",
// "pool", "result", "board", "legal"}. An empty text is the standard start; "blitz" the blitz start.
const char* yinsh_position(const char* text);
// One decision played: {"position": {...with legal}, "decision": canonical text, "flipped": [points]}.
const char* yinsh_apply(const char* position, const char* decision);
// Decisions (separated by spaces or newlines) played from a start: {"positions": [start, after
// 1, ...] (without legal), "sides": ["w", ...] (who made each), "flipped": [[...], ...],
// "turns": [{"number", "first", "text"}]}; a bad decision stops the replay there and adds
// "error": "decision N: ..." and "ply": N (the lists hold what was played before it).
const char* yinsh_replay(const char* start, const char* decisions);
// One decision's syntax: {"decision": canonical text, "kind", "from", "to"} or {"error"}.
const char* yinsh_parse_decision(const char* text);
// A game record (SPEC 4; header optional): {"start": position text, "decisions": [...],
// "tags": [[name, value], ...]} or {"error"} naming the turn and why.
const char* yinsh_parse_record(const char* text);
// Decisions from a start written as a record's move text: {"record": "1.e4 2.f6 ..."}.
const char* yinsh_format_record(const char* start, const char* decisions);
// "Show threats": the rows the opponent of the side to decide could make with one ring move
// if it moved now: {"side": the opponent, "threats": [{"row": "xc3-c7", "from", "to", "by":
// [its ring moves that make it]}, ...]}; empty unless the step is `move` (wasm/threats.h).
const char* yinsh_threats(const char* position);
// Leaf decisions at `depth` below a position; -1 on a bad position or depth.
double yinsh_perft(const char* position, int depth);
// A search (level 0..8, budgets: 0 = none, multipv: lines wanted, 0 or 1 = one, at most 130):
// {"best", "score", "winprob", "depth", "nodes", "time_ms", "pv": [...], "lines": [{"depth",
// "score", "winprob", "nodes", "time_ms", "pv"}, ...] (one per finished depth), "multipv":
// [{"best", "score", "winprob", "pv"}, ...] (the best decisions of the last depth, best first;
// fewer when the position has fewer decisions or the level is random or noisy)}. Scores are
// the side to move's, in centi-rings; winprob its expected result in permille.
const char* yinsh_search(const char* position, int level, double nodes, int movetime_ms, int depth,
                         int multipv);
// Forgets the search's tables (a new game).
void yinsh_new_game();
// The playing levels: {"levels": [{"level": 0, "name": "random: ..."}, ...]}.
const char* yinsh_levels();
}

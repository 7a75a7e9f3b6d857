// Conditional lines of a correspondence game (docs/api.md "Conditional lines"): the replies a
// player stores on the opponent's turn, one line a row of decisions in the notation, which the
// server plays when the opponent plays into one. Private: only the player's own are shown.
import { useEffect, useState } from "preact/hooks";
import { analysisLink } from "../analysis/analysis";
import { t } from "../i18n";
import { errorText, request } from "../net/api";
import type { Game } from "../net/types";

type Stored = { base: number | null; lines: string[][] };

/** The lines typed in the box: one a row, decisions separated by spaces, commas or semicolons. */
export function parseLines(text: string): string[][] {
  return text
    .split("\n")
    .map((row) => row.split(/[\s,;]+/).filter(Boolean))
    .filter((line) => line.length > 0);
}

export function ConditionalLines({ game, myTurn }: { game: Game; myTurn: boolean }) {
  const id = game.id;
  const ply = game.state.ply;
  const [stored, setStored] = useState<Stored | null>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const path = `/api/games/${encodeURIComponent(id)}/conditional`;
  useEffect(() => {
    // Read again after every decision: a reply played or lines dropped change them.
    request<Stored>("GET", path).then(setStored, () => setStored(null));
  }, [path, ply]);
  if (!stored) return null; // no seat of an account here (or the server cannot say)
  const call = async (method: "PUT" | "DELETE", body?: unknown) => {
    try {
      setStored(await request<Stored>(method, path, body));
      setError(null);
      if (method === "PUT") setText("");
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <details class="conditional" data-testid="conditional">
      <summary>{t("conditional.title")}</summary>
      <p class="muted small">{t("conditional.help")}</p>
      {stored.lines.length ? (
        <ol>
          {stored.lines.map((line) => (
            <li key={line.join(" ")}>
              <code>{line.join(" ")}</code>
            </li>
          ))}
        </ol>
      ) : (
        <p class="muted small">{t("conditional.none")}</p>
      )}
      {myTurn ? (
        <p class="muted small">{t("conditional.your_turn")}</p>
      ) : (
        <form
          class="notation-form"
          onSubmit={(e) => {
            e.preventDefault();
            call("PUT", { lines: parseLines(text) });
          }}
        >
          <label for="conditional-lines">{t("conditional.label")}</label>
          <textarea
            id="conditional-lines"
            rows={3}
            spellcheck={false}
            placeholder={t("conditional.placeholder")}
            value={text}
            onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
          />
          <button type="submit">{t("conditional.save")}</button>
        </form>
      )}
      {myTurn ? null : <a href={analysisLink(game.start, game.decisions, id)}>{t("conditional.analysis")}</a>}{" "}
      {stored.lines.length ? (
        <button type="button" onClick={() => call("DELETE")}>
          {t("conditional.clear")}
        </button>
      ) : null}
      {error ? (
        <p class="error small" role="alert">
          {error}
        </p>
      ) : null}
    </details>
  );
}

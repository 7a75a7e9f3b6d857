// A tournament's chat (GET/POST /api/tournaments/<id>/chat): the last lines, oldest first, asked
// again every 3 s while the page is visible; a logged-in player writes a line (at most 500
// characters; the server refuses more than 5 in 10 s and says so), and removes their own lines
// (a moderator any). A guest reads, with a link to log in.
import { useEffect, useRef, useState } from "preact/hooks";
import { lang, t } from "../i18n";
import type { Account } from "../net/account";
import { errorText } from "../net/api";
import { ErrorNote } from "../ui/panels";
import { linkClick } from "../ui/router";
import { arenas, type ChatLine } from "./arena";
import { useVisiblePoll } from "./poll";

const POLL_MS = 3000;

export function TournamentChat({ id, account }: { id: string; account: Account | null | undefined }) {
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);

  const load = async () => {
    try {
      setLines((await arenas.chat(id)).lines);
    } catch {
      // The next look tries again.
    }
  };
  useVisiblePoll(load, POLL_MS, id);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length]);

  const send = async (e: Event) => {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    try {
      await arenas.say(id, text);
      setText("");
      setError(null);
      await load();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (line: string) => {
    try {
      await arenas.unsay(id, line);
      await load();
    } catch (err) {
      setError(errorText(err));
    }
  };

  const time = (at: number) => new Date(at).toLocaleTimeString(lang(), { hour: "2-digit", minute: "2-digit" });
  return (
    <section class="tournament-chat" aria-labelledby="chat-h" data-testid="tournament-chat">
      <h2 id="chat-h">{t("tchat.title")}</h2>
      {lines.length === 0 ? (
        <p class="small muted">{t("tchat.empty")}</p>
      ) : (
        <ol class="chat-lines" ref={list} aria-live="polite">
          {lines.map((l) => (
            <li key={l.id} class="chat-line" data-testid="chat-line">
              <span class="small muted">{time(l.at)}</span>{" "}
              <a href={`/@/${encodeURIComponent(l.name)}`} onClick={linkClick}>
                {l.name}
              </a>
              : <span class="chat-text">{l.text}</span>
              {account && (account.name === l.name || account.role === "admin") ? (
                <button
                  type="button"
                  class="chat-delete"
                  onClick={() => remove(l.id)}
                  aria-label={t("tchat.remove", { name: l.name })}
                >
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <ErrorNote error={error} />
      {account ? (
        <form class="chat-form" onSubmit={send}>
          <label for="tchat-text" class="sr-only">
            {t("tchat.label")}
          </label>
          <input
            id="tchat-text"
            name="tchat-text"
            maxLength={500}
            autocomplete="off"
            placeholder={t("tchat.placeholder")}
            value={text}
            onInput={(e) => setText((e.target as HTMLInputElement).value)}
          />
          <button type="submit" disabled={busy || !text.trim()}>
            {t("tchat.send")}
          </button>
        </form>
      ) : (
        <p class="small">
          <a href="/account" onClick={linkClick}>
            {t("tchat.login")}
          </a>
        </p>
      )}
    </section>
  );
}

// The links in the account's mails (links.ts), followed on the account page whether or not the
// visitor is logged in: a verify or unsubscribe link at once, with its outcome shown; a reset
// link asks for the new password first. Once the server has answered, the fragment is cleared
// (history.replaceState), so that a reload or a bookmark does not post a spent token again;
// when the server could not be reached, or asked to wait, it stays, and a reload tries again.
import { useEffect, useState } from "preact/hooks";
import { t } from "../i18n";
import { accountEmail, type MailKind, passwordReset } from "../net/account";
import { ApiError, errorText as message } from "../net/api";
import { type MailLink, parseMailLink } from "./links";

/** What the page shows for the link it was opened with (null: none). */
export type LinkState =
  | { show: "checking" }
  | { show: "done"; text: string }
  | { show: "failed"; text: string }
  | { show: "reset"; token: string }
  | null;

/** Takes the link with `token` out of the address bar, if it is still there (the visitor may
 *  have gone on to another page, with a fragment of its own, while the server answered). */
function clearFragment(token: string): void {
  if (parseMailLink(location.hash)?.token === token)
    history.replaceState(history.state, "", location.pathname + location.search);
}

/** The server refused the token itself (unknown, used or expired) or the request: trying the
 *  link again cannot help. Not so when it was unreachable, busy, or asked to wait (429). */
function refused(err: unknown): boolean {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429;
}

/** A token unknown, used or expired: bad_token (whose catalogue sentence is about a seat's
 *  token), or link_expired. */
function spent(err: unknown): boolean {
  return err instanceof ApiError && (err.code === "bad_token" || err.code === "link_expired");
}

function failure(err: unknown): string {
  return spent(err) ? t("account.link_invalid") : message(err);
}

function unsubscribed(kind: MailKind): string {
  if (kind === "your_turn") return t("account.unsubscribed_your_turn");
  if (kind === "time_low") return t("account.unsubscribed_time_low");
  if (kind === "challenges") return t("account.unsubscribed_challenges");
  return t("account.unsubscribed");
}

async function follow(link: MailLink): Promise<string> {
  if (link.kind === "verify") return t("account.link_verified", { name: (await accountEmail.verify(link.token)).name });
  return unsubscribed(await accountEmail.unsubscribe(link.token));
}

/**
 * The state of the page's mail link, read when the page opens and when its fragment changes.
 * `changed` (the first render's: it should only set state) is called once a link has changed
 * the account's address or mails. Kept by the page itself (not by a part that logging in or out
 * replaces), so that each link is posted once.
 */
export function useMailLink(changed: () => void): [LinkState, (s: LinkState) => void] {
  const [state, setState] = useState<LinkState>(null);
  useEffect(() => {
    let live = true;
    const open = (link: MailLink | null) => {
      if (!link) return;
      if (link.kind === "reset") return setState({ show: "reset", token: link.token });
      setState({ show: "checking" });
      follow(link).then(
        (text) => {
          clearFragment(link.token);
          if (!live) return;
          setState({ show: "done", text });
          changed();
        },
        (err) => {
          if (refused(err)) clearFragment(link.token);
          if (live) setState({ show: "failed", text: failure(err) });
        },
      );
    };
    open(parseMailLink(location.hash));
    const update = () => open(parseMailLink(location.hash));
    window.addEventListener("hashchange", update);
    return () => {
      live = false;
      window.removeEventListener("hashchange", update);
    };
  }, []);
  return [state, setState];
}

/** The form a reset link opens: the new password twice. `done` gets the account's name. */
function ResetPassword(props: { token: string; done: (name: string) => void; failed: (text: string) => void }) {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    if (password !== repeat) return setError(t("account.reset_mismatch"));
    setBusy(true);
    try {
      const name = await passwordReset.confirm(props.token, password);
      clearFragment(props.token);
      props.done(name);
    } catch (err) {
      if (spent(err)) {
        clearFragment(props.token);
        props.failed(failure(err));
      } else setError(message(err));
    } finally {
      setBusy(false);
    }
  };
  const field = (id: string, label: string, value: string, set: (v: string) => void) => (
    <>
      <label for={id}>{label}</label>
      <input
        id={id}
        type="password"
        autocomplete="new-password"
        required
        value={value}
        onInput={(e) => set((e.target as HTMLInputElement).value)}
      />
    </>
  );
  return (
    <form class="account-form" data-testid="reset-form" onSubmit={submit}>
      <h2>{t("account.reset_title")}</h2>
      {field("reset-password", t("account.new_password"), password, setPassword)}
      {field("reset-repeat", t("account.reset_repeat"), repeat, setRepeat)}
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" class="primary" disabled={busy}>
        {t("account.reset_submit")}
      </button>
    </form>
  );
}

/** The page's mail link: the form, or what came of it. `reset` gets the account's name. */
export function MailLinkPanel(props: { state: LinkState; set: (s: LinkState) => void; reset: (name: string) => void }) {
  const { state, set } = props;
  if (!state) return null;
  if (state.show === "reset")
    return (
      <ResetPassword
        key={state.token}
        token={state.token}
        done={(name) => {
          set({ show: "done", text: t("account.reset_done", { name }) });
          props.reset(name);
        }}
        failed={(text) => set({ show: "failed", text })}
      />
    );
  if (state.show === "failed")
    return (
      <p class="error" role="alert" data-testid="mail-link">
        {state.text}
      </p>
    );
  return (
    <p role="status" data-testid="mail-link">
      {state.show === "checking" ? t("account.link_checking") : state.text}
    </p>
  );
}

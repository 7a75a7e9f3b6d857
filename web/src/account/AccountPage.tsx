// /account: log in or register (a guest), or the account's own settings (logged in): log
// out, log out everywhere, change the password, delete the account, the e-mail address and
// mails (EmailSettings.tsx), API tokens (ApiTokens.tsx). A guest can ask for a password reset
// link; logged in or not, the links in the account's mails are followed (MailLinks.tsx). And
// AccountMenu, the header's link to it. Every string is in the i18n catalogue.
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { t } from "../i18n";
import { type Account, accounts, passwordReset, useAccount } from "../net/account";
import { errorText as message } from "../net/api";
import { linkClick, navigate } from "../ui/router";
import { ApiTokens } from "./ApiTokens";
import { EmailSettings } from "./EmailSettings";
import { MailLinkPanel, useMailLink } from "./MailLinks";
import { Vacation } from "./Vacation";

export function AccountMenu() {
  const account = useAccount();
  return (
    <a class="account-menu" href="/account" onClick={linkClick} data-testid="account-menu">
      {account ? account.name : t("account.login_link")}
    </a>
  );
}

/** A labelled input whose value lives in the caller's state. */
function Field(props: {
  id: string;
  label: string;
  value: string;
  set: (v: string) => void;
  type?: "password";
  autocomplete: string;
}) {
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        type={props.type ?? "text"}
        autocomplete={props.autocomplete}
        value={props.value}
        required
        onInput={(e) => props.set((e.target as HTMLInputElement).value)}
      />
    </>
  );
}

/** The page's one error: whichever form was tried last, so a new attempt in either form
 *  replaces (never sits beside) the message of an earlier one. */
type PageError = { mode: "login" | "register"; text: string } | null;

/** `name`: the name to start with (a password reset's account), the password field focused. */
function Credentials(props: {
  mode: "login" | "register";
  error: PageError;
  setError: (e: PageError) => void;
  name?: string;
}) {
  const [name, setName] = useState(props.name ?? "");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const { setError } = props;
  const error = props.error?.mode === props.mode ? props.error.text : null;
  const register = props.mode === "register";
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await (register ? accounts.register(name, password) : accounts.login(name, password));
      navigate("/");
    } catch (err) {
      setError({ mode: props.mode, text: message(err) });
    } finally {
      setBusy(false);
    }
  };
  const id = props.mode;
  useEffect(() => {
    if (props.name) document.getElementById(`${id}-password`)?.focus();
  }, []);
  return (
    <form class="account-form" data-testid={`${id}-form`} onSubmit={submit}>
      <h2>{register ? t("account.register") : t("account.login")}</h2>
      <Field id={`${id}-name`} label={t("account.name")} value={name} set={setName} autocomplete="username" />
      <Field
        id={`${id}-password`}
        label={t("account.password")}
        value={password}
        set={setPassword}
        type="password"
        autocomplete={register ? "new-password" : "current-password"}
      />
      {register ? <p class="small">{t("account.rules")}</p> : null}
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" class="primary" disabled={busy}>
        {register ? t("account.register") : t("account.login")}
      </button>
    </form>
  );
}

/** "Forgot your password?": asks for a reset link by name or address. The answer is the same
 *  whether or not an account matched, and so are the words shown. */
function ForgotPassword() {
  const [login, setLogin] = useState("");
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setSent(false);
    setError(null);
    try {
      await passwordReset.ask(login.trim());
      setSent(true);
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <details class="forgot" data-testid="forgot-password">
      <summary>{t("account.forgot")}</summary>
      <form class="account-form" onSubmit={submit}>
        <p class="small">{t("account.forgot_intro")}</p>
        <Field
          id="forgot-login"
          label={t("account.forgot_login")}
          value={login}
          set={setLogin}
          autocomplete="username"
        />
        <button type="submit" disabled={busy}>
          {t("account.forgot_submit")}
        </button>
      </form>
      {sent ? <p role="status">{t("account.forgot_sent")}</p> : null}
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </details>
  );
}

/** `children`: the outcome of a mail's link, under the heading. `reload`: see EmailSettings. */
function Settings(props: { account: Account; reload: number; children?: ComponentChildren }) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [note, setNote] = useState<string | null>(null);
  const act = async (f: () => Promise<void>, done: string) => {
    setNote(null);
    try {
      await f();
      setNote(done);
    } catch (err) {
      setNote(message(err));
    }
  };
  return (
    <section data-testid="account-settings">
      <h1>{t("account.title", { name: props.account.name })}</h1>
      {props.children}
      <p>{props.account.role === "admin" ? t("account.role_admin") : t("account.role_player")}</p>
      <p>
        <a href={`/@/${encodeURIComponent(props.account.name)}`} onClick={linkClick} data-testid="my-page">
          {t("account.my_page")}
        </a>
      </p>
      <div class="actions">
        <button
          type="button"
          data-testid="logout"
          onClick={() => act(() => accounts.logout(), t("account.logged_out"))}
        >
          {t("account.logout")}
        </button>
        <button type="button" onClick={() => act(() => accounts.logout(true), t("account.logged_out"))}>
          {t("account.logout_all")}
        </button>
      </div>
      <form
        class="account-form"
        onSubmit={(e) => {
          e.preventDefault();
          act(() => accounts.changePassword(current, next), t("account.password_changed"));
        }}
      >
        <h2>{t("account.change_password")}</h2>
        <Field
          id="pw-current"
          label={t("account.current_password")}
          value={current}
          set={setCurrent}
          type="password"
          autocomplete="current-password"
        />
        <Field
          id="pw-new"
          label={t("account.new_password")}
          value={next}
          set={setNext}
          type="password"
          autocomplete="new-password"
        />
        <button type="submit">{t("account.change_password")}</button>
        <button
          type="button"
          class="danger"
          onClick={() => {
            if (confirm(t("account.delete_confirm"))) act(() => accounts.remove(current), t("account.deleted"));
          }}
        >
          {t("account.delete")}
        </button>
        <p class="small">{t("account.delete_note")}</p>
      </form>
      {note ? <p role="status">{note}</p> : null}
      <EmailSettings reload={props.reload} />
      <Vacation />
      <ApiTokens />
    </section>
  );
}

export function AccountPage() {
  const account = useAccount();
  const [error, setError] = useState<PageError>(null);
  const [reload, setReload] = useState(0);
  const [loginName, setLoginName] = useState("");
  const [link, setLink] = useMailLink(() => setReload((n) => n + 1));
  const linkPanel = <MailLinkPanel state={link} set={setLink} reset={setLoginName} />;
  return (
    <main class="page narrow account-page" data-testid="account-page">
      {account === undefined ? (
        <p role="status">{t("account.loading")}</p>
      ) : account ? (
        <Settings account={account} reload={reload}>
          {linkPanel}
        </Settings>
      ) : (
        <>
          <h1 class="sr-only">{t("account.login_link")}</h1>
          {linkPanel}
          <p>{t("account.intro")}</p>
          <div class="account-forms">
            <Credentials key={loginName} mode="login" error={error} setError={setError} name={loginName} />
            <ForgotPassword />
            <Credentials mode="register" error={error} setError={setError} />
          </div>
        </>
      )}
    </main>
  );
}

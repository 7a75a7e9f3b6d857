// The account page's e-mail address and mails: the address (none, waiting for the link in its
// verification mail, or verified), the form that sets, changes or removes it, and the mails
// the account asks for, which only a verified address gets.
import { useEffect, useState } from "preact/hooks";
import { type Key, t } from "../i18n";
import { accountEmail, type EmailSettings as Email, type MailKind } from "../net/account";
import { errorText as message } from "../net/api";
import { ErrorNote } from "../ui/panels";

const MAIL_KEYS: Record<MailKind, Key> = {
  your_turn: "account.mail_your_turn",
  time_low: "account.mail_time_low",
  challenges: "account.mail_challenges",
};

function status(email: Email | null): string {
  if (!email) return t("account.loading");
  if (!email.address) return t("account.email_none");
  return t(email.verified ? "account.email_verified" : "account.email_unverified", { address: email.address });
}

/** `reload`: a new value asks the server again (a mail's link changed the address or the mails). */
export function EmailSettings(props: { reload: number }) {
  const [email, setEmail] = useState<Email | null>(null);
  const [address, setAddress] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const load = () =>
    accountEmail
      .get()
      .then((e) => {
        setEmail(e);
        setAddress(e.address ?? "");
      })
      .catch((err) => setError(message(err)));
  useEffect(() => {
    load();
  }, [props.reload]);
  const save = async (to: string) => {
    setBusy(true);
    setError(null);
    try {
      const e = await accountEmail.set(to);
      setEmail(e);
      setAddress(e.address ?? "");
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };
  // Shown at once; the server's answer (or, when it refuses, its own state) follows.
  const mail = async (kind: MailKind, on: boolean) => {
    if (!email) return;
    const prefs = { ...email.prefs, [kind]: on };
    setEmail({ ...email, prefs });
    setError(null);
    try {
      setEmail(await accountEmail.setPrefs(prefs));
    } catch (err) {
      setError(message(err));
      load();
    }
  };
  const verified = email?.verified === true;
  return (
    <section class="email-settings" data-testid="email-settings">
      <h2>{t("account.email")}</h2>
      <p class="small">{t("account.email_intro")}</p>
      <p role="status" data-testid="email-status">
        {!email && error ? null : status(email)}
      </p>
      <form
        class="account-form"
        data-testid="email-form"
        onSubmit={(e) => {
          e.preventDefault();
          save(address.trim());
        }}
      >
        <label for="email-address">{t("account.email_address")}</label>
        <input
          id="email-address"
          type="email"
          autocomplete="email"
          maxLength={254}
          value={address}
          onInput={(e) => setAddress((e.target as HTMLInputElement).value)}
        />
        <button type="submit" disabled={busy}>
          {t("account.email_save")}
        </button>
        {email?.address ? (
          <button type="button" disabled={busy} onClick={() => save("")}>
            {t("account.email_remove")}
          </button>
        ) : null}
      </form>
      <fieldset disabled={!verified} data-testid="email-prefs">
        <legend>{t("account.mails")}</legend>
        {(Object.keys(MAIL_KEYS) as MailKind[]).map((kind) => (
          <label key={kind} class="check">
            <input
              type="checkbox"
              checked={email?.prefs[kind] ?? false}
              onChange={(e) => mail(kind, (e.target as HTMLInputElement).checked)}
            />{" "}
            {t(MAIL_KEYS[kind])}
          </label>
        ))}
        {verified ? null : <p class="small">{t("account.mails_need_address")}</p>}
      </fieldset>
      <ErrorNote error={error} />
    </section>
  );
}

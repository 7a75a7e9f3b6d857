// The account page's API tokens (docs/api.md, "Bots and API tokens"): the list with each
// token's scopes, last use and a Revoke button, and the form that makes one. A new token's
// secret is shown once, right after it is made: the server keeps only its digest.
import { useEffect, useState } from "preact/hooks";
import { type Key, t } from "../i18n";
import { type ApiToken, apiTokens, TOKEN_SCOPES } from "../net/account";
import { errorText as message } from "../net/api";
import { ErrorNote } from "../ui/panels";

const SCOPE_KEYS: Record<(typeof TOKEN_SCOPES)[number], Key> = {
  "bot:play": "account.scope.bot:play",
  "challenge:write": "account.scope.challenge:write",
  "board:play": "account.scope.board:play",
};

function when(ms: number): string {
  return new Date(ms).toLocaleString();
}

export function ApiTokens() {
  const [tokens, setTokens] = useState<ApiToken[] | null>(null);
  const [description, setDescription] = useState("");
  const [scopes, setScopes] = useState<string[]>([]);
  const [made, setMade] = useState<ApiToken | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = () =>
    apiTokens
      .list()
      .then(setTokens)
      .catch((e) => setError(message(e)));
  useEffect(() => {
    reload();
  }, []);
  const create = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setMade(null);
    if (scopes.length === 0) return setError(t("account.token_need_scope"));
    try {
      setMade(await apiTokens.create(description, scopes));
      setDescription("");
      setScopes([]);
      await reload();
    } catch (err) {
      setError(message(err));
    }
  };
  const revoke = async (id: string) => {
    setError(null);
    try {
      await apiTokens.revoke(id);
      if (made?.id === id) setMade(null);
      await reload();
    } catch (err) {
      setError(message(err));
    }
  };
  return (
    <section class="api-tokens" data-testid="api-tokens">
      <h2>{t("account.tokens")}</h2>
      <p class="small">{t("account.tokens_intro")}</p>
      {tokens && tokens.length === 0 ? <p>{t("account.token_none")}</p> : null}
      {tokens && tokens.length > 0 ? (
        <ul class="token-list">
          {tokens.map((tok) => (
            <li key={tok.id} data-testid={`token-${tok.id}`}>
              <strong>{tok.description}</strong> <code>{tok.scopes.join(" ")}</code>{" "}
              <span class="small">
                {tok.revoked_at
                  ? t("account.token_revoked")
                  : tok.last_used
                    ? t("account.token_used", { when: when(tok.last_used) })
                    : t("account.token_unused")}
              </span>{" "}
              {tok.revoked_at ? null : (
                <button type="button" onClick={() => revoke(tok.id)}>
                  {t("account.token_revoke")}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <form class="account-form" data-testid="token-form" onSubmit={create}>
        <label for="token-description">{t("account.token_description")}</label>
        <input
          id="token-description"
          type="text"
          maxLength={100}
          required
          value={description}
          onInput={(e) => setDescription((e.target as HTMLInputElement).value)}
        />
        <fieldset>
          <legend>{t("account.token_scopes")}</legend>
          {TOKEN_SCOPES.map((s) => (
            <label key={s} class="check">
              <input
                type="checkbox"
                value={s}
                checked={scopes.includes(s)}
                onChange={(e) =>
                  setScopes((e.target as HTMLInputElement).checked ? [...scopes, s] : scopes.filter((x) => x !== s))
                }
              />{" "}
              {t(SCOPE_KEYS[s])}
            </label>
          ))}
        </fieldset>
        <button type="submit">{t("account.token_create")}</button>
      </form>
      {made?.secret ? (
        <p role="status" data-testid="token-secret">
          {t("account.token_made")} <code>{made.secret}</code>
        </p>
      ) : null}
      <ErrorNote error={error} />
    </section>
  );
}

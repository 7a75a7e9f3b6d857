// The account page's vacation (docs/api.md 2.1 "Vacation"): the clocks of all the account's
// correspondence games paused for some days, up to 30 a year; the vacation under way, the days
// left, a form to begin one and a button to end it early.
import { useEffect, useState } from "preact/hooks";
import { formatWhen, t } from "../i18n";
import { errorText, request } from "../net/api";
import { ErrorNote } from "../ui/panels";

type VacationState = {
  vacation: { from: number; until: number } | null;
  days_left: number;
  days_per_year: number;
};

const PATH = "/api/account/vacation";

export function Vacation() {
  const [state, setState] = useState<VacationState | null>(null);
  const [days, setDays] = useState(7);
  const [error, setError] = useState<string | null>(null);
  const call = async (method: string, body?: unknown) => {
    try {
      setState(await request<VacationState>(method, PATH, body));
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  };
  useEffect(() => {
    call("GET");
  }, []);
  const on = state?.vacation ?? null;
  return (
    <section class="vacation" data-testid="vacation">
      <h2>{t("vacation.title")}</h2>
      <p class="small">{t("vacation.intro")}</p>
      {state ? (
        <p role="status" data-testid="vacation-status">
          {on ? t("vacation.until", { date: formatWhen(on.until) }) : t("vacation.none")}{" "}
          {t("vacation.left", { n: state.days_left, of: state.days_per_year })}
        </p>
      ) : null}
      {on ? (
        <button type="button" onClick={() => call("DELETE")}>
          {t("vacation.end")}
        </button>
      ) : state ? (
        <form
          class="account-form"
          onSubmit={(e) => {
            e.preventDefault();
            call("POST", { days });
          }}
        >
          <label for="vacation-days">{t("vacation.days")}</label>
          <input
            id="vacation-days"
            type="number"
            min={1}
            max={Math.max(1, state.days_left)}
            value={days}
            onInput={(e) => setDays(Number((e.target as HTMLInputElement).value))}
          />
          <button type="submit" disabled={state.days_left < 1}>
            {t("vacation.begin")}
          </button>
        </form>
      ) : null}
      <ErrorNote error={error} />
    </section>
  );
}

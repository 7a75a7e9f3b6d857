// "Create a tournament" (POST /api/tournaments, logged in): an arena or a Swiss event; name,
// variant, clock (minutes and increment; a Swiss event may be correspondence, N days a move,
// one round per so many days), how long an arena runs or how many rounds a Swiss event has, in
// how many minutes it starts, rated or casual, an optional entry code and rating range. Once
// made, its page opens.
import { useState } from "preact/hooks";
import { t } from "../i18n";
import { errorText } from "../net/api";
import { ErrorNote, type VariantName, VariantSelect } from "../ui/panels";
import { navigate } from "../ui/router";
import { arenas, createRequest } from "./arena";

const DAYS = [0, 1, 2, 3, 5, 7, 14];

function NumberField(props: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  set: (v: number) => void;
}) {
  return (
    <label for={props.id}>
      {props.label}
      <input
        id={props.id}
        name={props.id}
        type="number"
        inputMode="decimal"
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        value={props.value}
        onInput={(e) => props.set(Number((e.target as HTMLInputElement).value))}
      />
    </label>
  );
}

export function CreateArenaForm() {
  const [kind, setKind] = useState<"arena" | "swiss">("arena");
  const [rounds, setRounds] = useState(5);
  const [days, setDays] = useState(0);
  const [roundDays, setRoundDays] = useState(7);
  const [entryCode, setEntryCode] = useState("");
  const [minRating, setMinRating] = useState(0);
  const [maxRating, setMaxRating] = useState(0);
  const [name, setName] = useState("");
  const [variant, setVariant] = useState<VariantName>("normal");
  const [clockMinutes, setClockMinutes] = useState(3);
  const [incrementSeconds, setIncrementSeconds] = useState(2);
  const [minutes, setMinutes] = useState(60);
  const [startsInMinutes, setStartsInMinutes] = useState(5);
  const [rated, setRated] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: Event) => {
    e.preventDefault();
    const body = createRequest({
      kind,
      name,
      variant,
      clockMinutes,
      incrementSeconds,
      minutes,
      rounds,
      days,
      roundDays,
      startsInMinutes,
      rated,
      entryCode,
      minRating,
      maxRating,
    });
    if (!body) {
      setError(t("arena.form_invalid"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const a = await arenas.create(body);
      navigate(`/tournament/${a.id}`);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <form class="card create arena-form" onSubmit={submit} aria-labelledby="arena-create-h" data-testid="arena-form">
      <h2 id="arena-create-h">{t("arena.create_title")}</h2>
      <label for="arena-name">
        {t("arena.form_name")}
        <input
          id="arena-name"
          name="arena-name"
          required
          minLength={2}
          maxLength={40}
          value={name}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </label>
      <fieldset>
        <legend>{t("swiss.form_kind")}</legend>
        {(["arena", "swiss"] as const).map((k) => (
          <label class="radio" key={k}>
            <input
              type="radio"
              name="tournament-kind"
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
              data-testid={`kind-${k}`}
            />{" "}
            {t(k === "arena" ? "swiss.form_arena" : "swiss.form_swiss")}
          </label>
        ))}
      </fieldset>
      <VariantSelect label={t("arena.form_variant")} name="arena-variant" value={variant} onChange={setVariant} />
      {kind === "swiss" ? (
        <label for="swiss-days">
          {t("swiss.form_correspondence")}
          <select
            id="swiss-days"
            name="swiss-days"
            value={days}
            onChange={(e) => setDays(Number((e.target as HTMLSelectElement).value))}
          >
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {d === 0 ? t("swiss.form_live") : d}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {kind === "swiss" && days > 0 ? (
        <NumberField
          id="swiss-round-days"
          label={t("swiss.form_round_days")}
          value={roundDays}
          min={1}
          max={30}
          set={setRoundDays}
        />
      ) : (
        <fieldset>
          <legend>{t("arena.form_clock")}</legend>
          <NumberField
            id="arena-clock-min"
            label={t("arena.form_clock_minutes")}
            value={clockMinutes}
            min={0.25}
            max={60}
            step={0.25}
            set={setClockMinutes}
          />
          <NumberField
            id="arena-clock-inc"
            label={t("arena.form_increment")}
            value={incrementSeconds}
            min={0}
            max={60}
            set={setIncrementSeconds}
          />
        </fieldset>
      )}
      {kind === "swiss" ? (
        <NumberField id="swiss-rounds" label={t("swiss.form_rounds")} value={rounds} min={2} max={20} set={setRounds} />
      ) : (
        <NumberField
          id="arena-minutes"
          label={t("arena.form_minutes")}
          value={minutes}
          min={10}
          max={720}
          set={setMinutes}
        />
      )}
      <NumberField
        id="arena-starts-in"
        label={t("arena.form_starts_in")}
        value={startsInMinutes}
        min={0}
        max={10080}
        set={setStartsInMinutes}
      />
      <label for="arena-entry-code">
        {t("swiss.form_entry_code")}
        <input
          id="arena-entry-code"
          name="arena-entry-code"
          maxLength={40}
          autocomplete="off"
          value={entryCode}
          onInput={(e) => setEntryCode((e.target as HTMLInputElement).value)}
        />
      </label>
      <NumberField
        id="arena-min-rating"
        label={t("swiss.form_min_rating")}
        value={minRating}
        min={0}
        max={3500}
        set={setMinRating}
      />
      <NumberField
        id="arena-max-rating"
        label={t("swiss.form_max_rating")}
        value={maxRating}
        min={0}
        max={3500}
        set={setMaxRating}
      />
      <label class="radio">
        <input
          type="checkbox"
          name="arena-rated"
          checked={rated}
          onChange={(e) => setRated((e.target as HTMLInputElement).checked)}
        />{" "}
        {t("arena.form_rated")}
      </label>
      <ErrorNote error={error} />
      <button type="submit" class="primary" disabled={busy}>
        {t("arena.form_submit")}
      </button>
    </form>
  );
}

// "Create an arena" (POST /api/tournaments, logged in): name, variant, clock (minutes and
// increment), how long it runs and in how many minutes it starts, rated or casual. Once made,
// its page opens.
import { useState } from "preact/hooks";
import { t } from "../i18n";
import { errorText } from "../net/api";
import { ErrorNote, type VariantName, VariantSelect } from "../ui/panels";
import { navigate } from "../ui/router";
import { arenas, createRequest } from "./arena";

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
    const body = createRequest({ name, variant, clockMinutes, incrementSeconds, minutes, startsInMinutes, rated });
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
      <VariantSelect label={t("arena.form_variant")} name="arena-variant" value={variant} onChange={setVariant} />
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
      <NumberField
        id="arena-minutes"
        label={t("arena.form_minutes")}
        value={minutes}
        min={20}
        max={720}
        set={setMinutes}
      />
      <NumberField
        id="arena-starts-in"
        label={t("arena.form_starts_in")}
        value={startsInMinutes}
        min={0}
        max={10080}
        set={setStartsInMinutes}
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

// The time left before an arena starts or ends, counted down every second against the server's
// clock (`offset`: the server's time minus ours, from the `now` of its last answer).
import { t } from "../i18n";
import { useTicker } from "../ui/panels";
import { countdown } from "./arena";

/** "Starts in 4:59" / "Ends in 1:02:03" / "Starts in 2 days 3:00:00"; "starting"/"ending" at 0. */
export function countdownText(ms: number, kind: "starts" | "ends"): string {
  const c = countdown(ms);
  if (ms <= 0) return t(kind === "starts" ? "arena.starting" : "arena.ending");
  const time = c.days > 0 ? t("arena.days_clock", { days: c.days, clock: c.clock }) : c.clock;
  return t(kind === "starts" ? "arena.starts_in" : "arena.ends_in", { time });
}

export function Countdown(props: { to: number; offset: number; kind: "starts" | "ends"; testid?: string }) {
  const now = useTicker(true, 1000);
  const ms = props.to - (now + props.offset);
  return (
    <span class="countdown" data-testid={props.testid}>
      {countdownText(ms, props.kind)}
    </span>
  );
}

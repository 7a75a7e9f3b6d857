// The time left before a tournament starts, ends or pairs its next round, counted down every second against the server's
// clock (`offset`: the server's time minus ours, from the `now` of its last answer).
import { type Key, t } from "../i18n";
import { useTicker } from "../ui/panels";
import { countdown } from "./arena";

export type CountdownKind = "starts" | "ends" | "next_round";

const TEXTS: Record<CountdownKind, [Key, Key]> = {
  starts: ["arena.starts_in", "arena.starting"],
  ends: ["arena.ends_in", "arena.ending"],
  next_round: ["swiss.next_round_in", "swiss.next_round_now"],
};

/** "Starts in 4:59" / "Ends in 1:02:03" / "Starts in 2 days 3:00:00"; "starting"/"ending" at 0. */
export function countdownText(ms: number, kind: CountdownKind): string {
  const c = countdown(ms);
  const [counting, done] = TEXTS[kind];
  if (ms <= 0) return t(done);
  const time = c.days > 0 ? t("arena.days_clock", { days: c.days, clock: c.clock }) : c.clock;
  return t(counting, { time });
}

export function Countdown(props: { to: number; offset: number; kind: CountdownKind; testid?: string }) {
  const now = useTicker(true, 1000);
  const ms = props.to - (now + props.offset);
  return (
    <span class="countdown" data-testid={props.testid}>
      {countdownText(ms, props.kind)}
    </span>
  );
}

// Sounds made by the page with the Web Audio API (no audio files): a move, a row made,
// your turn, low time, game end. Muted by the "sound" setting.
import { settings } from "./settings";

export type SoundKind = "move" | "row" | "turn" | "low" | "end";

/** Notes of each sound: [frequency Hz, start s, length s]. */
const NOTES: Record<SoundKind, Array<[number, number, number]>> = {
  move: [[330, 0, 0.07]],
  row: [
    [523, 0, 0.1],
    [659, 0.1, 0.1],
    [784, 0.2, 0.16],
  ],
  turn: [
    [587, 0, 0.09],
    [880, 0.09, 0.12],
  ],
  low: [
    [988, 0, 0.08],
    [988, 0.16, 0.08],
  ],
  end: [
    [392, 0, 0.18],
    [494, 0.18, 0.18],
    [587, 0.36, 0.35],
  ],
};

let ctx: AudioContext | null = null;
/** Every sound asked for (played or muted), for tests and the curious: window.yinshSounds. */
export const played: Array<{ kind: SoundKind; muted: boolean }> = [];
if (typeof window !== "undefined") (window as unknown as { yinshSounds: typeof played }).yinshSounds = played;

function audio(): AudioContext | null {
  if (ctx) return ctx;
  const AC = (globalThis as unknown as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!AC) return null;
  try {
    ctx = new AC();
  } catch {
    ctx = null;
  }
  return ctx;
}

export function playSound(kind: SoundKind): void {
  const muted = !settings().sound;
  played.push({ kind, muted });
  if (played.length > 200) played.shift();
  if (muted) return;
  const a = audio();
  if (!a) return;
  if (a.state === "suspended") a.resume().catch(() => undefined);
  const t0 = a.currentTime + 0.01;
  for (const [freq, start, len] of NOTES[kind]) {
    const osc = a.createOscillator();
    const gain = a.createGain();
    osc.type = kind === "move" ? "triangle" : "sine";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, t0 + start);
    gain.gain.exponentialRampToValueAtTime(0.18, t0 + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + len);
    osc.connect(gain).connect(a.destination);
    osc.start(t0 + start);
    osc.stop(t0 + start + len + 0.02);
  }
}

// Asking the server again while a tournament's page is open: now, every `everyMs` while the
// page is visible, and at once when it becomes visible again.
import { useEffect } from "preact/hooks";

/** Calls `look` as above until `key` changes or the component goes. */
export function useVisiblePoll(look: () => void, everyMs: number, key: string): void {
  useEffect(() => {
    let stopped = false;
    const tick = () => {
      if (!stopped && !document.hidden) look();
    };
    tick();
    const timer = setInterval(tick, everyMs);
    document.addEventListener("visibilitychange", tick);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [key, everyMs]);
}

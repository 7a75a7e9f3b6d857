// Closing what a button opened (the header's menu, the bell's list): Escape, or a click
// outside `inside`. `close(byKey)`: byKey when Escape closed it (focus goes back to its button).
import { useEffect } from "preact/hooks";

export function useDismiss(open: boolean, inside: () => Element | null, close: (byKey: boolean) => void): void {
  useEffect(() => {
    if (!open) return;
    const key = (e: KeyboardEvent) => {
      if (e.key === "Escape") close(true);
    };
    const click = (e: MouseEvent) => {
      // The path as dispatched: a control inside that re-rendered away still counts as inside.
      const root = inside();
      if (root && !e.composedPath().includes(root)) close(false);
    };
    document.addEventListener("keydown", key);
    document.addEventListener("click", click);
    return () => {
      document.removeEventListener("keydown", key);
      document.removeEventListener("click", click);
    };
  }, [open]);
}

// The browser's own notifications (the Notifications API) for the bell's new items: shown only
// while this tab is hidden (a visible page shows the bell), once the player allowed them.
// Clicking one brings the tab forward and opens what it is about.

export type Permission = "granted" | "denied" | "default" | "unsupported";

export function permission(): Permission {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

/** Asks the browser (a prompt it shows once); what the player chose. */
export async function askPermission(): Promise<Permission> {
  if (typeof Notification === "undefined") return "unsupported";
  try {
    return await Notification.requestPermission();
  } catch {
    return permission();
  }
}

/** Shows `text` as a system notification if the tab is hidden and they are allowed. `tag`:
 *  the notice's id (several tabs showing the same notice show it once). */
export function showSystemNotice(tag: string, text: string, open: () => void): boolean {
  if (permission() !== "granted" || !document.hidden) return false;
  try {
    const n = new Notification("YINSH", { body: text, tag, icon: "/icon.svg" });
    n.onclick = () => {
      window.focus();
      open();
      n.close();
    };
    return true;
  } catch {
    return false; // browsers that show them only through a service worker (Android)
  }
}

// The browser's own notifications (the Notifications API) for the bell's new items: shown only
// while this tab is hidden (a visible page shows the bell), once the player allowed them.
// Shown through the page's service worker (sw.js) when one is registered — the only way
// Android's Chrome shows them (it refuses `new Notification()` from a page) — else by
// `new Notification()`. Clicking one brings the tab forward and opens what it is about: the
// page's own notification calls `open`; the worker's (its "notificationclick") focuses a tab of
// the site and posts it a NoticeClick, which onNoticeClick hands to the page (or opens the
// notice's address in a new tab when the site has none open).

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

/** How a notice is shown: through the service worker, by the page, or not at all. */
export type NoticeWay = "worker" | "page" | "none";

/** The way for a notice (pure): none unless allowed and the tab is hidden; the service worker
 *  when the page has one registered; else the page's `new Notification()` if the browser has it. */
export function noticeWay(o: {
  permission: Permission;
  hidden: boolean;
  worker: boolean;
  pageNotifications: boolean;
}): NoticeWay {
  if (o.permission !== "granted" || !o.hidden) return "none";
  if (o.worker) return "worker";
  return o.pageNotifications ? "page" : "none";
}

/** What sw.js posts to the tab it focuses when its notification is clicked (see sw.js). */
export interface NoticeClick {
  type: "notice-click";
  tag: string;
  url: string;
}

export function isNoticeClick(d: unknown): d is NoticeClick {
  const m = d as Partial<NoticeClick> | null;
  return !!m && m.type === "notice-click" && typeof m.tag === "string" && typeof m.url === "string";
}

/** The page's service worker registration, if it has one (null: none, or no service workers). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  try {
    return (await navigator.serviceWorker.getRegistration()) ?? null;
  } catch {
    return null;
  }
}

function showByPage(tag: string, text: string, open: () => void): boolean {
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

/** Shows `text` as a system notification if the tab is hidden and they are allowed. `tag`:
 *  the notice's id (several tabs showing the same notice show it once); `url`: the address it
 *  opens (the worker's notification; the page's calls `open`). Resolves to the way it was shown
 *  ("none" if it was not). A worker that cannot show it (no permission it knows of) leaves it to
 *  the page. */
export async function showSystemNotice(tag: string, text: string, url: string, open: () => void): Promise<NoticeWay> {
  const base = { permission: permission(), hidden: document.hidden, pageNotifications: permission() !== "unsupported" };
  if (noticeWay({ ...base, worker: true }) === "none") return "none";
  const reg = await registration();
  const way = noticeWay({ ...base, worker: !!reg });
  if (way === "worker" && reg) {
    try {
      await reg.showNotification("YINSH", { body: text, tag, icon: "/icon.svg", data: { url } });
      return "worker";
    } catch {
      // not allowed for the worker: the page may still show it
    }
  }
  if (way === "none" || !base.pageNotifications) return "none";
  return showByPage(tag, text, open) ? "page" : "none";
}

/** Calls `f` with each of the service worker's notification clicks posted to this tab; returns
 *  the function that stops it. */
export function onNoticeClick(f: (c: NoticeClick) => void): () => void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return () => undefined;
  const listener = (e: MessageEvent) => {
    if (isNoticeClick(e.data)) f(e.data);
  };
  navigator.serviceWorker.addEventListener("message", listener);
  return () => navigator.serviceWorker.removeEventListener("message", listener);
}

// A tiny router over the History API. Routes: "/", "/game/<id>", "/replay/<id>",
// "/analysis#start=<position>&moves=<decisions>" (the analysis board), "/offline" (a game
// against the computer in the browser), "/puzzles#<id>" (the puzzle trainer), "/learn" (the
// tutorial), "/rules" (the rules with pictures), "/games" (the account's ongoing games),
// "/tournaments" (the arenas) and "/tournament/<id>" (one arena), and an imported record on "/#replay=<record>" (the record stays in the page, no server needed).
import { useEffect, useState } from "preact/hooks";

export type Route =
  | { page: "lobby" }
  | { page: "game"; id: string }
  | { page: "replay"; id: string }
  | { page: "import"; record: string }
  | { page: "analysis"; hash: string }
  | { page: "offline" }
  | { page: "puzzles"; hash: string }
  | { page: "learn" }
  | { page: "rules" }
  | { page: "account" }
  | { page: "player"; name: string }
  | { page: "leaderboard" }
  | { page: "games" }
  | { page: "tournaments" }
  | { page: "tournament"; id: string }
  | { page: "missing"; path: string };

export function parseRoute(path: string, hash: string): Route {
  let m = /^\/game\/([a-z0-9]+)\/?$/.exec(path);
  if (m) return { page: "game", id: m[1] as string };
  m = /^\/replay\/([a-z0-9]+)\/?$/.exec(path);
  if (m) return { page: "replay", id: m[1] as string };
  if (/^\/analysis\/?$/.test(path)) return { page: "analysis", hash };
  if (/^\/offline\/?$/.test(path)) return { page: "offline" };
  if (/^\/puzzles\/?$/.test(path)) return { page: "puzzles", hash };
  if (/^\/learn\/?$/.test(path)) return { page: "learn" };
  if (/^\/rules\/?$/.test(path)) return { page: "rules" };
  if (/^\/account\/?$/.test(path)) return { page: "account" };
  if (/^\/leaderboard\/?$/.test(path)) return { page: "leaderboard" };
  if (/^\/games\/?$/.test(path)) return { page: "games" };
  if (/^\/tournaments\/?$/.test(path)) return { page: "tournaments" };
  m = /^\/tournament\/([a-z0-9]+)\/?$/.exec(path);
  if (m) return { page: "tournament", id: m[1] as string };
  m = /^\/@\/([^/]+)\/?$/.exec(path);
  if (m) return { page: "player", name: decodeURIComponent(m[1] as string) };
  if (path === "/" || path === "/index.html") {
    if (hash.startsWith("#replay=")) return { page: "import", record: decodeURIComponent(hash.slice(8)) };
    return { page: "lobby" };
  }
  return { page: "missing", path };
}

const listeners = new Set<() => void>();

export function navigate(to: string, replace = false): void {
  if (replace) history.replaceState(null, "", to);
  else history.pushState(null, "", to);
  for (const l of listeners) l();
  window.scrollTo?.(0, 0);
}

export function useRoute(): Route {
  const get = () => parseRoute(location.pathname, location.hash);
  const [route, setRoute] = useState(get);
  useEffect(() => {
    const update = () => setRoute(get());
    listeners.add(update);
    window.addEventListener("popstate", update);
    window.addEventListener("hashchange", update);
    return () => {
      listeners.delete(update);
      window.removeEventListener("popstate", update);
      window.removeEventListener("hashchange", update);
    };
  }, []);
  return route;
}

/** onClick for <a href>: navigate inside the app unless a modifier asks for a new tab. */
export function linkClick(e: MouseEvent): void {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = (e.currentTarget as HTMLAnchorElement | null) ?? null;
  const href = a?.getAttribute("href");
  if (!href?.startsWith("/")) return;
  e.preventDefault();
  navigate(href);
}

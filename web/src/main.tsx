import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { AccountMenu, AccountPage } from "./account/AccountPage";
import { Bell } from "./account/Bell";
import { GamesPage, YourTurnLink } from "./account/YourTurn";
import { AnalysisPage } from "./analysis/AnalysisPage";
import { coreLoaded, loadCore } from "./engine/core";
import { GamePage } from "./game/GamePage";
import { OfflinePage } from "./game/OfflinePage";
import { ReplayPage } from "./game/ReplayPage";
import { t, useLang } from "./i18n";
import { LearnPage } from "./learn/LearnPage";
import { RulesPage } from "./learn/RulesPage";
import { Lobby } from "./lobby/Lobby";
import { LeaderboardPage, PlayerPage } from "./players/PlayerPage";
import { PuzzlePage } from "./puzzles/PuzzlePage";
import { ArenaListPage } from "./tournaments/ArenaList";
import { ArenaPage } from "./tournaments/ArenaPage";
import { PlayerArenas } from "./tournaments/PlayerArenas";
import { useDismiss } from "./ui/dismiss";
import { linkClick, useRoute } from "./ui/router";
import { SettingsMenu } from "./ui/SettingsMenu";

function NotFound({ path }: { path: string }) {
  return (
    <main class="page narrow not-found" data-testid="not-found">
      <h1>{t("notfound.title")}</h1>
      <p>{t("notfound.text", { path })}</p>
      <p>
        <a class="button primary" href="/" onClick={linkClick}>
          {t("nav.back_to_lobby")}
        </a>
      </p>
    </main>
  );
}

/**
 * The rules core (WebAssembly, about 80 kB compressed) is loaded for the pages that use the
 * rules; the lobby and the not-found page are drawn without waiting for it.
 */
function useCore(needed: boolean): "ready" | "loading" | string {
  const [state, setState] = useState<string>(coreLoaded() ? "ready" : "loading");
  useEffect(() => {
    if (!needed || state === "ready") return;
    loadCore().then(
      () => setState("ready"),
      (e) => setState(t("core.failed", { message: e instanceof Error ? e.message : String(e) })),
    );
  }, [needed]);
  return state;
}

const PAGES = [
  ["/", "nav.lobby"],
  ["/analysis", "nav.analysis"],
  ["/offline", "nav.offline"],
  ["/puzzles", "nav.puzzles"],
  ["/learn", "nav.learn"],
  ["/leaderboard", "nav.leaderboard"],
  ["/tournaments", "nav.tournaments"],
] as const;

/** The pages drawn without the rules core. */
const WITHOUT_CORE = ["lobby", "missing", "account", "player", "leaderboard", "games", "tournaments", "tournament"];

/**
 * The header: the brand, the page links, the account link and the tools. Where the links do
 * not fit in one row (tablets, phones), they sit behind a menu button before the brand and
 * open as a list under the header; picking a page, Escape or a click elsewhere closes it.
 */
function Header({ route }: { route: unknown }) {
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [route]);
  useDismiss(
    open,
    () => document.querySelector("header.top"),
    () => setOpen(false),
  );
  return (
    <header class={open ? "top menu-open" : "top"}>
      <button
        type="button"
        class="menu-button icon-button"
        aria-expanded={open}
        aria-controls="main-nav"
        aria-label={t("nav.menu")}
        title={t("nav.menu")}
        data-testid="menu-button"
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" stroke-width="2" />
        </svg>
      </button>
      <a href="/" class="brand" onClick={linkClick} aria-label={t("nav.brand")}>
        <svg viewBox="0 0 24 24" aria-hidden="true" class="logo">
          <circle cx="9" cy="12" r="6" />
          <circle cx="15" cy="12" r="6" />
        </svg>
        <span class="brand-word">YINSH</span>
      </a>
      <nav id="main-nav" aria-label={t("nav.label")}>
        {PAGES.map(([href, key]) => (
          <a href={href} onClick={linkClick} key={href}>
            {t(key)}
          </a>
        ))}
      </nav>
      <YourTurnLink />
      <Bell />
      <AccountMenu />
      <SettingsMenu />
    </header>
  );
}

function App() {
  const route = useRoute();
  const lang = useLang();
  const core = useCore(!WITHOUT_CORE.includes(route.page));
  let page = null;
  switch (route.page) {
    case "lobby":
      page = <Lobby />;
      break;
    case "game":
      page = <GamePage id={route.id} key={route.id} />;
      break;
    case "replay":
      page = <ReplayPage id={route.id} key={route.id} />;
      break;
    case "import":
      page = <ReplayPage record={route.record} />;
      break;
    case "analysis":
      page = <AnalysisPage hash={route.hash} />;
      break;
    case "offline":
      page = <OfflinePage />;
      break;
    case "puzzles":
      page = <PuzzlePage hash={route.hash} />;
      break;
    case "learn":
      page = <LearnPage />;
      break;
    case "rules":
      page = <RulesPage />;
      break;
    case "account":
      page = <AccountPage />;
      break;
    case "player":
      page = (
        <PlayerPage name={route.name} key={route.name}>
          <PlayerArenas name={route.name} />
        </PlayerPage>
      );
      break;
    case "leaderboard":
      page = <LeaderboardPage />;
      break;
    case "games":
      page = <GamesPage />;
      break;
    case "tournaments":
      page = <ArenaListPage />;
      break;
    case "tournament":
      page = <ArenaPage id={route.id} key={route.id} />;
      break;
    case "missing":
      page = <NotFound path={route.path} />;
      break;
  }
  if (!WITHOUT_CORE.includes(route.page) && core !== "ready")
    page = (
      <main class="page narrow" data-testid="core-loading">
        <p role={core === "loading" ? "status" : "alert"}>{core === "loading" ? t("core.loading") : core}</p>
      </main>
    );
  return (
    <div class="app" lang={lang}>
      <Header route={route} />
      {page}
    </div>
  );
}

const root = document.getElementById("app");
if (root) render(<App />, root);
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  });
}

import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { AccountMenu, AccountPage } from "./account/AccountPage";
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

function App() {
  const route = useRoute();
  const lang = useLang();
  const core = useCore(!["lobby", "missing", "account", "player", "leaderboard"].includes(route.page));
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
      page = <PlayerPage name={route.name} key={route.name} />;
      break;
    case "leaderboard":
      page = <LeaderboardPage />;
      break;
    case "missing":
      page = <NotFound path={route.path} />;
      break;
  }
  if (!["lobby", "missing", "account", "player", "leaderboard"].includes(route.page) && core !== "ready")
    page = (
      <main class="page narrow" data-testid="core-loading">
        <p role={core === "loading" ? "status" : "alert"}>{core === "loading" ? t("core.loading") : core}</p>
      </main>
    );
  return (
    <div class="app" lang={lang}>
      <header class="top">
        <a href="/" class="brand" onClick={linkClick} aria-label={t("nav.brand")}>
          <svg viewBox="0 0 24 24" aria-hidden="true" class="logo">
            <circle cx="9" cy="12" r="6" />
            <circle cx="15" cy="12" r="6" />
          </svg>
          YINSH
        </a>
        <nav aria-label={t("nav.label")}>
          <a href="/" onClick={linkClick}>
            {t("nav.lobby")}
          </a>
          <a href="/analysis" onClick={linkClick}>
            {t("nav.analysis")}
          </a>
          <a href="/offline" onClick={linkClick}>
            {t("nav.offline")}
          </a>
          <a href="/puzzles" onClick={linkClick}>
            {t("nav.puzzles")}
          </a>
          <a href="/learn" onClick={linkClick}>
            {t("nav.learn")}
          </a>
          <a href="/leaderboard" onClick={linkClick}>
            {t("nav.leaderboard")}
          </a>
        </nav>
        <AccountMenu />
        <SettingsMenu />
      </header>
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

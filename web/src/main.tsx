import { render } from "preact";
import { loadCore } from "./engine/core";
import { AnalysisPage } from "./ui/AnalysisPage";
import { GamePage } from "./ui/GamePage";
import { Lobby } from "./ui/Lobby";
import { OfflinePage } from "./ui/OfflinePage";
import { ReplayPage } from "./ui/ReplayPage";
import { linkClick, useRoute } from "./ui/router";

function App() {
  const route = useRoute();
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
    case "missing":
      page = (
        <main class="page narrow">
          <p>There is no page at {route.path}.</p>
        </main>
      );
      break;
  }
  return (
    <>
      <header class="top">
        <a href="/" class="brand" onClick={linkClick} aria-label="YINSH lobby">
          <svg viewBox="0 0 24 24" aria-hidden="true" class="logo">
            <circle cx="9" cy="12" r="6" />
            <circle cx="15" cy="12" r="6" />
          </svg>
          YINSH
        </a>
        <nav>
          <a href="/" onClick={linkClick}>
            Lobby
          </a>
          <a href="/analysis" onClick={linkClick}>
            Analysis
          </a>
          <a href="/offline" onClick={linkClick}>
            Play offline
          </a>
        </nav>
      </header>
      {page}
    </>
  );
}

// The rules core (WebAssembly) answers synchronously once loaded: load it before the first page.
const root = document.getElementById("app");
if (root) {
  loadCore().then(
    () => render(<App />, root),
    (e) => {
      root.textContent = `The game's rules core could not be loaded: ${e instanceof Error ? e.message : String(e)}`;
    },
  );
}

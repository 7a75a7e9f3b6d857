// The header's bell (every page, while logged in): the count of unread notices and, opened,
// their list — your turn in a game, a challenge, a game's end, the next game of an arena — each
// a link to its game (a challenge: to the lobby, where it is answered). The notices come over
// the notice socket (net/noticeConn.ts) and are kept in this browser (net/notices.ts), but for
// the game whose page is open and visible; an item is read once clicked, or once its game's
// page is open and visible. A new item while the tab is hidden also shows the browser's own
// notification (through the service worker where there is one), once the player allowed them
// here (systemNotice.ts); clicking it opens the item's page and reads it. Each notice is also handed
// to the pages that act on one (net/notices.ts, onNotice).
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { displayName, t } from "../i18n";
import { accountGames, useAccount } from "../net/account";
import { NoticeConn } from "../net/noticeConn";
import { NoticeBox, type NoticeItem, noticeItem, publishNotice } from "../net/notices";
import { useDismiss } from "../ui/dismiss";
import { linkClick, navigate, useRoute } from "../ui/router";
import { askPermission, onNoticeClick, type Permission, permission, showSystemNotice } from "./systemNotice";

/** The words of an item (the opponent's name as displayName shows it: "Computer (level 3)" translated). */
export function noticeText(i: NoticeItem): string {
  const name = displayName(i.who);
  if (i.kind === "your_turn") return t("bell.your_turn", { name });
  if (i.kind === "challenge") return t("bell.challenge", { name });
  if (i.kind === "tournament_game") return t("bell.tournament_game", { name });
  if (i.kind === "tournament_starting") return t("bell.tournament_starting");
  if (i.kind === "challenge_accepted") return t("bell.challenge_accepted", { name });
  if (i.kind === "challenge_declined") return t("bell.challenge_declined", { name });
  const o = i.outcome === "won" || i.outcome === "lost" || i.outcome === "drawn" ? i.outcome : "aborted";
  return t(`bell.${o}`, { name });
}

function hrefOf(i: NoticeItem): string {
  if (i.kind === "tournament_starting" && i.tournament) return `/tournament/${i.tournament}`;
  return i.game ? `/game/${i.game}` : "/";
}

function PermissionControl() {
  const [p, setP] = useState<Permission>(permission());
  if (p === "unsupported") return null;
  if (p === "granted") return <p class="bell-note">{t("bell.enabled")}</p>;
  if (p === "denied") return <p class="bell-note">{t("bell.denied")}</p>;
  return (
    <button
      type="button"
      class="button"
      data-testid="bell-permission"
      onClick={async () => setP(await askPermission())}
    >
      {t("bell.enable")}
    </button>
  );
}

function BellFor({ name }: { name: string }) {
  const box = useMemo(() => new NoticeBox(name), [name]);
  const [items, setItems] = useState(() => box.items());
  const [open, setOpen] = useState(false);
  const route = useRoute();
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const refresh = () => setItems(box.items());
    const conn = new NoticeConn((m) => {
      if (m.type === "notice") {
        accountGames.refresh(); // the header's "Your turn (N)" follows at once
        publishNotice(m); // an arena's next game: its pages go there (tournaments/follow.ts)
      }
      const item = noticeItem(m, Date.now());
      if (item.game && location.pathname === hrefOf(item) && !document.hidden) return; // in view already
      if (box.add(item))
        showSystemNotice(item.id, noticeText(item), hrefOf(item), () => {
          box.markRead((i) => i.id === item.id);
          navigate(hrefOf(item));
        });
      refresh();
    });
    // The service worker's notification clicked: this tab was brought forward to show it.
    const stopClicks = onNoticeClick((c) => {
      box.markRead((i) => i.id === c.tag);
      navigate(c.url);
      refresh();
    });
    const storage = (e: StorageEvent) => {
      if (box.owns(e.key)) refresh();
    };
    const visible = () => {
      if (!document.hidden) conn.wake();
      refresh();
    };
    window.addEventListener("storage", storage);
    document.addEventListener("visibilitychange", visible);
    return () => {
      conn.close();
      stopClicks();
      window.removeEventListener("storage", storage);
      document.removeEventListener("visibilitychange", visible);
    };
  }, [box]);

  // The open game's notices are read while its page is in view.
  useEffect(() => {
    if (route.page !== "game" || document.hidden) return;
    const id = route.id;
    if (items.some((i) => !i.read && i.game === id)) {
      box.markRead((i) => i.game === id);
      setItems(box.items());
    }
  }, [route, items]);

  useDismiss(
    open,
    () => root.current,
    (byKey) => {
      setOpen(false);
      if (byKey) button.current?.focus();
    },
  );

  const unread = items.filter((i) => !i.read).length;
  const pick = (i: NoticeItem) => (e: MouseEvent) => {
    box.markRead((x) => x.id === i.id);
    setItems(box.items());
    setOpen(false);
    linkClick(e);
  };
  return (
    <div class="bell" ref={root}>
      <button
        type="button"
        ref={button}
        class="icon-button bell-button"
        aria-expanded={open}
        aria-controls="bell-panel"
        aria-label={t("bell.button", { n: unread })}
        title={t("bell.button", { n: unread })}
        data-testid="bell"
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M6 17V11a6 6 0 0 1 12 0v6l2 2H4zM10 21h4"
            fill="none"
            stroke="currentColor"
            stroke-width="2"
            stroke-linejoin="round"
          />
        </svg>
        {unread > 0 ? (
          <span class="bell-count" data-testid="bell-count" aria-hidden="true">
            {unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <section id="bell-panel" class="bell-panel" aria-labelledby="bell-title" data-testid="bell-panel">
          <h2 id="bell-title">{t("bell.title")}</h2>
          {items.length === 0 ? (
            <p>{t("bell.empty")}</p>
          ) : (
            <ul>
              {items.map((i) => (
                <li key={i.id} class={i.read ? "read" : "unread"} data-testid="bell-item">
                  <a href={hrefOf(i)} onClick={pick(i)}>
                    {noticeText(i)}
                    {i.read ? null : <span class="sr-only"> ({t("bell.unread")})</span>}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {unread > 0 ? (
            <button
              type="button"
              class="button"
              onClick={() => {
                box.markRead();
                setItems(box.items());
              }}
            >
              {t("bell.mark_read")}
            </button>
          ) : null}
          <PermissionControl />
        </section>
      ) : null}
    </div>
  );
}

export function Bell() {
  const account = useAccount();
  return account ? <BellFor name={account.name} key={account.name} /> : null;
}

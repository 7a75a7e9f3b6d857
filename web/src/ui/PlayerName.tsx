// A player's name as every page shows it, its kind told by names.ts (docs/web.md, "Names").
import type { ComponentChildren } from "preact";
import { displayName, type Key, t } from "../i18n";
import type { Color } from "../net/types";
import type { NameKind } from "./names";
import { linkClick } from "./router";

/** The mark before a guest's name, explained by its title. */
function GuestMark({ testid }: { testid: string }) {
  return (
    <span class="guest-badge" data-testid={testid} title={t("player.guest_title")}>
      {t("player.guest")}
    </span>
  );
}

/**
 * `name` as the server sent it (the link's), shown as `shown` (default: displayName(name)).
 * `side` names the test ids (account-white, guest-white, bot-white) in a game's seat panels;
 * elsewhere they are account-link, guest-mark and bot-mark. `link` false: inside another link
 * (a list's row), where an account's name is only words.
 */
export function PlayerName(p: {
  name: string;
  kind: NameKind;
  shown?: string;
  bot?: boolean;
  side?: Color;
  link?: boolean;
}) {
  const shown = p.shown ?? displayName(p.name);
  return (
    <span class="player-name">
      {p.bot ? (
        <span class="bot-badge" data-testid={`bot-${p.side ?? "mark"}`} title={t("player.bot_title")}>
          {t("player.bot")}
        </span>
      ) : null}
      {p.kind === "guest" ? <GuestMark testid={`guest-${p.side ?? "mark"}`} /> : null}
      {p.kind === "account" && p.link !== false ? (
        <a
          class="nm"
          href={`/@/${encodeURIComponent(p.name)}`}
          onClick={linkClick}
          data-testid={`account-${p.side ?? "link"}`}
        >
          {shown}
        </a>
      ) : (
        <span class="nm">{shown}</span>
      )}
    </span>
  );
}

/** Stands for the name in a sentence worded by t(), which withName puts in its place. */
const NAME_SLOT = "\u0000";

/** A sentence `key` with its {name} drawn as `name` (a PlayerName: a link, a mark). */
export function withName(key: Key, params: Record<string, string>, name: ComponentChildren) {
  const [before, after] = t(key, { ...params, name: NAME_SLOT }).split(NAME_SLOT);
  return (
    <>
      {before}
      {name}
      {after}
    </>
  );
}

// The account's notices, kept in this browser (localStorage, per account): what the server
// pushed over the notice socket (noticeConn.ts) — its turn in a game, a challenge, a game's
// end, its next game in an arena — with whether each was read. The tabs of one browser share them: a notice is one item
// however many tabs received it (its id), and reading it in one tab reads it in all (the
// `storage` event). At most MAX_ITEMS are kept, newest first.
import type { ChallengedMessage, NoticeMessage } from "./types";

export interface NoticeItem {
  /** One per event: "t:<game>:<at>" (a turn), "o:<game>" (an end), "c:<challenge>",
   *  "a:<game>" (an arena's pairing), "s:<arena>" (an arena's start), "k:<game>" (a challenge
   *  accepted), "d:<name>:<at>" (a challenge declined). */
  id: string;
  kind:
    | "your_turn"
    | "game_over"
    | "challenge"
    | "tournament_game"
    | "tournament_starting"
    | "challenge_accepted"
    | "challenge_declined";
  /** The game (your_turn, game_over, tournament_game); "" for a challenge or an arena's start. */
  game: string;
  /** The arena (tournament_game, tournament_starting). */
  tournament?: string;
  /** The opponent's name, or the challenger's. */
  who: string;
  outcome?: string;
  at: number;
  read: boolean;
}

export const MAX_ITEMS = 30;

/** The item of a server message (a `notice` or a `challenged`). */
export function noticeItem(m: NoticeMessage | ChallengedMessage, now: number): NoticeItem {
  if (m.type === "challenged")
    return { id: `c:${m.challenge.id}`, kind: "challenge", game: "", who: m.challenge.from, at: now, read: false };
  const id =
    m.kind === "your_turn"
      ? `t:${m.game}:${m.at}`
      : m.kind === "tournament_game"
        ? `a:${m.game}`
        : m.kind === "tournament_starting"
          ? `s:${m.tournament ?? ""}`
          : m.kind === "challenge_accepted"
            ? `k:${m.game}`
            : m.kind === "challenge_declined"
              ? `d:${m.opponent}:${m.at}`
              : `o:${m.game}`;
  const item: NoticeItem = {
    id,
    kind: m.kind,
    game: m.game,
    who: m.opponent,
    outcome: m.outcome,
    at: m.at,
    read: false,
  };
  if (m.tournament) item.tournament = m.tournament;
  return item;
}

const listeners = new Set<(m: NoticeMessage) => void>();

/** Calls `f` with every `notice` the notice socket receives from now on; returns the way to stop. */
export function onNotice(f: (m: NoticeMessage) => void): () => void {
  listeners.add(f);
  return () => {
    listeners.delete(f);
  };
}

/** Hands a received `notice` to the pages that follow them (onNotice). */
export function publishNotice(m: NoticeMessage): void {
  for (const f of [...listeners]) f(m);
}

function isItem(v: unknown): v is NoticeItem {
  const i = v as NoticeItem;
  return typeof i === "object" && i !== null && typeof i.id === "string" && typeof i.read === "boolean";
}

/** The notices of one account in this browser's storage. */
export class NoticeBox {
  private readonly key: string;
  constructor(
    account: string,
    private readonly storage: Storage | undefined = globalThis.localStorage,
  ) {
    this.key = `yinsh.notices.${account.toLowerCase()}`;
  }

  /** Newest first. */
  items(): NoticeItem[] {
    try {
      const v: unknown = JSON.parse(this.storage?.getItem(this.key) ?? "[]");
      return Array.isArray(v) ? v.filter(isItem) : [];
    } catch {
      return [];
    }
  }

  unread(): number {
    return this.items().filter((i) => !i.read).length;
  }

  /** Adds `item` unless another tab did: true when it is new here. */
  add(item: NoticeItem): boolean {
    const all = this.items();
    if (all.some((i) => i.id === item.id)) return false;
    this.save([item, ...all].sort((a, b) => b.at - a.at).slice(0, MAX_ITEMS));
    return true;
  }

  /** Marks read the items `which` selects (all by default). */
  markRead(which: (i: NoticeItem) => boolean = () => true): void {
    const all = this.items();
    if (!all.some((i) => !i.read && which(i))) return;
    this.save(all.map((i) => (which(i) ? { ...i, read: true } : i)));
  }

  /** Whether a `storage` event is about this box. */
  owns(storageKey: string | null): boolean {
    return storageKey === null || storageKey === this.key;
  }

  private save(items: NoticeItem[]): void {
    try {
      this.storage?.setItem(this.key, JSON.stringify(items));
    } catch {
      // Private mode or full: the notices last for this page only.
    }
  }
}

// The player's account as the page knows it (docs/api.md 2.1): who is logged in, and the
// calls that change it. The session itself is an HttpOnly cookie the page never reads; it
// learns the account from GET /api/account/me. Register and log in send the seat tokens this
// browser holds (localStorage "yinsh.seat.<game>"), so a guest's games become the account's.
// The e-mail calls: the account's address and the mails it asks for, and the three links a
// mail can hold (verify the address, reset the password, unsubscribe), which need no login.
import { useEffect, useState } from "preact/hooks";
import { request, saveToken } from "./api";
import type { ClockSpec, Color } from "./types";

export interface Account {
  name: string;
  role: "player" | "admin";
  muted: boolean;
  created_at: number;
}

type Reply = { account: Account | null; claimed?: number };

let current: Account | null | undefined; // undefined: not asked yet
const listeners = new Set<(a: Account | null) => void>();

function set(a: Account | null): void {
  current = a;
  for (const l of listeners) l(a);
}

/** The seat tokens kept in this browser: [{game, token}]. */
export function heldSeats(): { game: string; token: string }[] {
  const out: { game: string; token: string }[] = [];
  try {
    const s = globalThis.localStorage;
    for (let i = 0; s && i < s.length; ++i) {
      const key = s.key(i);
      const m = key ? /^yinsh\.seat\.([a-z0-9]{12})$/.exec(key) : null;
      if (!m || !key) continue;
      let v: { token?: unknown } | null = null;
      try {
        v = JSON.parse(s.getItem(key) ?? "null") as { token?: unknown } | null;
      } catch {
        continue; // not ours: skipped
      }
      if (v && typeof v.token === "string") out.push({ game: m[1] as string, token: v.token });
    }
  } catch {
    // storage unavailable: nothing to claim
  }
  return out.slice(0, 200);
}

export const accounts = {
  async refresh(): Promise<Account | null> {
    const r = await request<Reply>("GET", "/api/account/me");
    set(r.account);
    return r.account;
  },
  async register(name: string, password: string): Promise<Reply> {
    const r = await request<Reply>("POST", "/api/account/register", { name, password, seats: heldSeats() });
    set(r.account);
    return r;
  },
  async login(name: string, password: string): Promise<Reply> {
    const r = await request<Reply>("POST", "/api/account/login", { name, password, seats: heldSeats() });
    set(r.account);
    return r;
  },
  async logout(everywhere = false): Promise<void> {
    await request("POST", everywhere ? "/api/account/logout-all" : "/api/account/logout", {});
    set(null);
  },
  async changePassword(current: string, next: string): Promise<void> {
    await request("POST", "/api/account/password", { current, new: next });
  },
  async remove(password: string): Promise<void> {
    await request("POST", "/api/account/delete", { password });
    set(null);
  },
};

/** A personal API token as the account page lists it (docs/api.md, "Bots and API tokens"). */
export interface ApiToken {
  id: string;
  description: string;
  scopes: string[];
  created_at: number;
  last_used: number; // 0: never
  revoked_at: number; // 0: live
  secret?: string; // only in the reply that made it
}

export const TOKEN_SCOPES = ["bot:play", "challenge:write", "board:play"] as const;

export const apiTokens = {
  async list(): Promise<ApiToken[]> {
    return (await request<{ tokens: ApiToken[] }>("GET", "/api/account/tokens")).tokens;
  },
  async create(description: string, scopes: string[]): Promise<ApiToken> {
    return (await request<{ token: ApiToken }>("POST", "/api/account/tokens", { description, scopes })).token;
  },
  async revoke(id: string): Promise<void> {
    await request("DELETE", `/api/account/tokens/${encodeURIComponent(id)}`);
  },
};

/** The mails an account can ask for: one when it is its turn, one when its time runs low, one
 *  when a player challenges it while it is away. */
export interface MailPrefs {
  your_turn: boolean;
  time_low: boolean;
  challenges: boolean;
}
export type MailKind = keyof MailPrefs;

/** The account's e-mail address (null: none), whether its owner followed the verification
 *  mail's link, and the mails it asked for (sent only to a verified address). */
export interface EmailSettings {
  address: string | null;
  verified: boolean;
  prefs: MailPrefs;
}

type EmailReply = { email: EmailSettings };

export const accountEmail = {
  async get(): Promise<EmailSettings> {
    return (await request<EmailReply>("GET", "/api/account/email")).email;
  },
  /** Sets (or, with "", removes) the address; a new one is sent a verification mail. */
  async set(address: string): Promise<EmailSettings> {
    return (await request<EmailReply>("POST", "/api/account/email", { address })).email;
  },
  async setPrefs(prefs: MailPrefs): Promise<EmailSettings> {
    return (await request<EmailReply>("POST", "/api/account/notifications", prefs)).email;
  },
  /** Follows a verification mail's link (no login needed): the account it verified. */
  async verify(token: string): Promise<{ name: string; email: EmailSettings }> {
    return request("POST", "/api/account/email/verify", { token });
  },
  /** Follows a mail's unsubscribe link (no login needed): the kind of mail turned off. */
  async unsubscribe(token: string): Promise<MailKind> {
    return (await request<{ kind: MailKind }>("POST", "/api/account/unsubscribe", { token })).kind;
  },
};

export const passwordReset = {
  /** Asks for a reset link by name or address. The answer is the same whether or not an
   *  account matched, so it says nothing. */
  async ask(login: string): Promise<void> {
    await request("POST", "/api/account/password-reset", { login });
  },
  /** Sets the new password with a reset link's token; the account's name. The server ends
   *  every session of the account, this browser's too if it was logged in to it. */
  async confirm(token: string, password: string): Promise<string> {
    const r = await request<{ name: string }>("POST", "/api/account/password-reset/confirm", { token, password });
    if (current && current.name.toLowerCase() === r.name.toLowerCase()) set(null);
    return r.name;
  },
};

/** The logged-in account (null: a guest; undefined while the first answer is awaited). */
export function useAccount(): Account | null | undefined {
  const [a, setA] = useState(current);
  useEffect(() => {
    listeners.add(setA);
    // The answer may have come (for another component) between this render and now.
    if (current !== a) setA(current);
    if (current === undefined) accounts.refresh().catch(() => set(null));
    return () => {
      listeners.delete(setA);
    };
  }, []);
  return a;
}

/** One of the account's ongoing games (GET /api/account/games, docs/api.md 2.1). */
export interface OngoingGame {
  id: string;
  /** `account`: the opponent is an account (false: a guest, the computer or an open seat). */
  opponent: { name: string | null; account: boolean; rating: number | null; bot: boolean };
  color: Color;
  your_turn: boolean;
  deadline: number | null;
  time_control: ClockSpec | null;
  status: "waiting" | "active";
  seat_token: string;
}

let ongoing: OngoingGame[] = [];
const ongoingListeners = new Set<(g: OngoingGame[]) => void>();

export const accountGames = {
  /** The account's ongoing games, its turn first by time left; [] for a guest. Each seat's
   *  token is kept in this browser, so that the game page opens with the seat. */
  async refresh(): Promise<OngoingGame[]> {
    try {
      ongoing = (await request<{ games: OngoingGame[] }>("GET", "/api/account/games")).games;
    } catch {
      ongoing = [];
    }
    for (const g of ongoing) if (g.seat_token) saveToken(g.id, g.color, g.seat_token);
    for (const l of ongoingListeners) l(ongoing);
    return ongoing;
  },
  /** The next game where it is the account's turn, other than `after`. */
  next(after: string): OngoingGame | undefined {
    return ongoing.find((g) => g.your_turn && g.id !== after);
  },
};

/** The account's ongoing games, asked again every `everyMs` while logged in. */
export function useOngoingGames(everyMs = 30000): OngoingGame[] {
  const account = useAccount();
  const [games, setGames] = useState(ongoing);
  useEffect(() => {
    ongoingListeners.add(setGames);
    return () => {
      ongoingListeners.delete(setGames);
    };
  }, []);
  useEffect(() => {
    if (!account) {
      setGames([]);
      return;
    }
    accountGames.refresh();
    const timer = setInterval(() => accountGames.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [account?.name, everyMs]);
  return account ? games : [];
}

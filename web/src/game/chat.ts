// Who may remove a chat line (docs/api.md 3.1, `chat_delete`): the server judges; the page
// offers the remove button only where the server would allow it.
import type { Account } from "../net/account";
import type { ChatLine, Color } from "../net/types";

/** A moderator (the admin role) any line; a player its own: written from the seat it holds,
 * or by its account (an account's lines carry its id and are shown under its name). */
export function mayDeleteChat(line: ChatLine, me: Account | null | undefined, seat: Color | null): boolean {
  if (line.id === undefined || line.removed || line.seat === "system") return false;
  if (me?.role === "admin") return true;
  if (seat !== null && line.seat === seat) return true;
  return !!me && line.account !== undefined && line.from === me.name;
}

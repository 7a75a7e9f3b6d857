// Which kind of name a player's is (docs/web.md, "Names"). Anyone may play as a guest under
// any name no account has, so a guest "Alice2" must never pass for the account "Alice": an
// account's name links to its page (/@/NAME), a guest's carries the guest mark (PlayerName), and
// the computer's, an open seat's or the default "Guest" (which says it already) is only words.
import { type ChatWriter, GUEST_NAME, isComputerName, isNamelessSpectator } from "../i18n";

export type NameKind = "account" | "guest" | "plain";

/** How the server's `name` of a player is shown; `account`: the server says it is an account's. */
export function nameKind(name: string | null | undefined, account: boolean | undefined): NameKind {
  if (!name) return "plain";
  if (account) return "account";
  return name === GUEST_NAME || isComputerName(name) ? "plain" : "guest";
}

/** How a chat line's writer is shown: a nameless spectator's "Spectator" is only a word. */
export function writerKind(line: ChatWriter): NameKind {
  return isNamelessSpectator(line) ? "plain" : nameKind(line.from, !!line.account);
}

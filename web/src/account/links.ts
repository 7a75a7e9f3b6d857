// The links in the account's mails lead to the account page with a token in the fragment,
// which the browser never sends, so the token stays out of the server's logs:
// /account#verify=TOKEN (the address), #reset=TOKEN (a new password), #unsubscribe=TOKEN.

export type MailLinkKind = "verify" | "reset" | "unsubscribe";

export interface MailLink {
  kind: MailLinkKind;
  token: string;
}

// Tokens are URL-safe: base64url's letters, digits, - and _, and . between parts.
const LINK = /^#?(verify|reset|unsubscribe)=([A-Za-z0-9_.-]{1,512})$/;

/** The mail link in a URL fragment ("#verify=abc"), or null for any other fragment. */
export function parseMailLink(hash: string): MailLink | null {
  const m = LINK.exec(hash);
  return m ? { kind: m[1] as MailLinkKind, token: m[2] as string } : null;
}

// The unsubscribe link's address in a campaign e-mail's text part: Herald's `/u/<token>`, a signed
// token of some 300 characters (server/services/mail/tracking/unsubscribe-parts.ts). The inbox and
// the lead timeline show the e-mail's text, where that address would outweigh the message: they show
// it as a short label instead. The token's payload is base64url JSON that starts `[1,` ("WzEs").
// Pure, and free of Node built-ins: the dashboard runs it.

const UNSUBSCRIBE_URL = /https?:\/\/[^\s<>"]+?\/u\/WzEs[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+/g;

export type TextPiece = { kind: "text"; text: string } | { kind: "unsubscribe"; url: string };

/** A message's text in pieces: plain text, and the unsubscribe links in it. */
export function splitUnsubscribeLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const match of text.matchAll(UNSUBSCRIBE_URL)) {
    if (match.index > at) pieces.push({ kind: "text", text: text.slice(at, match.index) });
    pieces.push({ kind: "unsubscribe", url: match[0] });
    at = match.index + match[0].length;
  }
  if (at < text.length) pieces.push({ kind: "text", text: text.slice(at) });
  return pieces;
}

/** The text with each unsubscribe link's address as `label` (a one-line snippet's words). */
export function withShortUnsubscribeLinks(text: string, label = "[unsubscribe link]"): string {
  return text.replace(UNSUBSCRIBE_URL, label);
}

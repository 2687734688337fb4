// Which links of an e-mail a recipient may click: one rule for the sandbox mail network (which
// plans clicks only for e-mails that have links) and the campaign forecast (which asks it what will
// happen), so both decide alike. Herald's unsubscribe page is not a link one clicks out of interest.

const ANCHOR_HREF = /<a\b[^>]*?\bhref\s*=\s*["']?(https?:\/\/[^"'\s>]+)/gi;
const TEXT_URL = /https?:\/\/[^\s<>"')]+/gi;
/** Herald's unsubscribe page: /u/{token}. */
const UNSUBSCRIBE_PATH = /\/u\/[^/?#]+\/?(?:[?#]|$)/;

function decodeEntities(value: string): string {
  return value.replace(/&amp;/gi, "&").replace(/&quot;/gi, '"').replace(/&#39;/g, "'").replace(/&lt;/gi, "<").replace(/&gt;/gi, ">");
}

/**
 * The web addresses typed in plain text, where they stand (without the punctuation that ends a
 * sentence after them): the links a reader's mail app makes of them, and those a plain-text body's
 * HTML part links (email-content.ts textToHtml), so that click tracking sees them.
 */
export function textLinks(text: string): Array<{ start: number; url: string }> {
  return [...text.matchAll(TEXT_URL)].map((match) => ({ start: match.index, url: match[0].replace(/[.,;:!?]+$/, "") }));
}

/** The http(s) links of an e-mail a recipient may click, in order: its HTML's anchors, else its text's addresses. */
export function emailLinks(html: string | null, text: string): string[] {
  const found = html ? [...html.matchAll(ANCHOR_HREF)].map((match) => decodeEntities(match[1]!)) : textLinks(text).map((link) => link.url);
  return found.filter((url) => !UNSUBSCRIBE_PATH.test(url));
}

/** Whether an e-mail has a link worth clicking (other than the unsubscribe link). */
export function emailHasLinks(html: string | null, text: string): boolean {
  return emailLinks(html, text).length > 0;
}

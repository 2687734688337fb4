// Open and click tracking of a campaign e-mail's HTML body: links go through Herald's click
// endpoint (signed, so it redirects only where the e-mail pointed), and a 1×1 image reports opens.
//
// No HTML parser is among Herald's dependencies, so the anchors are found by a small scanner that
// reads `<a …>` tags as browsers tokenize them (quoted values may hold `>` or ` href=`; an unclosed
// quote runs to the end) in one pass: a few regular expressions did the same but took seconds on a
// body of unclosed tags. Text outside the anchors is left untouched, addresses written in the text
// included: rewriting them would change what the reader sees.
import { publicUrl } from "../../../env";
import { signClick } from "./tracking-signature";

const NAMED_ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", nbsp: "\u00a0" };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * Whether a link is one to follow through Herald: an http(s) address that is not Herald's own
 * (`own`: HERALD_URL and the mailbox's tracking host, lower-cased, without a trailing slash).
 */
function isTrackable(url: string, own: readonly string[]): boolean {
  if (!/^https?:\/\//i.test(url)) return false;
  const lower = url.toLowerCase();
  // Herald's own links (the unsubscribe link, a tracked link already) stay as they are: the
  // unsubscribe link must work even where the click endpoint is blocked.
  return !own.some((origin) => lower === origin || lower.startsWith(`${origin}/`) || lower.startsWith(`${origin}?`));
}

/**
 * The tracked form of a link of the e-mail with this token. `base` is where the links point: the
 * mailbox's verified tracking domain (https://track.acme.com, domain/mail/tracking-domain.ts) or HERALD_URL.
 */
export function trackedLinkUrl(token: string, url: string, base = publicUrl()): string {
  return `${base}/t/c/${encodeURIComponent(token)}?u=${encodeURIComponent(url)}&s=${signClick(token, url)}`;
}

/** The address of the open pixel of the e-mail with this token. */
export function openPixelUrl(token: string, base = publicUrl()): string {
  return `${base}/t/o/${encodeURIComponent(token)}.gif`;
}

const isSpace = (char: string | undefined) => char === " " || char === "\t" || char === "\n" || char === "\r" || char === "\f";

/** Where the value of a tag's first href sits (quotes included), and its text; null when it has none. */
interface HrefValue {
  start: number;
  end: number;
  raw: string;
}

/**
 * Reads the attributes of the tag whose name ends at `from`: the tag's end (after `>`) and its
 * first href, or null when the tag never ends (an unclosed quote or `>`: the rest is the tag's).
 */
function readTag(html: string, from: number): { end: number; href: HrefValue | null } | null {
  let href: HrefValue | null = null;
  let at = from;
  for (;;) {
    while (at < html.length && (isSpace(html[at]) || html[at] === "/")) at += 1;
    if (at >= html.length) return null;
    if (html[at] === ">") return { end: at + 1, href };
    const nameStart = at;
    if (html[at] === "=") at += 1;
    while (at < html.length && !isSpace(html[at]) && html[at] !== "/" && html[at] !== ">" && html[at] !== "=") at += 1;
    const name = html.slice(nameStart, at);
    let afterName = at;
    while (afterName < html.length && isSpace(html[afterName])) afterName += 1;
    if (html[afterName] !== "=") continue;
    at = afterName + 1;
    while (at < html.length && isSpace(html[at])) at += 1;
    const valueStart = at;
    let raw: string;
    if (html[at] === '"' || html[at] === "'") {
      const close = html.indexOf(html[at]!, at + 1);
      if (close === -1) return null;
      raw = html.slice(at + 1, close);
      at = close + 1;
    } else {
      while (at < html.length && !isSpace(html[at]) && html[at] !== ">") at += 1;
      raw = html.slice(valueStart, at);
    }
    // Browsers use the first href of a tag; a second one is ignored, so it stays as it is.
    if (!href && name.toLowerCase() === "href") href = { start: valueStart, end: at, raw };
  }
}

function trackLinks(html: string, token: string, own: readonly string[], base: string): string {
  let result = "";
  let copied = 0;
  let at = 0;
  for (;;) {
    const open = html.indexOf("<", at);
    if (open === -1) break;
    at = open + 1;
    const isAnchor = (html[open + 1] === "a" || html[open + 1] === "A") && (isSpace(html[open + 2]) || html[open + 2] === "/" || html[open + 2] === ">");
    if (!isAnchor) continue;
    const tag = readTag(html, open + 2);
    if (!tag) break;
    at = tag.end;
    if (!tag.href) continue;
    const url = decodeEntities(tag.href.raw).trim();
    if (!isTrackable(url, own)) continue;
    result += `${html.slice(copied, tag.href.start)}"${escapeAttribute(trackedLinkUrl(token, url, base))}"`;
    copied = tag.href.end;
  }
  return result + html.slice(copied);
}

/**
 * The HTML with its links tracked (`clicks`) and the open pixel added (`opens`). mailto:, tel:,
 * in-page anchors and Herald's own links (the unsubscribe link) are never rewritten; `baseUrl` (default HERALD_URL) is
 * where the pixel and the tracked links point, and links to it are Herald's own too.
 */
export function addTracking(html: string, input: { token: string; opens: boolean; clicks: boolean; baseUrl?: string }): string {
  const base = (input.baseUrl ?? publicUrl()).replace(/\/$/, "");
  const own = [...new Set([publicUrl().toLowerCase(), base.toLowerCase()])];
  let result = input.clicks ? trackLinks(html, input.token, own, base) : html;
  if (input.opens) {
    const pixel = `<img src="${escapeAttribute(openPixelUrl(input.token, base))}" width="1" height="1" alt="" style="display:none">`;
    let bodyEnd = -1;
    for (const match of result.matchAll(/<\/body\s*>/gi)) bodyEnd = match.index;
    result = bodyEnd === -1 ? `${result}${pixel}` : `${result.slice(0, bodyEnd)}${pixel}${result.slice(bodyEnd)}`;
  }
  return result;
}

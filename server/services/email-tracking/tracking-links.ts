// Open and click tracking of a campaign e-mail's HTML body: links go through Herald's click
// endpoint (signed, so it redirects only where the e-mail pointed), and a 1×1 image reports opens.
//
// No HTML parser is among Herald's dependencies, so the anchors are found by a scanner that
// respects quoted attribute values (a `>` or ` href=` inside a title does not end or start
// anything) and reads the href of `<a …>` tags only. Text outside the anchors is left untouched,
// addresses written in the text included: rewriting them would change what the reader sees.
import { publicUrl } from "../../env";
import { signClick } from "./tracking-signature";

/** An opening `<a …>` tag, whose attribute values may hold `>` inside quotes. */
const ANCHOR_TAG = /<a(?=[\s/>])((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
/** One attribute of a tag: a name, then optionally `=` and a quoted or bare value. */
const ATTRIBUTE = /([^\s"'>/=]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
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

/** Whether a link is one to follow through Herald: an http(s) address that is not Herald's own. */
function isTrackable(url: string, herald: string): boolean {
  if (!/^https?:\/\//i.test(url)) return false;
  const lower = url.toLowerCase();
  // Herald's own links (the unsubscribe link, a tracked link already) stay as they are: the
  // unsubscribe link must work even where the click endpoint is blocked.
  return !(lower === herald || lower.startsWith(`${herald}/`) || lower.startsWith(`${herald}?`));
}

/** The tracked form of a link of the e-mail with this token. */
export function trackedLinkUrl(token: string, url: string): string {
  return `${publicUrl()}/t/c/${encodeURIComponent(token)}?u=${encodeURIComponent(url)}&s=${signClick(token, url)}`;
}

/** The address of the open pixel of the e-mail with this token. */
export function openPixelUrl(token: string): string {
  return `${publicUrl()}/t/o/${encodeURIComponent(token)}.gif`;
}

function rewriteAnchor(attributes: string, token: string, herald: string): string {
  let hrefSeen = false;
  return attributes.replace(ATTRIBUTE, (whole, name: string, assignment: string | undefined, doubleQuoted?: string, singleQuoted?: string, bare?: string) => {
    // Browsers use the first href of a tag; a second one is ignored, so it stays as it is.
    if (hrefSeen || name.toLowerCase() !== "href" || assignment === undefined) return whole;
    hrefSeen = true;
    const url = decodeEntities(doubleQuoted ?? singleQuoted ?? bare ?? "").trim();
    if (!isTrackable(url, herald)) return whole;
    return `${name}="${escapeAttribute(trackedLinkUrl(token, url))}"`;
  });
}

/**
 * The HTML with its links tracked (`clicks`) and the open pixel added (`opens`). mailto:, tel:,
 * in-page anchors and Herald's own links (the unsubscribe link) are never rewritten.
 */
export function addTracking(html: string, input: { token: string; opens: boolean; clicks: boolean }): string {
  const herald = publicUrl().toLowerCase();
  let result = input.clicks ? html.replace(ANCHOR_TAG, (_tag, attributes: string) => `<a${rewriteAnchor(attributes, input.token, herald)}>`) : html;
  if (input.opens) {
    const pixel = `<img src="${escapeAttribute(openPixelUrl(input.token))}" width="1" height="1" alt="" style="display:none">`;
    const bodyEnd = result.search(/<\/body\s*>(?![\s\S]*<\/body\s*>)/i);
    result = bodyEnd === -1 ? `${result}${pixel}` : `${result.slice(0, bodyEnd)}${pixel}${result.slice(bodyEnd)}`;
  }
  return result;
}

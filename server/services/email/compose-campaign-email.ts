// The e-mail a campaign step sends to one lead, exactly as it goes out: the variant's subject and
// body with the lead's placeholders (or the fallback copy when one has no value), both a plain and
// an HTML body (each derived from the other when the step gives only one), the mailbox's signature,
// then the open pixel and tracked links when the campaign and the mailbox track, and last the
// unsubscribe line with its List-Unsubscribe headers (after tracking, so the unsubscribe link is
// never counted as a click). The executor stores the result in the intent before sending it.
import { renderCopy, type MergeFields } from "../../domain/sequence/render-copy";
import type { Variant } from "../../domain/sequence/decide-step";
import type { EmailThread } from "../../domain/sequence/decide-email-step";
import { addTracking } from "../email-tracking/tracking-links";
import { unsubscribeParts } from "../email-tracking/unsubscribe-parts";

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers: Record<string, string>;
}

export interface ComposeInput {
  workspaceId: string;
  variant: Variant;
  /** The thread a follow-up answers (its subject is "Re: …" of the first e-mail's); null for a new thread. */
  thread: EmailThread | null;
  fields: MergeFields;
  /** The lead's address (the unsubscribe link is for it). */
  address: string;
  mailbox: { email: string; signature: string | null; trackOpens: boolean; trackClicks: boolean };
  tracking: { opens: "off" | "on"; clicks: "off" | "on" };
  unsubscribe: { enabled: boolean; text: string };
  /** EmailMessage.trackingToken of the intent. */
  trackingToken: string;
  /** EmailMessage.id of the intent. */
  emailMessageId: string;
  campaignLeadId: string;
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

const LOOKS_LIKE_HTML = /<\/?[a-z][^>]*>/i;

/** Plain text as HTML: escaped, blank lines between paragraphs, single line breaks kept. */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, "<br>")}</p>`)
    .join("\n");
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1]?.toLowerCase() === "x" ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED[entity.toLowerCase()] ?? match;
  });
}

/**
 * HTML as plain text, for the text part of an HTML-only e-mail: scripts and styles dropped, line
 * breaks at breaks and block ends, a link's address after its words, tags removed, entities decoded.
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, "")
      .replace(/<a\b[^>]*?href\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a\s*>/gi, (_match, href: string, label: string) => {
        const words = label.replace(/<[^>]*>/g, "").trim();
        return !words || words === href || href.startsWith("mailto:") ? words || href : `${words} (${href})`;
      })
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<li\b[^>]*>/gi, "- ")
      .replace(/<\/(p|div|h[1-6]|ul|ol|table|blockquote)\s*>/gi, "\n\n")
      .replace(/<\/(li|tr)\s*>/gi, "\n")
      .replace(/<[^>]*>/g, "")
      .replace(/\r/g, ""),
  )
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The fields with their values escaped, for filling an HTML template. */
function escapedFields(fields: MergeFields): MergeFields {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, typeof value === "string" ? escapeHtml(value) : value]));
}

/** The body in both forms, placeholders filled; the fallback copy replaces both when a placeholder has no value. */
function body(variant: Variant, fields: MergeFields): { text: string; html: string } {
  const html = variant.html?.trim() ? variant.html : null;
  if (!html) {
    const text = renderCopy(variant.text, variant.fallbackText, fields).text;
    return { text, html: textToHtml(text) };
  }
  const filled = renderCopy(html, undefined, escapedFields(fields));
  if (filled.missing.length && variant.fallbackText?.trim()) {
    const text = renderCopy(variant.fallbackText, undefined, fields).text;
    return { text, html: textToHtml(text) };
  }
  const text = variant.text?.trim() ? renderCopy(variant.text, variant.fallbackText, fields).text : htmlToText(filled.text);
  return { text, html: filled.text };
}

export function composeCampaignEmail(input: ComposeInput): ComposedEmail {
  const { variant, fields, mailbox } = input;
  const subject = input.thread?.subject ?? renderCopy(variant.subject, variant.fallbackSubject, fields).text;
  let { text, html } = body(variant, fields);
  const signature = mailbox.signature?.trim();
  if (signature) {
    const signatureIsHtml = LOOKS_LIKE_HTML.test(signature);
    text += `\n\n${signatureIsHtml ? htmlToText(signature) : signature}`;
    html += `\n${signatureIsHtml ? `<div>${signature}</div>` : textToHtml(signature)}`;
  }
  const opens = input.tracking.opens === "on" && mailbox.trackOpens;
  const clicks = input.tracking.clicks === "on" && mailbox.trackClicks;
  if (opens || clicks) html = addTracking(html, { token: input.trackingToken, opens, clicks });
  let headers: Record<string, string> = {};
  if (input.unsubscribe.enabled) {
    const parts = unsubscribeParts({
      workspaceId: input.workspaceId,
      address: input.address,
      mailboxEmail: mailbox.email,
      text: input.unsubscribe.text,
      emailMessageId: input.emailMessageId,
      campaignLeadId: input.campaignLeadId,
    });
    text += `\n\n${parts.text}`;
    html += `\n${parts.html}`;
    headers = parts.headers;
  }
  return { subject, text, html, headers };
}

// What an e-mail step says to one lead, before tracking and the unsubscribe line: the subject, the
// body in plain text and HTML (each derived from the other when the step gives only one) with the
// lead's placeholders filled (their inline fallbacks, or the fallback copy, when one has no value), and the mailbox's
// signature below. One rule for the executor's composer (server/services/mail/sending) and the sequence
// editor's preview, so what the preview shows is what goes out. Spintax is resolved before the
// placeholders are filled, each field with its own seed (server/domain/sequence/spintax.ts). Pure.
import { renderCopy, spinAndFill, type MergeFields, type RenderedCopy } from "../sequence/render-copy";
import { fieldSeed, type CopySpin } from "../sequence/spintax";
import { emailHasLinks, textLinks } from "./email-links";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

const LOOKS_LIKE_HTML = /<\/?[a-z][^>]*>/i;

/** Plain text with its web addresses as links (the ones a mail app would make), escaped. */
function linkedText(text: string): string {
  let html = "";
  let at = 0;
  for (const link of textLinks(text)) {
    html += `${escapeHtml(text.slice(at, link.start))}<a href="${escapeHtml(link.url)}">${escapeHtml(link.url)}</a>`;
    at = link.start + link.url.length;
  }
  return html + escapeHtml(text.slice(at));
}

/**
 * Plain text as HTML: escaped, blank lines between paragraphs, single line breaks kept, and web
 * addresses as links, so that a plain-text body's links are tracked like an HTML body's.
 */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => `<p>${linkedText(paragraph.trim()).replace(/\r?\n/g, "<br>")}</p>`)
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

/** The copy fields of an e-mail variant. */
export interface EmailCopy {
  subject?: string;
  fallbackSubject?: string;
  text?: string;
  fallbackText?: string;
  html?: string;
}

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  /** The step gave an HTML body of its own (else `html` is derived from the text). */
  htmlGiven: boolean;
  /** Placeholders without a value for this lead (an inline fallback or the fallback copy may stand in). */
  missing: string[];
  /** Placeholders left empty in what is sent: no value, no inline fallback, no fallback copy. */
  blank: string[];
  /** The fallback copy replaced the body (or the subject) for this lead. */
  usedFallback: boolean;
}

/**
 * The e-mail's content for one lead. `threadSubject` is the subject of a follow-up sent in the
 * lead's thread ("Re: …" of the first e-mail's), which replaces the variant's own; null for a new
 * thread. The text and HTML bodies share a seed, so where their choices match they say the same.
 */
export function renderEmailContent(input: { variant: EmailCopy; fields: MergeFields; signature: string | null; threadSubject: string | null; spin: CopySpin }): EmailContent {
  const { variant, fields } = input;
  const ownSubject = input.threadSubject === null;
  const body = fieldSeed(input.spin.seed, "body");
  const subject = renderCopy(variant.subject, variant.fallbackSubject, fields, fieldSeed(input.spin.subjectSeed === undefined ? input.spin.seed : input.spin.subjectSeed, "subject"));
  const missing = new Set(ownSubject ? subject.missing : []);
  const blank = new Set(ownSubject ? subject.blank : []);
  const note = (copy: RenderedCopy) => {
    copy.missing.forEach((name) => missing.add(name));
    copy.blank.forEach((name) => blank.add(name));
  };
  let usedFallback = ownSubject && subject.usedFallback;
  let text: string;
  let html: string;
  let htmlGiven = false;
  const plain = () => {
    const rendered = renderCopy(variant.text, variant.fallbackText, fields, body);
    note(rendered);
    usedFallback ||= rendered.usedFallback;
    return rendered.text;
  };
  if (!variant.html?.trim()) {
    text = plain();
    html = textToHtml(text);
  } else {
    const filled = spinAndFill(variant.html, fields, body, escapeHtml);
    if (filled.blank.length && variant.fallbackText?.trim()) {
      // An HTML body that would leave a placeholder empty gives way to the fallback body, as a plain e-mail.
      const backup = renderCopy(variant.fallbackText, undefined, fields, fieldSeed(body, "fallback"));
      note({ ...backup, missing: [...filled.missing, ...backup.missing] });
      text = backup.text;
      html = textToHtml(text);
      usedFallback = true;
    } else {
      note({ ...filled, usedFallback: false });
      htmlGiven = true;
      html = filled.text;
      text = variant.text?.trim() ? plain() : htmlToText(filled.text);
    }
  }
  ({ text, html } = appendSignature({ text, html }, input.signature));
  return { subject: input.threadSubject ?? subject.text, text, html, htmlGiven, missing: [...missing], blank: [...blank], usedFallback };
}

/** Both bodies with the mailbox's signature below (plain text or HTML, each body in its own form). */
export function appendSignature(body: { text: string; html: string }, signature: string | null): { text: string; html: string } {
  const trimmed = signature?.trim();
  if (!trimmed) return body;
  const signatureIsHtml = LOOKS_LIKE_HTML.test(trimmed);
  return {
    text: `${body.text}\n\n${signatureIsHtml ? htmlToText(trimmed) : trimmed}`,
    html: `${body.html}\n${signatureIsHtml ? `<div>${trimmed}</div>` : textToHtml(trimmed)}`,
  };
}

/**
 * Whether e-mails of this copy have a link worth clicking, as they go out from a mailbox with this
 * signature: the HTML body renderEmailContent makes (a plain body's web addresses become links
 * there), judged as the recipient's side judges the sent e-mail (emailHasLinks). Placeholders are
 * left without values. The forecast asks this instead of restating how the body is made, with the
 * lead's seed: a link may sit in some alternatives only.
 */
export function emailCopyHasLinks(variant: EmailCopy, signature: string | null, seed: string | null): boolean {
  const { html } = renderEmailContent({ variant, fields: {}, signature, threadSubject: null, spin: { seed } });
  return emailHasLinks(html, "");
}

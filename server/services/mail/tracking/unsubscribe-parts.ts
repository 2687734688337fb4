// The unsubscribe parts of a campaign e-mail: the campaign's unsubscribe line in the text and HTML
// bodies, and the List-Unsubscribe headers (RFC 2369) with one-click unsubscribing (RFC 8058), which
// Gmail and Yahoo require of bulk senders and show as an "Unsubscribe" button beside the sender.
//
// The line is the campaign's `unsubscribe.text`. `{{unsubscribe}}` in it marks where the link goes: a
// link reading "unsubscribe" in the HTML body; a line without it is the link itself in the HTML body.
// The link's address is a signed token of some 300 characters, so the text body never puts it in
// the sentence: the line reads as in HTML ("…, unsubscribe."), and the address follows on a line of
// its own, last in the e-mail (the inbox and the lead timeline show it as a short label,
// server/domain/mail/unsubscribe-link.ts). The List-Unsubscribe headers carry the same address.
import { publicUrl } from "../../../env";
import { encodeUnsubscribeToken } from "./tracking-signature";

const PLACEHOLDER = /\{\{\s*unsubscribe\s*\}\}/gi;
/** The subject of the e-mail a mail app sends through the mailto: address of List-Unsubscribe. */
const MAILTO_SUBJECT = "unsubscribe";
const DEFAULT_LINE = "Unsubscribe";

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** The address of an unsubscribe link: the page, and the RFC 8058 one-click POST target. */
export function unsubscribeUrl(token: string, base = publicUrl()): string {
  return `${base}/u/${token}`;
}

export function unsubscribeParts(input: {
  workspaceId: string;
  address: string;
  mailboxEmail: string;
  text: string;
  emailMessageId: string;
  /** The campaign lead the e-mail goes to: stopped on unsubscribing, even once the e-mail is gone. */
  campaignLeadId?: string | null;
  /** Where the link points: the mailbox's verified tracking domain or HERALD_URL (the default). */
  baseUrl?: string;
}): { html: string; text: string; headers: Record<string, string> } {
  const token = encodeUnsubscribeToken({
    workspaceId: input.workspaceId,
    address: input.address.trim().toLowerCase(),
    emailMessageId: input.emailMessageId,
    campaignLeadId: input.campaignLeadId ?? null,
    mailboxEmail: input.mailboxEmail.trim().toLowerCase(),
  });
  const url = unsubscribeUrl(token, input.baseUrl?.replace(/\/$/, ""));
  const line = input.text.trim() || DEFAULT_LINE;
  const link = (label: string) => `<a href="${escapeHtml(url)}" style="color:inherit">${escapeHtml(label)}</a>`;
  const hasPlaceholder = line.search(PLACEHOLDER) !== -1;
  const text = `${hasPlaceholder ? line.replace(PLACEHOLDER, "unsubscribe") : line}\n${url}`;
  const htmlLine = hasPlaceholder
    ? line.split(PLACEHOLDER).map(escapeHtml).join(link("unsubscribe"))
    : link(line);
  return {
    text,
    html: `<p style="font-size:12px;color:#6b7280;margin-top:24px">${htmlLine}</p>`,
    headers: {
      "List-Unsubscribe": `<${url}>, <mailto:${input.mailboxEmail}?subject=${MAILTO_SUBJECT}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/**
 * Whether an incoming e-mail is an unsubscribe request sent through the mailto: address of
 * List-Unsubscribe (mail apps that do not do one-click send one, with our subject, maybe prefixed).
 */
export function isMailtoUnsubscribeRequest(subject: string): boolean {
  return new RegExp(`^\\s*((re|aw|fwd?)\\s*:\\s*)*${MAILTO_SUBJECT}\\s*$`, "i").test(subject);
}

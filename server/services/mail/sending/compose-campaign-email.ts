// The e-mail a campaign step sends to one lead, exactly as it goes out: its content for the lead
// (server/domain/mail/email-content.ts, the rule the editor's preview shows), then the open pixel
// and tracked links when the campaign and the mailbox track, the notice line naming the data source
// on a lead's first e-mail, and last the unsubscribe line with its List-Unsubscribe headers (after tracking, so the unsubscribe link is
// never counted as a click). Every link points at the mailbox's verified tracking domain, else at
// HERALD_URL (domain/mail/tracking-domain.ts, trackingBaseUrl). The executor stores the result in the intent before sending it.
import { renderEmailContent } from "../../../domain/mail/email-content";
import type { MergeFields } from "../../../domain/sequence/render-copy";
import type { Variant } from "../../../domain/sequence/decide-step";
import type { EmailThread } from "../../../domain/sequence/decide-email-step";
import type { CopySpin } from "../../../domain/sequence/spintax";
import type { NoticeParts } from "../../../domain/privacy/source-notice";
import { trackingBaseUrl, type TrackingHost } from "../../../domain/mail/tracking-domain";
import { publicUrl } from "../../../env";
import { addTracking } from "../tracking/tracking-links";
import { unsubscribeParts } from "../tracking/unsubscribe-parts";

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
  /** The version of the copy's spintax the lead gets (the decision's). */
  spin: CopySpin;
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
  /**
   * The mailbox's tracking domains (its override, its sending domain's; find-mailbox-tracking-domains.ts):
   * the pixel, the tracked links and the unsubscribe link point at the verified one, else at HERALD_URL.
   */
  trackingDomains?: { override: TrackingHost | null; ofDomain: TrackingHost | null };
  /** The campaign's notice line naming the data source, on the lead's first e-mail only (docs/privacy.md). */
  notice?: NoticeParts | null;
}

export function composeCampaignEmail(input: ComposeInput): ComposedEmail {
  const { variant, fields, mailbox } = input;
  const content = renderEmailContent({ variant, fields, signature: mailbox.signature, threadSubject: input.thread?.subject ?? null, spin: input.spin });
  const subject = content.subject;
  let { text, html } = content;
  const opens = input.tracking.opens === "on" && mailbox.trackOpens;
  const clicks = input.tracking.clicks === "on" && mailbox.trackClicks;
  const baseUrl = trackingBaseUrl({ heraldUrl: publicUrl(), override: input.trackingDomains?.override ?? null, ofDomain: input.trackingDomains?.ofDomain ?? null });
  if (opens || clicks) html = addTracking(html, { token: input.trackingToken, opens, clicks, baseUrl });
  if (input.notice) {
    text += `\n\n${input.notice.text}`;
    html += `\n${input.notice.html}`;
  }
  let headers: Record<string, string> = {};
  if (input.unsubscribe.enabled) {
    const parts = unsubscribeParts({
      workspaceId: input.workspaceId,
      address: input.address,
      mailboxEmail: mailbox.email,
      text: input.unsubscribe.text,
      emailMessageId: input.emailMessageId,
      campaignLeadId: input.campaignLeadId,
      baseUrl,
    });
    text += `\n\n${parts.text}`;
    html += `\n${parts.html}`;
    headers = parts.headers;
  }
  return { subject, text, html, headers };
}

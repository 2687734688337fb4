// Postmark's webhooks in Herald's words. Postmark signs nothing: its documented protection is HTTP
// basic auth in the webhook URL (https://user:password@host/…) over HTTPS, which Herald checks in
// constant time against the mailbox's webhook secret. One URL takes every kind Postmark posts:
// Bounce, SpamComplaint, Delivery, Open, Click, SubscriptionChange (RecordType), and the inbound
// stream's messages (replies), which carry no RecordType of those.
import { createHash, timingSafeEqual } from "node:crypto";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { z } from "zod";
import type { IncomingEmail, MailAddress } from "../../types";
import { ApiWebhookRefused, type ApiMailEvent, type ApiMailEventKind, type ApiWebhookRequest, type ApiWebhookResult } from "../types";

/** The basic-auth password the request carries (Authorization header, or the URL's user info). */
function presentedPassword(request: ApiWebhookRequest): string | null {
  const header = request.headers["authorization"];
  if (header?.toLowerCase().startsWith("basic ")) {
    const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    return colon >= 0 ? decoded.slice(colon + 1) : null;
  }
  try {
    const url = new URL(request.url);
    return url.password ? decodeURIComponent(url.password) : null;
  } catch {
    return null;
  }
}

/** Constant time whatever the lengths: both sides are hashed first. */
function sameSecret(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

export function checkPostmarkAuth(webhookSecret: string | null, request: ApiWebhookRequest): void {
  if (!webhookSecret) throw new ApiWebhookRefused("This mailbox has no webhook password: connect it again with one");
  const presented = presentedPassword(request);
  if (presented === null || !sameSecret(presented, webhookSecret)) throw new ApiWebhookRefused("The webhook's basic-auth password is not this mailbox's");
}

const ZMetadata = z.record(z.string(), z.unknown()).nullish();

const ZRecord = z
  .object({
    RecordType: z.string(),
    ID: z.union([z.number(), z.string()]).optional(),
    Type: z.string().optional(),
    MessageID: z.string().optional(),
    Email: z.string().optional(),
    Recipient: z.string().optional(),
    BouncedAt: z.string().optional(),
    DeliveredAt: z.string().optional(),
    ReceivedAt: z.string().optional(),
    ChangedAt: z.string().optional(),
    Description: z.string().optional(),
    Details: z.string().optional(),
    OriginalLink: z.string().optional(),
    SuppressSending: z.boolean().optional(),
    SuppressionReason: z.string().nullish(),
    Metadata: ZMetadata,
  })
  .loose();

const HARD_BOUNCES = new Set(["HardBounce", "BadEmailAddress"]);
const SOFT_BOUNCES = new Set(["SoftBounce", "Transient", "DnsError"]);

function heraldMessageId(metadata: z.infer<typeof ZMetadata>): string | null {
  const value = metadata?.["heraldMessageId"];
  return typeof value === "string" && value.startsWith("<") ? value : null;
}

function readEvent(record: z.infer<typeof ZRecord>, receivedAt: Date): ApiMailEvent | null {
  let kind: ApiMailEventKind | null = null;
  let at: string | undefined;
  switch (record.RecordType) {
    case "Bounce":
      // Other bounce types (AutoResponder, Unsubscribe, ChallengeVerification …) say nothing about delivery.
      kind = HARD_BOUNCES.has(record.Type ?? "") ? "bounce-hard" : SOFT_BOUNCES.has(record.Type ?? "") ? "bounce-soft" : null;
      at = record.BouncedAt;
      break;
    case "SpamComplaint":
      kind = "complaint";
      at = record.BouncedAt;
      break;
    case "Delivery":
      kind = "delivered";
      at = record.DeliveredAt;
      break;
    case "Open":
      kind = "open";
      at = record.ReceivedAt;
      break;
    case "Click":
      kind = "click";
      at = record.ReceivedAt;
      break;
    case "SubscriptionChange":
      // Only the recipient's own unsubscribe (Postmark's link); suppressions after bounces and complaints arrive as those.
      kind = record.SuppressSending && record.SuppressionReason === "ManualSuppression" ? "unsubscribe" : null;
      at = record.ChangedAt;
      break;
  }
  if (!kind) return null;
  const recipient = (record.Email ?? record.Recipient ?? "").trim().toLowerCase() || null;
  const occurredAt = at && !Number.isNaN(Date.parse(at)) ? new Date(at).toISOString() : receivedAt.toISOString();
  return {
    kind,
    // Bounces and complaints have Postmark's ID; the others are one per message, recipient, kind and moment.
    eventId: record.ID !== undefined ? `${record.RecordType}:${record.ID}` : `${record.RecordType}:${record.MessageID ?? ""}:${recipient ?? ""}:${at ?? ""}`,
    messageId: heraldMessageId(record.Metadata),
    providerMessageId: record.MessageID ?? null,
    recipient,
    occurredAt,
    detail: [record.Description, record.Details, record.OriginalLink].filter(Boolean).join(" ") || null,
  };
}

const ZAddress = z.object({ Email: z.string(), Name: z.string().nullish() });
const ZInbound = z
  .object({
    MessageID: z.string(),
    FromFull: ZAddress,
    ToFull: z.array(ZAddress).default([]),
    Subject: z.string().default(""),
    Date: z.string().optional(),
    TextBody: z.string().default(""),
    HtmlBody: z.string().nullish(),
    Headers: z.array(z.object({ Name: z.string(), Value: z.string() })).default([]),
    RawEmail: z.string().optional(),
  })
  .loose();

function address(value: z.infer<typeof ZAddress>): MailAddress {
  return { name: value.Name?.trim() || null, address: value.Email.trim().toLowerCase() };
}

/** An inbound message as Herald reads mail: its own Message-ID and threading headers, and raw bytes (Postmark's RawEmail when enabled, else rebuilt). */
async function readInbound(body: z.infer<typeof ZInbound>, receivedAt: Date): Promise<IncomingEmail> {
  const headers: Record<string, string> = {};
  for (const header of body.Headers) headers[header.Name.toLowerCase()] ??= header.Value;
  const messageId = headers["message-id"]?.trim() || null;
  const inReplyTo = headers["in-reply-to"]?.trim() || null;
  const references = (headers["references"] ?? "").match(/<[^>]+>/g) ?? [];
  const from = address(body.FromFull);
  const to = body.ToFull.map(address);
  const date = body.Date && !Number.isNaN(Date.parse(body.Date)) ? new Date(body.Date) : receivedAt;
  const raw =
    body.RawEmail ??
    (
      await new MailComposer({
        from: { name: from.name ?? "", address: from.address },
        to: to.map((recipient) => ({ name: recipient.name ?? "", address: recipient.address })),
        subject: body.Subject,
        text: body.TextBody,
        ...(body.HtmlBody ? { html: body.HtmlBody } : {}),
        ...(messageId ? { messageId } : {}),
        ...(inReplyTo ? { inReplyTo } : {}),
        ...(references.length ? { references } : {}),
        date,
        headers: Object.fromEntries(body.Headers.filter((header) => !/^(message-id|in-reply-to|references|date|from|to|subject|content-type|mime-version)$/i.test(header.Name)).map((header) => [header.Name, header.Value])),
      })
        .compile()
        .build()
    ).toString("utf8");
  return {
    uid: `postmark:${body.MessageID}`,
    messageId,
    inReplyTo,
    references,
    from,
    to,
    subject: body.Subject,
    text: body.TextBody,
    html: body.HtmlBody ?? null,
    headers,
    raw,
    receivedAt: date.toISOString(),
  };
}

export async function readPostmarkWebhook(request: ApiWebhookRequest, receivedAt: Date): Promise<ApiWebhookResult> {
  let json: unknown;
  try {
    json = JSON.parse(request.rawBody);
  } catch {
    throw new ApiWebhookRefused("The body is not JSON");
  }
  const record = ZRecord.safeParse(json);
  if (record.success && record.data.RecordType !== "Inbound") {
    const event = readEvent(record.data, receivedAt);
    return { kind: "events", events: event ? [event] : [] };
  }
  const inbound = ZInbound.safeParse(json);
  if (!inbound.success) throw new ApiWebhookRefused("The body is neither a Postmark event nor an inbound message");
  return { kind: "inbound", message: await readInbound(inbound.data, receivedAt) };
}

// Amazon SES's event JSON (the Message of an SNS notification) in Herald's words. Two documented
// shapes carry the same objects: event publishing through a configuration set (`eventType`) and
// identity notifications (`notificationType`). One SNS notification can name several recipients;
// each becomes its own event, identified by the SNS MessageId and the recipient.
import { z } from "zod";
import { toIncomingEmail } from "../../smtp/incoming-message";
import type { IncomingEmail } from "../../types";
import type { ApiMailEvent, ApiMailEventKind } from "../types";

const ZHeader = z.object({ name: z.string(), value: z.string() });
const ZRecipient = z.object({ emailAddress: z.string(), status: z.string().nullish(), diagnosticCode: z.string().nullish(), action: z.string().nullish() });

const ZSesEvent = z.object({
  eventType: z.string().optional(),
  notificationType: z.string().optional(),
  mail: z.object({
    messageId: z.string(),
    timestamp: z.string().optional(),
    destination: z.array(z.string()).default([]),
    headers: z.array(ZHeader).optional(),
    commonHeaders: z.object({ messageId: z.string().optional() }).loose().optional(),
  }),
  bounce: z
    .object({ bounceType: z.string(), bounceSubType: z.string().optional(), bouncedRecipients: z.array(ZRecipient).default([]), timestamp: z.string().optional() })
    .optional(),
  complaint: z
    .object({ complainedRecipients: z.array(z.object({ emailAddress: z.string() })).default([]), timestamp: z.string().optional(), complaintFeedbackType: z.string().optional() })
    .optional(),
  delivery: z.object({ recipients: z.array(z.string()).default([]), timestamp: z.string().optional(), smtpResponse: z.string().optional() }).optional(),
  open: z.object({ timestamp: z.string().optional() }).optional(),
  click: z.object({ timestamp: z.string().optional(), link: z.string().optional() }).optional(),
});

/** Herald's Message-ID as the e-mail was composed (SES gives the e-mail its own on the way out; the event keeps the original headers). */
function originalMessageId(mail: z.infer<typeof ZSesEvent>["mail"]): string | null {
  const header = mail.headers?.find((candidate) => candidate.name.toLowerCase() === "message-id")?.value ?? mail.commonHeaders?.messageId ?? null;
  const trimmed = header?.trim();
  if (!trimmed) return null;
  return trimmed.startsWith("<") ? trimmed : `<${trimmed}>`;
}

/** The events of one SES notification; none for types Herald does not act on (Send, Reject, DeliveryDelay, Rendering Failure). */
export function readSesEvents(snsMessageId: string, message: string, receivedAt: Date): ApiMailEvent[] {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return [];
  }
  const result = ZSesEvent.safeParse(json);
  if (!result.success) return [];
  const event = result.data;
  const type = event.eventType ?? event.notificationType ?? "";
  const messageId = originalMessageId(event.mail);
  const common = (kind: ApiMailEventKind, recipient: string | null, at: string | undefined, detail: string | null, index: number): ApiMailEvent => ({
    kind,
    eventId: `${snsMessageId}:${index}`,
    messageId,
    providerMessageId: event.mail.messageId,
    recipient: recipient?.trim().toLowerCase() ?? null,
    occurredAt: at && !Number.isNaN(Date.parse(at)) ? new Date(at).toISOString() : receivedAt.toISOString(),
    detail,
  });
  switch (type) {
    case "Bounce": {
      if (!event.bounce) return [];
      // Undetermined: SES could not tell; treated as temporary, so the address is not killed on a guess.
      const kind = event.bounce.bounceType === "Permanent" ? "bounce-hard" : "bounce-soft";
      return event.bounce.bouncedRecipients.map((recipient, index) =>
        common(kind, recipient.emailAddress, event.bounce?.timestamp, [recipient.status, recipient.diagnosticCode ?? `${event.bounce?.bounceType} bounce (${event.bounce?.bounceSubType ?? "General"})`].filter(Boolean).join(" "), index),
      );
    }
    case "Complaint":
      return (event.complaint?.complainedRecipients ?? []).map((recipient, index) =>
        common("complaint", recipient.emailAddress, event.complaint?.timestamp, event.complaint?.complaintFeedbackType ?? "abuse", index),
      );
    case "Delivery":
      return (event.delivery?.recipients ?? []).map((recipient, index) => common("delivered", recipient, event.delivery?.timestamp, event.delivery?.smtpResponse ?? null, index));
    case "Open":
      return [common("open", event.mail.destination[0] ?? null, event.open?.timestamp, null, 0)];
    case "Click":
      return [common("click", event.mail.destination[0] ?? null, event.click?.timestamp, event.click?.link ?? null, 0)];
    default:
      return [];
  }
}

const ZReceived = z.object({
  notificationType: z.literal("Received"),
  mail: z.object({ messageId: z.string(), timestamp: z.string().optional() }),
  receipt: z.object({ action: z.object({ type: z.string(), encoding: z.enum(["UTF8", "BASE64"]).optional() }).loose() }).loose(),
  content: z.string(),
});

/**
 * An e-mail SES received for the domain and published whole through a receipt rule's SNS action
 * (up to 150 KB; larger ones SES stores in S3 only, and are not read here); null for anything else.
 */
export async function readSesInbound(message: string, receivedAt: Date): Promise<IncomingEmail | null> {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return null;
  }
  const result = ZReceived.safeParse(json);
  if (!result.success) return null;
  const { mail, receipt, content } = result.data;
  const raw = Buffer.from(content, receipt.action.encoding === "BASE64" ? "base64" : "utf8");
  const at = mail.timestamp && !Number.isNaN(Date.parse(mail.timestamp)) ? new Date(mail.timestamp) : receivedAt;
  return toIncomingEmail(`ses:${mail.messageId}`, raw, at);
}

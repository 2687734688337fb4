// Which of Herald's records is which CRM activity, and its words: an outbox event (connection
// accepted, messages and e-mails sent and received, bounces, unsubscribes) or a sent invitation.
import type { CrmActivity, CrmActivityKind } from "../../providers/crm/types";

export const CRM_EVENT_KINDS: Record<string, CrmActivityKind> = {
  "connection.accepted": "connected",
  "message.sent": "messaged",
  "email.sent": "emailed",
  "message.received": "replied",
  "email.received": "replied",
  "email.bounced": "bounced",
  "email.unsubscribed": "unsubscribed",
};

/** The one interest that makes a deal (server/schemas/inbox.ts ZInterestValue). */
export const POSITIVE_INTEREST = "interested";

const SUBJECTS: Record<CrmActivityKind, string> = {
  invited: "Herald: LinkedIn connection request sent",
  connected: "Herald: LinkedIn connection accepted",
  messaged: "Herald: LinkedIn message sent",
  emailed: "Herald: e-mail sent",
  replied: "Herald: reply received",
  bounced: "Herald: e-mail bounced",
  unsubscribed: "Herald: unsubscribed from e-mails",
};

const INTEREST_WORDS: Record<string, string> = { interested: "interested", not_interested: "not interested", neutral: "neutral" };

interface EventData {
  leadId?: unknown;
  message?: { text?: unknown; at?: unknown };
  email?: { subject?: unknown; recipient?: unknown; address?: unknown };
  classification?: { interest?: unknown } | null;
  bounce?: { message?: unknown };
  kind?: unknown;
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);

export function activityOfEvent(event: { event: string; data: unknown; createdAt: Date }): { leadId: string; activity: CrmActivity } | null {
  const kind = CRM_EVENT_KINDS[event.event];
  const data = (event.data ?? {}) as EventData;
  const leadId = text(data.leadId);
  if (!kind || !leadId) return null;
  const interest = kind === "replied" ? text(data.classification?.interest) : null;
  const subjectLine = text(data.email?.subject);
  let subject = SUBJECTS[kind];
  if (subjectLine && (kind === "emailed" || kind === "replied")) subject += ` — ${subjectLine}`;
  if (interest) subject += ` (${INTEREST_WORDS[interest] ?? interest})`;
  let body = text(data.message?.text) ?? "";
  if (kind === "bounced") body = `The e-mail to ${text(data.email?.recipient) ?? "the lead"} ${data.kind === "complaint" ? "was reported as spam" : "bounced"}${text(data.bounce?.message) ? `: ${text(data.bounce?.message)}` : ""}.`;
  if (kind === "unsubscribed") body = `${text(data.email?.address) ?? "The lead"} unsubscribed from the workspace's e-mails.`;
  if (kind === "connected") body = "The lead accepted the LinkedIn connection request.";
  const at = text(data.message?.at);
  return { leadId, activity: { kind, occurredAt: at ? new Date(at) : event.createdAt, subject, body: body || subject, interest } };
}

export function activityOfInvitation(action: { note: string | null; sentAt: Date }): CrmActivity {
  return {
    kind: "invited",
    occurredAt: action.sentAt,
    subject: SUBJECTS.invited,
    body: action.note?.trim() ? `Note: ${action.note}` : "A connection request without a note.",
    interest: null,
  };
}

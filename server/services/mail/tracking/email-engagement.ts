// What opening and clicking a tracked e-mail share: finding the e-mail by its token, the grace
// period after sending, recording the first open, and the data of email.opened / email.clicked.
import { db, type Prisma } from "../../../db/client";
import type { Emit } from "../../events/with-outbox";
import { TRACKING_GRACE_MS } from "../../../domain/mail/tracked-activity";

const TRACKED_EMAIL = {
  id: true,
  workspaceId: true,
  mailboxId: true,
  leadId: true,
  campaignLeadId: true,
  campaignId: true,
  stepId: true,
  messageId: true,
  subject: true,
  sentAt: true,
} satisfies Prisma.EmailMessageSelect;

export type TrackedEmail = Prisma.EmailMessageGetPayload<{ select: typeof TRACKED_EMAIL }>;

/**
 * The sent e-mail a tracking token belongs to, when the moment is past the grace period; null for
 * an unknown token, an e-mail not sent (yet), and a hit within the grace period.
 */
export async function findTrackedEmail(token: string, at: Date): Promise<TrackedEmail | null> {
  // Tokens are 24 random bytes in base64url (32 characters): anything else finds nothing anyway,
  // so it is not worth a query.
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return null;
  const email = await db.emailMessage.findUnique({ where: { trackingToken: token }, select: TRACKED_EMAIL });
  if (!email || email.sentAt === null) return null;
  return at.getTime() - email.sentAt.getTime() < TRACKING_GRACE_MS ? null : email;
}

/** The data email.opened and email.clicked share. */
export function engagementData(email: TrackedEmail, at: Date): Record<string, unknown> {
  return {
    accountId: email.mailboxId,
    campaignLeadId: email.campaignLeadId,
    campaignId: email.campaignId,
    leadId: email.leadId,
    stepId: email.stepId,
    email: { messageId: email.messageId, subject: email.subject },
    at: at.toISOString(),
  };
}

/**
 * Records the e-mail's first open, on the e-mail and on its campaign lead (whose first open of any
 * of the campaign's e-mails it keeps), with email.opened. The conditional update lets exactly one
 * of several simultaneous hits through. Returns whether this was the first open.
 */
export async function recordFirstOpen(tx: Prisma.TransactionClient, emit: Emit, email: TrackedEmail, at: Date): Promise<boolean> {
  const claimed = await tx.emailMessage.updateMany({ where: { id: email.id, openedAt: null }, data: { openedAt: at, updatedAt: at } });
  if (!claimed.count) return false;
  if (email.campaignLeadId) {
    await tx.campaignLead.updateMany({ where: { id: email.campaignLeadId, emailOpenedAt: null }, data: { emailOpenedAt: at, updatedAt: at } });
  }
  await emit({ workspaceId: email.workspaceId, event: "email.opened", data: engagementData(email, at) });
  return true;
}

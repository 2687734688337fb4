// The record of provider events and signature tokens taken (MailProviderEvent), kept for a week: long
// enough to take any provider's redelivery of an event once (Mailgun retries for 8 hours, SendGrid
// for 72) and far beyond a token's ten-minute window. Run by the hourly purge
// (inngest/functions/purge-expired-records.ts); one statement for every mailbox at once.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";

/** How long a taken event or token is remembered. */
export const MAIL_PROVIDER_EVENT_RETENTION_MS = 7 * 24 * 3_600_000;

export async function purgeMailProviderEvents(): Promise<{ mailProviderEvents: number }> {
  const { count } = await db.mailProviderEvent.deleteMany({ where: { receivedAt: { lt: new Date(now().getTime() - MAIL_PROVIDER_EVENT_RETENTION_MS) } } });
  return { mailProviderEvents: count };
}

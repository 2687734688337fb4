// The tracking domains a mailbox's links may use: its own pick and its sending domain's, as the
// composer's rule (domain/mail/tracking-domain.ts, trackingBaseUrl) takes them. One query.
import { db, type DbClient } from "../../../db/client";
import { domainOfAddress, type TrackingHost } from "../../../domain/mail/tracking-domain";

export interface MailboxTrackingDomains {
  override: (TrackingHost & { id: string }) | null;
  ofDomain: (TrackingHost & { id: string }) | null;
}

export async function findMailboxTrackingDomains(
  mailbox: { workspaceId: string; email: string; trackingDomainId: string | null },
  client: DbClient = db,
): Promise<MailboxTrackingDomains> {
  const domain = domainOfAddress(mailbox.email);
  const rows = await client.trackingDomain.findMany({
    where: { workspaceId: mailbox.workspaceId, OR: [{ domain }, ...(mailbox.trackingDomainId ? [{ id: mailbox.trackingDomainId }] : [])] },
    select: { id: true, host: true, status: true, domain: true, httpsWarning: true },
  });
  return {
    override: rows.find((row) => row.id === mailbox.trackingDomainId) ?? null,
    ofDomain: rows.find((row) => row.domain === domain) ?? null,
  };
}

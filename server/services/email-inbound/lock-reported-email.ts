// What a bounce or a complaint locks before changing anything: the e-mail it reports on (two reports
// about one e-mail take turns) and the campaign lead that e-mail went to.
import type { Prisma } from "../../db/client";
import type { EmailMessage } from "../../db/generated/client";
import { lockCampaignLead } from "../campaigns/executor/settle-campaign-lead";
import { STOPPABLE } from "../campaigns/unsubscribe-address";

/** The outbound e-mail, locked for the transaction; null when Herald has no such e-mail. */
export async function lockReportedEmail(tx: Prisma.TransactionClient, id: string | null): Promise<EmailMessage | null> {
  if (!id) return null;
  const rows = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM "EmailMessage" WHERE id = ${id} AND direction = 'outbound' FOR UPDATE`;
  return rows[0] ? tx.emailMessage.findUnique({ where: { id } }) : null;
}

/** Locks the campaign lead and says whether it is still going (pending, running or paused). */
export async function lockActiveCampaignLead(tx: Prisma.TransactionClient, campaignLeadId: string | null): Promise<boolean> {
  const status = campaignLeadId ? await lockCampaignLead(tx, campaignLeadId) : null;
  return status !== null && (STOPPABLE as readonly string[]).includes(status);
}

import type { Prisma } from "../../db/client";
import type { CampaignLeadStatus } from "../../db/generated/client";
import { pickSenders } from "./assign-campaign-senders";

/** The leads that weigh on a mailbox: those still to run, paused ones included. */
const OPEN: CampaignLeadStatus[] = ["pending", "running", "paused"];

/** Open leads per mailbox of the pool. Read inside the caller's transaction, so its own changes count. */
export async function mailboxLoads(tx: Prisma.TransactionClient, campaignId: string, pool: string[]): Promise<Map<string, number>> {
  const loads = new Map(pool.map((id) => [id, 0]));
  if (!pool.length) return loads;
  const rows = await tx.campaignLead.groupBy({
    by: ["emailAccountId"],
    where: { campaignId, emailAccountId: { in: pool }, status: { in: OPEN } },
    _count: { _all: true },
  });
  for (const row of rows) if (row.emailAccountId) loads.set(row.emailAccountId, loads.get(row.emailAccountId)! + row._count._all);
  return loads;
}

/**
 * After the mailbox pool changed (a campaign's emailAccountIds edited, a mailbox removed): gives
 * the campaign's open leads that have no mailbox (or one that left the pool and never e-mailed
 * them) one from the pool, keeping the loads even. Leads already e-mailed stay with their mailbox
 * (the thread continues there) unless `releaseContacted` names mailboxes that are gone for good.
 */
export async function assignCampaignMailboxes(
  tx: Prisma.TransactionClient,
  campaign: { id: string; emailAccountIds: string[] },
  options: { releaseContacted?: string[] } = {},
): Promise<number> {
  const pool = campaign.emailAccountIds;
  if (options.releaseContacted?.length) {
    await tx.campaignLead.updateMany({
      where: { campaignId: campaign.id, emailAccountId: { in: options.releaseContacted } },
      data: { emailAccountId: null, emailContacted: false },
    });
  }
  await tx.campaignLead.updateMany({
    where: { campaignId: campaign.id, emailContacted: false, emailAccountId: { not: null, notIn: pool } },
    data: { emailAccountId: null },
  });
  if (!pool.length) return 0;
  const unassigned = await tx.campaignLead.findMany({
    where: { campaignId: campaign.id, emailAccountId: null, status: { in: OPEN } },
    select: { id: true },
    orderBy: { seq: "asc" },
  });
  if (!unassigned.length) return 0;
  const mailboxes = pickSenders(pool, await mailboxLoads(tx, campaign.id, pool), unassigned.length);
  const byMailbox = new Map<string, string[]>();
  unassigned.forEach((lead, index) => {
    const ids = byMailbox.get(mailboxes[index]!) ?? [];
    ids.push(lead.id);
    byMailbox.set(mailboxes[index]!, ids);
  });
  for (const [mailboxId, ids] of byMailbox) {
    await tx.campaignLead.updateMany({ where: { id: { in: ids } }, data: { emailAccountId: mailboxId } });
  }
  return unassigned.length;
}

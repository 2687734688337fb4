import type { Prisma } from "../../db/client";
import type { CampaignLeadStatus } from "../../db/generated/client";

/** The leads that weigh on a sender: those still to run, paused ones included. */
const OPEN: CampaignLeadStatus[] = ["pending", "running", "paused"];

/**
 * Open leads per sender of the pool, from the campaign's counters (a few rows, whatever the number
 * of leads). Read inside the caller's transaction, so its own changes count.
 */
export async function senderLoads(tx: Prisma.TransactionClient, campaignId: string, pool: string[]): Promise<Map<string, number>> {
  const loads = new Map(pool.map((id) => [id, 0]));
  if (!pool.length) return loads;
  const rows = await tx.campaignLeadCount.findMany({
    where: { campaignId, linkedinAccountId: { in: pool }, status: { in: OPEN } },
    select: { linkedinAccountId: true, leads: true },
  });
  for (const row of rows) loads.set(row.linkedinAccountId, loads.get(row.linkedinAccountId)! + row.leads);
  return loads;
}

/**
 * The sender for each of `count` leads in turn: the pool's lightest at that moment, the first in
 * pool order on a tie. `loads` is updated as leads are given out. Null for every lead when the pool
 * is empty.
 */
export function pickSenders(pool: string[], loads: Map<string, number>, count: number): Array<string | null> {
  return Array.from({ length: count }, () => {
    if (!pool.length) return null;
    let lightest = pool[0]!;
    for (const id of pool) if (loads.get(id)! < loads.get(lightest)!) lightest = id;
    loads.set(lightest, loads.get(lightest)! + 1);
    return lightest;
  });
}

/**
 * After the pool changed: gives the campaign's leads that have no sender (or a sender that left the
 * pool and never contacted them) one from the pool, keeping the senders' loads even. Contacted leads
 * stay pinned. New leads get their sender as they are enrolled (enrollLeads), not here.
 */
export async function assignCampaignSenders(tx: Prisma.TransactionClient, campaign: { id: string; linkedinAccountIds: string[] }): Promise<number> {
  const pool = campaign.linkedinAccountIds;
  // Only leads that have a sender outside the pool: an empty pool must not rewrite every lead.
  await tx.campaignLead.updateMany({
    where: { campaignId: campaign.id, contacted: false, linkedinAccountId: { not: null, notIn: pool } },
    data: { linkedinAccountId: null },
  });
  if (!pool.length) return 0;
  const unassigned = await tx.campaignLead.findMany({
    where: { campaignId: campaign.id, linkedinAccountId: null, status: { in: OPEN } },
    select: { id: true },
    orderBy: { seq: "asc" },
  });
  if (!unassigned.length) return 0;
  const senders = pickSenders(pool, await senderLoads(tx, campaign.id, pool), unassigned.length);
  const byAccount = new Map<string, string[]>();
  unassigned.forEach((lead, index) => {
    const ids = byAccount.get(senders[index]!) ?? [];
    ids.push(lead.id);
    byAccount.set(senders[index]!, ids);
  });
  for (const [accountId, ids] of byAccount) {
    await tx.campaignLead.updateMany({ where: { id: { in: ids } }, data: { linkedinAccountId: accountId } });
  }
  return unassigned.length;
}

import type { Prisma } from "../../db/client";

/**
 * Gives the campaign's leads that have no sender (or a sender that left the pool and never
 * contacted them) one from the pool, keeping the senders' loads even. Contacted leads stay pinned.
 */
export async function assignCampaignSenders(tx: Prisma.TransactionClient, campaign: { id: string; linkedinAccountIds: string[] }): Promise<number> {
  const pool = campaign.linkedinAccountIds;
  await tx.campaignLead.updateMany({
    where: { campaignId: campaign.id, contacted: false, linkedinAccountId: { notIn: pool } },
    data: { linkedinAccountId: null },
  });
  if (!pool.length) return 0;
  const unassigned = await tx.campaignLead.findMany({
    where: { campaignId: campaign.id, linkedinAccountId: null, status: { in: ["pending", "running", "paused"] } },
    select: { id: true },
    orderBy: { seq: "asc" },
  });
  if (!unassigned.length) return 0;
  const loads = new Map(pool.map((id) => [id, 0]));
  const counts = await tx.campaignLead.groupBy({
    by: ["linkedinAccountId"],
    where: { campaignId: campaign.id, linkedinAccountId: { in: pool }, status: { in: ["pending", "running", "paused"] } },
    _count: { _all: true },
  });
  for (const row of counts) if (row.linkedinAccountId) loads.set(row.linkedinAccountId, row._count._all);
  const byAccount = new Map<string, string[]>();
  for (const lead of unassigned) {
    let lightest = pool[0]!;
    for (const id of pool) if (loads.get(id)! < loads.get(lightest)!) lightest = id;
    loads.set(lightest, loads.get(lightest)! + 1);
    byAccount.set(lightest, [...(byAccount.get(lightest) ?? []), lead.id]);
  }
  for (const [accountId, ids] of byAccount) {
    await tx.campaignLead.updateMany({ where: { id: { in: ids } }, data: { linkedinAccountId: accountId } });
  }
  return unassigned.length;
}

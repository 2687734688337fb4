import { db, type DbClient } from "../../db/client";
import type { LeadList } from "../../db/generated/client";
import type { TLeadList } from "../../schemas/lead";

/** Lead lists as the API shows them: size, and the campaigns that use or exclude them. */
export async function toLeadLists(rows: LeadList[], client: DbClient = db): Promise<TLeadList[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const [counts, campaigns] = await Promise.all([
    client.leadListEntry.groupBy({ by: ["listId"], where: { listId: { in: ids } }, _count: { _all: true } }),
    client.campaign.findMany({
      where: { OR: [{ listId: { in: ids } }, { excludeListIds: { hasSome: ids } }] },
      select: { id: true, listId: true, excludeListIds: true },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  const size = new Map(counts.map((row) => [row.listId, row._count._all]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    leadCount: size.get(row.id) ?? 0,
    campaignIds: campaigns.filter((campaign) => campaign.listId === row.id).map((campaign) => campaign.id),
    excludedByCampaignIds: campaigns.filter((campaign) => campaign.excludeListIds.includes(row.id)).map((campaign) => campaign.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

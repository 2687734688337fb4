import { db, Prisma } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TPaginationQuery } from "../../schemas/common";
import type { TCampaign, TCampaignListFilter } from "../../schemas/campaign";
import { toCampaigns } from "./to-campaign";

/**
 * A page of the workspace's campaigns, newest first. Without a filter (the REST API) every
 * campaign is listed; the dashboard's filter searches names, picks a status, and shows either the
 * archived campaigns or the others.
 */
export async function listCampaigns(
  actor: Actor,
  paging: TPaginationQuery,
  filter?: Partial<TCampaignListFilter>,
): Promise<{ campaigns: TCampaign[]; total: number }> {
  const where: Prisma.CampaignWhereInput = { workspaceId: actor.workspaceId };
  if (filter) {
    where.archivedAt = filter.archived ? { not: null } : null;
    if (filter.status) where.status = filter.status;
    if (filter.search) where.name = { contains: filter.search, mode: "insensitive" };
  }
  const [rows, total] = await Promise.all([
    db.campaign.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: paging.limit, skip: paging.offset }),
    db.campaign.count({ where }),
  ]);
  return { campaigns: await toCampaigns(rows), total };
}

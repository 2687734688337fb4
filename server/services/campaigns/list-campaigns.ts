import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TPaginationQuery } from "../../schemas/common";
import type { TCampaign } from "../../schemas/campaign";
import { campaignStats } from "./campaign-stats";
import { toCampaign } from "./to-campaign";

export async function listCampaigns(actor: Actor, paging: TPaginationQuery): Promise<{ campaigns: TCampaign[]; total: number }> {
  const where = { workspaceId: actor.workspaceId };
  const [rows, total] = await Promise.all([
    db.campaign.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: paging.limit, skip: paging.offset }),
    db.campaign.count({ where }),
  ]);
  const stats = await campaignStats(rows.map((row) => row.id));
  return { campaigns: rows.map((row) => toCampaign(row, stats.get(row.id)!)), total };
}

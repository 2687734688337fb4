import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TPaginationQuery } from "../../schemas/common";
import type { TCampaign } from "../../schemas/campaign";
import { toCampaigns } from "./to-campaign";

export async function listCampaigns(actor: Actor, paging: TPaginationQuery): Promise<{ campaigns: TCampaign[]; total: number }> {
  const where = { workspaceId: actor.workspaceId };
  const [rows, total] = await Promise.all([
    db.campaign.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: paging.limit, skip: paging.offset }),
    db.campaign.count({ where }),
  ]);
  return { campaigns: await toCampaigns(rows), total };
}

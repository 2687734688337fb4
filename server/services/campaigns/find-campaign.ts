import { db, type DbClient } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";

export async function findCampaign(actor: Actor, campaignId: string, client: DbClient = db) {
  const row = await client.campaign.findFirst({ where: { id: campaignId, workspaceId: actor.workspaceId } });
  if (!row) throw HeraldError.notFound("Campaign");
  return row;
}

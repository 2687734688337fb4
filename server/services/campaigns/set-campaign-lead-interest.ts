import type { DbClient } from "../../db/client";
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";

export type Interest = "interested" | "not_interested" | "neutral";

/**
 * Sets a campaign lead's interest by hand (interestBy `manual`), or clears it (null: unknown). No
 * event fires: the spec has none for interest, which webhooks see on the next reply's classification.
 */
export async function setCampaignLeadInterest(actor: Actor, campaignLeadId: string, interest: Interest | null, client: DbClient = db): Promise<void> {
  const changed = await client.campaignLead.updateMany({
    where: { id: campaignLeadId, workspaceId: actor.workspaceId },
    data: { interest, interestBy: interest === null ? null : "manual", updatedAt: now() },
  });
  if (!changed.count) throw HeraldError.notFound("Campaign lead");
}

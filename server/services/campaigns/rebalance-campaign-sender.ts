import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import type { TRebalanceInput } from "../../schemas/campaign";
import { senderRebalanceable } from "../../domain/sequence/rebalanceable-sender";
import { findCampaign } from "./find-campaign";
import { kickCampaignExecutor } from "./kick-campaign-executor";

/**
 * Moves a paused or failed sender's not-yet-contacted leads in a campaign evenly onto the pool's
 * other available senders (connected, active, not paused), lightest first. Leads the sender already
 * contacted stay pinned to it. `receivers` counts the available senders the leads were spread over;
 * it is 0 only when no other sender was available (then nothing moved). A sender outside the
 * campaign's pool is a 422; an active sender that is not paused is a 409 (pause it first).
 */
export async function rebalanceCampaignSender(actor: Actor, campaignId: string, input: TRebalanceInput): Promise<{ moved: number; receivers: number }> {
  const { linkedinAccountId } = input;
  const campaign = await findCampaign(actor, campaignId);
  const sender = await db.linkedinAccount.findFirst({
    where: { id: linkedinAccountId, workspaceId: actor.workspaceId },
    select: { label: true, fullName: true, connectionStatus: true, status: true, paused: true },
  });
  const name = sender?.label || sender?.fullName || "This sender";
  if (!campaign.linkedinAccountIds.includes(linkedinAccountId)) {
    throw new HeraldError({ code: "not-in-pool", message: `${name} is not in this campaign's sender pool, so it has no leads here to move.` });
  }
  if (!senderRebalanceable(sender)) {
    throw new HeraldError({
      code: "sender-available",
      message: `${name} is active and not paused, so it keeps its leads. Only a paused or failed sender's leads are moved: pause it first, then rebalance.`,
    });
  }
  const result = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "Campaign" WHERE id = ${campaign.id} FOR UPDATE`;
    const others = await tx.linkedinAccount.findMany({
      where: {
        id: { in: campaign.linkedinAccountIds.filter((id) => id !== linkedinAccountId) },
        connectionStatus: "connected",
        status: "active",
        paused: false,
      },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    if (!others.length) return { moved: 0, receivers: 0 };
    const movable = await tx.campaignLead.findMany({
      where: { campaignId: campaign.id, linkedinAccountId, contacted: false, status: { in: ["pending", "running", "paused"] } },
      select: { id: true },
      orderBy: { seq: "asc" },
    });
    // Nothing to move is still an answer about the pool: receivers counts who was available.
    if (!movable.length) return { moved: 0, receivers: others.length };
    const loads = new Map(others.map((sender) => [sender.id, 0]));
    const counts = await tx.campaignLead.groupBy({
      by: ["linkedinAccountId"],
      where: { campaignId: campaign.id, linkedinAccountId: { in: [...loads.keys()] }, status: { in: ["pending", "running", "paused"] } },
      _count: { _all: true },
    });
    for (const row of counts) loads.set(row.linkedinAccountId!, row._count._all);
    const assignment = new Map<string, string[]>();
    for (const lead of movable) {
      const [lightest] = [...loads.entries()].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))[0]!;
      loads.set(lightest, loads.get(lightest)! + 1);
      assignment.set(lightest, [...(assignment.get(lightest) ?? []), lead.id]);
    }
    for (const [accountId, ids] of assignment) {
      await tx.campaignLead.updateMany({ where: { id: { in: ids } }, data: { linkedinAccountId: accountId, updatedAt: now() } });
    }
    return { moved: movable.length, receivers: others.length };
  });
  if (result.moved && campaign.status === "active") await kickCampaignExecutor("leads rebalanced");
  return result;
}

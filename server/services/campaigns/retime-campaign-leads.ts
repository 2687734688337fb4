import type { Prisma } from "../../db/client";
import type { Retiming } from "../../domain/sequence/retime-waiting-leads";

/**
 * Moves the waiting leads of a campaign by the core's shifts (retimeWaitingLeads), after its
 * sequence's delays changed: one statement per changed step. A lead whose new time is past is due
 * at once, by that time among its sender's due leads. Returns how many leads moved.
 */
export async function retimeCampaignLeads(tx: Prisma.TransactionClient, campaignId: string, retimings: Retiming[], at: Date): Promise<number> {
  let moved = 0;
  for (const { stepId, phase, shiftMs } of retimings) {
    moved += await tx.$executeRaw`
      UPDATE "CampaignLead"
      SET "waitUntil" = "waitUntil" + ${shiftMs} * interval '1 millisecond', "updatedAt" = ${at}
      WHERE "campaignId" = ${campaignId} AND "currentStepId" = ${stepId} AND phase = ${phase}
        AND status IN ('pending', 'running') AND "waitUntil" IS NOT NULL`;
  }
  return moved;
}

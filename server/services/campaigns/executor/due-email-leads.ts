import type { Prisma } from "../../../db/client";
import { EMAIL_STEP_TYPES } from "../../../domain/sequence/turn-policy";

/**
 * Campaign leads whose e-mail step is due at `at` (not yet begun or still going, ready, their time
 * come), in the core's candidateOrder (turn-policy.ts): follow-ups (the lead was e-mailed already)
 * first, then the oldest due, then the first added. Shared by mailbox turns and by the leads
 * whose campaign has no mailbox for them, so both take the same leads in the same order.
 */
export function dueEmailLeads(at: Date) {
  return {
    where: {
      status: { in: ["pending", "running"] },
      phase: "ready",
      waitUntil: { lte: at },
      currentStepType: { in: [...EMAIL_STEP_TYPES] },
    } satisfies Prisma.CampaignLeadWhereInput,
    orderBy: [{ emailContacted: "desc" }, { waitUntil: "asc" }, { seq: "asc" }] satisfies Prisma.CampaignLeadOrderByWithRelationInput[],
  };
}

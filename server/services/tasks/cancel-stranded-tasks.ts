import { db } from "../../db/client";
import { now } from "../../lib/clock";

/**
 * Pending tasks whose lead is no longer waiting at their step for a person (it was stopped, replied,
 * finished, or removed from the campaign) become `cancelled`: nobody needs to do them any more.
 */
export async function cancelStrandedTasks(workspaceId: string): Promise<void> {
  const at = now();
  await db.$executeRaw`
    UPDATE "ManualTask" AS t SET status = 'cancelled', "updatedAt" = ${at}
    FROM "CampaignLead" AS l
    WHERE t."workspaceId" = ${workspaceId} AND t.status = 'pending' AND l.id = t."campaignLeadId"
      AND (l.status::text NOT IN ('pending', 'running', 'paused') OR l."currentStepId" IS DISTINCT FROM t."stepId" OR l.phase <> 'approval')`;
}

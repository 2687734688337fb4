// One CRM connection's sync: pull the exclusions page by page, then push leads and activities batch
// by batch, each batch a step (its cursor stored, so a retry resumes where it stopped), then the log.
// One run per connection at a time; runs of a connection are throttled and each connection's client
// paces its calls under the provider's requests per second (server/services/crm/with-crm-client.ts).
// A CRM that asks to slow down (CrmError "rate-limited") is retried after the time it gives; a
// revoked connection stops its own sync only.
import { RetryAfterError } from "inngest";
import { finishCrmSync } from "@/server/services/crm/finish-crm-sync";
import { runCrmSyncStage, type CrmSyncStage, type CrmSyncStageResult } from "@/server/services/crm/run-crm-sync-stage";
import { isCrmError } from "@/server/providers/crm/types";
import { inngest } from "../client";
import { crmSyncRequested } from "../events";

/** Most batches of each stage in one run; the next run goes on from the cursors. */
export const MAX_BATCHES = 20;

async function stageStep(connectionId: string, stage: CrmSyncStage): Promise<CrmSyncStageResult> {
  try {
    return await runCrmSyncStage(connectionId, stage);
  } catch (error) {
    if (isCrmError(error) && error.kind === "rate-limited") {
      throw new RetryAfterError(error.message, (error.retryAfterSeconds ?? 60) * 1000, { cause: error });
    }
    throw error;
  }
}

const add = (into: Record<string, number>, counts: Record<string, number>) => {
  for (const [key, value] of Object.entries(counts)) into[key] = (into[key] ?? 0) + value;
};

export const syncCrm = inngest.createFunction(
  {
    id: "sync-crm",
    name: "Sync a CRM connection",
    triggers: [crmSyncRequested],
    concurrency: { limit: 1, key: "event.data.connectionId" },
    throttle: { limit: 1, period: "1m", key: "event.data.connectionId" },
    retries: 5,
  },
  async ({ event, step }) => {
    const { connectionId } = event.data;
    const totals = { pull: {} as Record<string, number>, push: {} as Record<string, number> };
    for (const stage of ["pull", "push-leads", "push-activities"] as const) {
      for (let batch = 1; batch <= MAX_BATCHES; batch++) {
        const result = await step.run(`${stage}-${batch}`, () => stageStep(connectionId, stage));
        add(stage === "pull" ? totals.pull : totals.push, result.counts);
        if (result.stopped) return { stopped: result.stopped };
        if (result.done) break;
      }
    }
    await step.run("finish", () => finishCrmSync(connectionId, totals));
    return totals;
  },
);

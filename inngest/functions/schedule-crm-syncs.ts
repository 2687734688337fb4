// Every 5 minutes: one herald/crm-sync.requested per connected CRM. Each event's id names the
// connection and the 5 minutes, so a schedule that runs again (a retry) starts no second sync.
import { cron } from "inngest";
import { now } from "@/server/lib/clock";
import { listCrmConnectionsToSync } from "@/server/services/crm/list-crm-connections-to-sync";
import { inngest } from "../client";
import { crmSyncRequested } from "../events";

const EVENTS_PER_SEND = 500;

export const scheduleCrmSyncs = inngest.createFunction(
  { id: "schedule-crm-syncs", name: "Start the CRM syncs", triggers: [cron("*/5 * * * *")], concurrency: { limit: 1 }, retries: 2 },
  async ({ step }) => {
    const due = await step.run("list", async () => ({
      window: new Date(Math.floor(now().getTime() / 300_000) * 300_000).toISOString(),
      connections: await listCrmConnectionsToSync(),
    }));
    for (let start = 0; start < due.connections.length; start += EVENTS_PER_SEND) {
      const batch = due.connections.slice(start, start + EVENTS_PER_SEND);
      await step.sendEvent(
        `syncs-${start / EVENTS_PER_SEND}`,
        batch.map(({ id, workspaceId }) => crmSyncRequested.create({ connectionId: id, workspaceId }, { id: `crm-sync-${id}-${due.window}` })),
      );
    }
    return { window: due.window, connections: due.connections.length };
  },
);

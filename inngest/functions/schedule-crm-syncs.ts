// Every 5 minutes: one herald/crm-sync.requested per connected CRM. Each event's id names the
// connection and the 5 minutes, so a schedule that runs again (a retry) starts no second sync.
// The connections are read a page (500) per step, each page's events sent in one step.
import { cron } from "inngest";
import { now } from "@/server/lib/clock";
import { listCrmConnectionsToSync } from "@/server/services/crm/list-crm-connections-to-sync";
import { inngest } from "../client";
import { crmSyncRequested } from "../events";

/** Connections per page (one step each), and a safety bound of 200 pages. */
const PAGE = 500;
const MAX_PAGES = 200;
type Due = Array<{ id: string; workspaceId: string }>;

export const scheduleCrmSyncs = inngest.createFunction(
  { id: "schedule-crm-syncs", name: "Start the CRM syncs", triggers: [cron("*/5 * * * *")], concurrency: { limit: 1 }, retries: 2 },
  async ({ step }) => {
    const window = await step.run("window", () => new Date(Math.floor(now().getTime() / 300_000) * 300_000).toISOString());
    let afterId: string | null = null;
    let total = 0;
    for (let page = 0; page < MAX_PAGES; page++) {
      const from: string | null = afterId;
      const batch: Due = await step.run(`list-${page}`, () => listCrmConnectionsToSync(from, PAGE));
      if (batch.length) {
        await step.sendEvent(
          `syncs-${page}`,
          batch.map(({ id, workspaceId }) => crmSyncRequested.create({ connectionId: id, workspaceId }, { id: `crm-sync-${id}-${window}` })),
        );
      }
      total += batch.length;
      if (batch.length < PAGE) break;
      afterId = batch.at(-1)!.id;
    }
    return { window, connections: total };
  },
);

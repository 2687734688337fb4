import { inngest } from "@/inngest/client";
import { leadImportRequested } from "@/inngest/events";
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import { ZStartLeadImportInput, type TLeadImport } from "../../schemas/lead";
import { findCampaign } from "../campaigns/find-campaign";
import { jobRunnerConfigured } from "../events/notify-outbox";
import { findLeadList } from "../lead-lists/find-lead-list";
import { findSender } from "../senders/find-sender";
import { toLeadImport } from "./to-lead-import";

/**
 * Starts importing the people of a LinkedIn search (POST /lead-imports): a background job reads
 * the search page by page through the sender's session, makes each person a lead (lead.imported
 * once per new lead), and adds them to the list and campaign named. Progress is read by id.
 */
export async function startLeadImport(actor: Actor, input: unknown): Promise<TLeadImport> {
  const parsed = parseInput(ZStartLeadImportInput, input);
  const sender = await findSender(actor, parsed.linkedinAccountId).catch(() => {
    throw HeraldError.invalidInput(`Invalid linkedinAccountId: names no sender of this workspace`, [
      { field: "linkedinAccountId", message: "names no sender of this workspace" },
    ]);
  });
  if (sender.connectionStatus !== "connected" || sender.status !== "active") {
    throw new HeraldError({
      code: "sender-unavailable",
      message: `Sender ${sender.id} cannot search LinkedIn now (${sender.connectionStatus}, ${sender.status}); reconnect it first.`,
    });
  }
  if (parsed.listId) await findLeadList(actor, parsed.listId);
  if (parsed.campaignId) await findCampaign(actor, parsed.campaignId);
  if (!jobRunnerConfigured()) {
    throw new HeraldError({
      code: "unavailable",
      message: "Imports run as background jobs, and no job runner is configured (start Herald with its runtime, or set INNGEST_* settings).",
    });
  }
  const row = await db.leadImport.create({
    data: {
      workspaceId: actor.workspaceId,
      source: "linkedin-search",
      searchUrl: parsed.searchUrl,
      accountId: sender.id,
      listId: parsed.listId ?? null,
      campaignId: parsed.campaignId ?? null,
      status: "running",
      maxLeads: parsed.maxLeads,
      createdAt: now(),
    },
  });
  await inngest.send(leadImportRequested.create({ importId: row.id, workspaceId: actor.workspaceId }));
  return toLeadImport(row);
}

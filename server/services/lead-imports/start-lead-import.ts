import { inngest } from "@/inngest/client";
import { leadImportRequested } from "@/inngest/events";
import { jobRunnerConfigured } from "@/inngest/connection";
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import type { TStartLeadImportInput, TLeadImport } from "../../schemas/lead";
import { findCampaign } from "../campaigns/find-campaign";
import { findLeadList } from "../lead-lists/find-lead-list";
import { findSender } from "../senders/find-sender";
import { toLeadImport } from "./to-lead-import";

/**
 * Starts importing the people of a LinkedIn search (POST /lead-imports): a background job reads
 * the search page by page through the sender's session, makes each person a lead (lead.imported
 * once per new lead), and adds them to the list and campaign named. Progress is read by id.
 */
export async function startLeadImport(actor: Actor, input: TStartLeadImportInput): Promise<TLeadImport> {
  const sender = await findSender(actor, input.linkedinAccountId).catch(() => {
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
  if (input.listId) await findLeadList(actor, input.listId);
  if (input.campaignId) await findCampaign(actor, input.campaignId);
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
      searchUrl: input.searchUrl,
      accountId: sender.id,
      listId: input.listId ?? null,
      campaignId: input.campaignId ?? null,
      status: "running",
      maxLeads: input.maxLeads,
      createdAt: now(),
    },
  });
  await inngest.send(leadImportRequested.create({ importId: row.id, workspaceId: actor.workspaceId }));
  return toLeadImport(row);
}

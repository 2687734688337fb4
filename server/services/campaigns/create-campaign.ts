import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import type { TCreateCampaignInput, TCampaign } from "../../schemas/campaign";
import { DEFAULT_SCHEDULE } from "../../domain/sequence/schedule";
import { wireSequence } from "../../domain/sequence/wire-sequence";
import { enrollListLeads } from "./enroll-list-leads";
import { kickCampaignExecutor } from "./kick-campaign-executor";
import { toCampaign } from "./to-campaign";
import { validateCampaignFields } from "./validate-campaign-fields";
import { scheduleColumn, sequenceColumn } from "./campaign-columns";

/**
 * Creates a campaign. Defaults: an empty sequence, the schedule 09:00 to 19:00 Monday to Friday
 * (UTC), status paused. An active campaign needs at least one sender in its pool.
 */
export async function createCampaign(actor: Actor, input: TCreateCampaignInput): Promise<TCampaign> {
  await validateCampaignFields(actor, input);
  const sequence = input.sequence ? wireSequence(input.sequence) : { steps: [] };
  const status = input.status ?? "paused";
  if (status === "active" && !input.linkedinAccountIds?.length) {
    throw HeraldError.invalidInput("Invalid linkedinAccountIds: an active campaign needs at least one sender", [
      { field: "linkedinAccountIds", message: "must name at least one sender for an active campaign" },
    ]);
  }
  const at = now();
  const row = await db.$transaction(async (tx) => {
    const created = await tx.campaign.create({
      data: {
        workspaceId: actor.workspaceId,
        name: input.name ?? "Untitled campaign",
        status,
        aiInterestEnabled: input.aiInterestEnabled ?? false,
        unsubscribe: input.unsubscribe ?? { enabled: false, text: "" },
        tracking: input.tracking ?? { opens: "off", clicks: "off" },
        linkedinAccountIds: input.linkedinAccountIds ?? [],
        emailAccountIds: input.emailAccountIds ?? [],
        excludeListIds: input.excludeListIds ?? [],
        listId: input.listId ?? null,
        excludeOtherCampaigns: input.excludeOtherCampaigns ?? false,
        excludeOtherSenders: input.excludeOtherSenders ?? false,
        excludeSameSenderOtherCampaigns: input.excludeSameSenderOtherCampaigns ?? false,
        schedule: scheduleColumn(input.schedule ?? DEFAULT_SCHEDULE),
        sequence: sequenceColumn(sequence),
        createdAt: at,
        updatedAt: at,
      },
    });
    if (created.listId) await enrollListLeads(tx, created);
    return created;
  });
  if (row.status === "active") await kickCampaignExecutor("campaign activated");
  return toCampaign(row);
}

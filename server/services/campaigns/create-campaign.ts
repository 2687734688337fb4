import { db, Prisma } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import { ZCreateCampaignInput, type TCampaign } from "../../schemas/campaign";
import { DEFAULT_SCHEDULE } from "../../domain/sequence/schedule";
import { wireSequence } from "../../domain/sequence/wire-sequence";
import { enrollListLeads } from "./enroll-list-leads";
import { kickCampaignExecutor } from "./kick-campaign-executor";
import { toCampaign } from "./to-campaign";
import { validateCampaignFields } from "./validate-campaign-fields";

/**
 * Creates a campaign. Defaults: an empty sequence, the schedule 09:00 to 19:00 Monday to Friday
 * (UTC), status paused. An active campaign needs at least one sender in its pool.
 */
export async function createCampaign(actor: Actor, input: unknown): Promise<TCampaign> {
  const parsed = parseInput(ZCreateCampaignInput, input);
  await validateCampaignFields(actor, parsed);
  const sequence = parsed.sequence ? wireSequence(parsed.sequence) : { steps: [] };
  const status = parsed.status ?? "paused";
  if (status === "active" && !parsed.linkedinAccountIds?.length) {
    throw HeraldError.invalidInput("Invalid linkedinAccountIds: an active campaign needs at least one sender", [
      { field: "linkedinAccountIds", message: "must name at least one sender for an active campaign" },
    ]);
  }
  const at = now();
  const row = await db.$transaction(async (tx) => {
    const created = await tx.campaign.create({
      data: {
        workspaceId: actor.workspaceId,
        name: parsed.name ?? "Untitled campaign",
        status,
        aiInterestEnabled: parsed.aiInterestEnabled ?? false,
        unsubscribe: parsed.unsubscribe ?? { enabled: false, text: "" },
        tracking: parsed.tracking ?? { opens: "off", clicks: "off" },
        linkedinAccountIds: parsed.linkedinAccountIds ?? [],
        emailAccountIds: parsed.emailAccountIds ?? [],
        excludeListIds: parsed.excludeListIds ?? [],
        listId: parsed.listId ?? null,
        excludeOtherCampaigns: parsed.excludeOtherCampaigns ?? false,
        excludeOtherSenders: parsed.excludeOtherSenders ?? false,
        excludeSameSenderOtherCampaigns: parsed.excludeSameSenderOtherCampaigns ?? false,
        schedule: (parsed.schedule ?? DEFAULT_SCHEDULE) as unknown as Prisma.InputJsonValue,
        sequence: sequence as unknown as Prisma.InputJsonValue,
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

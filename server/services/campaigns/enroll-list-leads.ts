import type { Prisma } from "../../db/client";
import type { Campaign } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { mailboxLoads } from "./assign-campaign-mailboxes";
import { pickSenders, senderLoads } from "./assign-campaign-senders";
import { campaignLeadExclusions } from "./campaign-lead-exclusions";
import { firstStep } from "../../domain/sequence/wire-sequence";
import { readSequence } from "./campaign-columns";

/**
 * Puts leads into a campaign (skipping those already in it), at its first step, each with the
 * pool's lightest sender and the mailbox pool's lightest mailbox at that moment. The senders are chosen before the rows are written, from
 * the campaign's counters, so a batch writes its own rows once and reads nothing in proportion to
 * the leads already there.
 */
export async function enrollLeads(
  tx: Prisma.TransactionClient,
  campaign: Campaign,
  leads: Array<{ leadId: string; customVariables?: Record<string, string> }>,
): Promise<Array<{ id: string; leadId: string }>> {
  if (!leads.length) return [];
  const first = firstStep(readSequence(campaign.sequence));
  const at = now();
  const pool = campaign.linkedinAccountIds;
  const senders = pickSenders(pool, await senderLoads(tx, campaign.id, pool), leads.length);
  // Mailboxes are balanced the same way, only when the campaign has some (mailboxLoads reads nothing then).
  const mailboxPool = campaign.emailAccountIds;
  const mailboxes = pickSenders(mailboxPool, await mailboxLoads(tx, campaign.id, mailboxPool), leads.length);
  // One statement with one array per column: Prisma's createManyAndReturn binds every value of a
  // 1000-lead batch as its own parameter and took seconds to compile and serialise them. Rows are
  // inserted in request order, which is their seq (the order leads are listed and contacted in).
  const stamp = at.toISOString();
  const created = await tx.$queryRaw<Array<{ id: string; leadId: string }>>`
    INSERT INTO "CampaignLead" ("workspaceId", "campaignId", "leadId", "linkedinAccountId", "emailAccountId", "customVariables", "currentStepId", "currentStepType", "waitUntil", "createdAt", "updatedAt")
    SELECT ${campaign.workspaceId}, ${campaign.id}, u.lead, u.sender, u.mailbox, u.variables::jsonb, ${first?.id ?? null}, ${first?.type ?? null},
      ${stamp}::timestamptz AT TIME ZONE 'UTC', ${stamp}::timestamptz AT TIME ZONE 'UTC', ${stamp}::timestamptz AT TIME ZONE 'UTC'
    FROM unnest(${leads.map((lead) => lead.leadId)}::text[], ${senders}::text[], ${mailboxes}::text[], ${leads.map((lead) => JSON.stringify(lead.customVariables ?? {}))}::text[])
      WITH ORDINALITY AS u(lead, sender, mailbox, variables, position)
    ORDER BY u.position
    ON CONFLICT DO NOTHING
    RETURNING id, "leadId"`;
  return created;
}

/** A campaign's list: its leads take part in the campaign (except those its exclusions keep out). */
export async function enrollListLeads(tx: Prisma.TransactionClient, campaign: Campaign): Promise<Array<{ id: string; leadId: string }>> {
  if (!campaign.listId) return [];
  const entries = await tx.leadListEntry.findMany({ where: { listId: campaign.listId }, select: { leadId: true }, orderBy: { seq: "asc" } });
  const excluded = await campaignLeadExclusions(tx, campaign, entries.map((entry) => entry.leadId));
  return enrollLeads(
    tx,
    campaign,
    entries.filter((entry) => !excluded.has(entry.leadId)).map((entry) => ({ leadId: entry.leadId })),
  );
}

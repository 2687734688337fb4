import { db, type Prisma } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import type { TLeadInput, TLeadsInput, TAddLeadsResult, TSkippedLead } from "../../schemas/lead";
import { skipped } from "../campaigns/add-campaign-leads";
import { enrollListLeads } from "../campaigns/enroll-list-leads";
import { kickCampaignExecutor } from "../campaigns/kick-campaign-executor";
import { leadSourceDetail } from "../leads/lead-source-detail";
import { resolveLeadInputs } from "../leads/resolve-lead-inputs";
import { verifyAddedLeadAddresses } from "../verification/verify-added-lead-addresses";
import { findLeadList } from "./find-lead-list";

/**
 * The add's work in its transaction; the dry run (services/campaigns/add-leads-dry-run.ts) runs it in a
 * transaction it rolls back, so its counts are the add's own.
 */
export async function addLeadListLeadsIn(tx: Prisma.TransactionClient, actor: Actor, list: { id: string }, leads: TLeadInput[], source: string, sourceDetail: string | null) {
  const resolved = await resolveLeadInputs(tx, actor.workspaceId, leads, source, sourceDetail);
  const ids = resolved.flatMap((entry) => ("lead" in entry ? [entry.lead.id] : []));
  const present = new Set(
    (await tx.leadListEntry.findMany({ where: { listId: list.id, leadId: { in: ids } }, select: { leadId: true } })).map((row) => row.leadId),
  );
  const skips: TSkippedLead[] = [];
  const added: string[] = [];
  for (const entry of resolved) {
    if (!("lead" in entry)) skips.push(skipped(entry.index, entry.input, "duplicate"));
    else if (present.has(entry.lead.id)) skips.push(skipped(entry.index, entry.input, "already-in-list"));
    else added.push(entry.lead.id);
  }
  const at = now();
  await tx.leadListEntry.createMany({ data: added.map((leadId) => ({ listId: list.id, leadId, addedAt: at })), skipDuplicates: true });
  await tx.leadList.update({ where: { id: list.id }, data: { updatedAt: at } });
  const campaigns = await tx.campaign.findMany({ where: { workspaceId: actor.workspaceId, listId: list.id } });
  for (const campaign of campaigns) await enrollListLeads(tx, campaign);
  return { resolved, result: { added: added.length, leadIds: added, skipped: skips } satisfies TAddLeadsResult, activeCampaign: campaigns.some((campaign) => campaign.status === "active") };
}

/**
 * Adds leads to a list, by LinkedIn profile URL and/or e-mail. Campaigns that use the list as
 * their list take the new leads in (within their exclusions); campaigns that exclude it skip them.
 */
export async function addLeadListLeads(actor: Actor, listId: string, input: TLeadsInput, source = "api", fileName?: string): Promise<TAddLeadsResult> {
  const { leads } = input;
  const list = await findLeadList(actor, listId);
  const sourceDetail = await leadSourceDetail(actor, source, fileName);
  const { result, activeCampaign } = await db.$transaction((tx) => addLeadListLeadsIn(tx, actor, list, leads, source, sourceDetail), { timeout: 60_000 });
  await verifyAddedLeadAddresses(actor.workspaceId, leads.map((lead) => lead.email));
  if (result.added && activeCampaign) await kickCampaignExecutor("leads added to a campaign's list");
  return result;
}

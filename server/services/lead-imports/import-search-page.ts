// One page of a LinkedIn search import, in one transaction with the import's progress: the people
// become leads (new ones fire lead.imported, once: the insert decides), join the list and the
// campaign named, and the cursor moves on. A page repeated after a crash finds its people already
// there and only refreshes them. The import counts what happened to the campaign (or the list):
// people added, already there, kept out by its exclusions.
import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { logger } from "../../lib/logger";
import { getLinkedinProvider } from "../../providers/linkedin";
import type { MemberProfile } from "../../providers/linkedin/types";
import { enrollLeads } from "../campaigns/enroll-list-leads";
import { campaignLeadExclusions } from "../campaigns/campaign-lead-exclusions";
import { withOutbox } from "../events/with-outbox";
import { toLeads } from "../leads/to-lead";
import { providerProfileColumns } from "../leads/upsert-lead-from-profile";
import { isProviderError } from "../senders/provider-error";

export async function importSearchPage(importId: string): Promise<{ done: boolean; created: number }> {
  const job = await db.leadImport.findUnique({ where: { id: importId } });
  if (!job || job.status !== "running") return { done: true, created: 0 };
  const sender = job.accountId ? await db.linkedinAccount.findUnique({ where: { id: job.accountId } }) : null;
  const fail = async (error: string) => {
    await db.leadImport.update({ where: { id: job.id }, data: { status: "failed", error, finishedAt: now() } });
    return { done: true, created: 0 };
  };
  if (!sender || sender.connectionStatus !== "connected") return fail("The sender running the search is no longer connected.");

  let page: { items: MemberProfile[]; cursor: string | null };
  try {
    const provider = await getLinkedinProvider();
    page = await provider.searchPeople(sender.providerAccountId, { searchUrl: job.searchUrl!, cursor: job.cursor });
  } catch (error) {
    if (isProviderError(error) && !["provider-timeout", "provider-unreachable", "throttled", "rate-limited"].includes(error.code)) {
      return fail(error.message);
    }
    throw error; // Transient: the function retries the page.
  }
  const people = page.items.slice(0, Math.max(0, job.maxLeads - job.found));
  const done = !page.cursor || job.found + people.length >= job.maxLeads;
  const at = now();

  const created = await withOutbox(async (tx, emit) => {
    const identifiers = people.map((person) => person.publicIdentifier);
    const existing = await tx.lead.findMany({ where: { workspaceId: job.workspaceId, publicIdentifier: { in: identifiers } } });
    const known = new Map(existing.map((lead) => [lead.publicIdentifier!, lead]));
    const inserted = await tx.lead.createManyAndReturn({
      data: people
        .filter((person) => !known.has(person.publicIdentifier))
        .map((person) => ({ workspaceId: job.workspaceId, publicIdentifier: person.publicIdentifier, source: "linkedin-search", sourceDetail: job.searchUrl, createdAt: at, ...providerProfileColumns(null, person, at) })),
      skipDuplicates: true,
    });
    const insertedIds = new Set(inserted.map((lead) => lead.id));
    // Known leads keep what the user gave them: the profile only fills and refreshes its own fields.
    for (const person of people) {
      const lead = known.get(person.publicIdentifier);
      if (lead) await tx.lead.update({ where: { id: lead.id }, data: providerProfileColumns(lead, person, at) });
    }
    const leads = await tx.lead.findMany({ where: { workspaceId: job.workspaceId, publicIdentifier: { in: identifiers } } });

    const outcome = { added: 0, alreadyThere: 0, excluded: 0 };
    if (job.listId) {
      const entries = await tx.leadListEntry.createMany({ data: leads.map((lead) => ({ listId: job.listId!, leadId: lead.id, addedAt: at })), skipDuplicates: true });
      if (!job.campaignId) Object.assign(outcome, { added: entries.count, alreadyThere: leads.length - entries.count });
    }
    if (job.campaignId) {
      const campaign = await tx.campaign.findUnique({ where: { id: job.campaignId } });
      if (campaign) {
        const reasons = await campaignLeadExclusions(tx, campaign, leads.map((lead) => lead.id));
        const enrolled = await enrollLeads(tx, campaign, leads.filter((lead) => !reasons.has(lead.id)).map((lead) => ({ leadId: lead.id })));
        const alreadyThere = [...reasons.values()].filter((reason) => reason === "already-in-campaign").length;
        Object.assign(outcome, { added: enrolled.length, alreadyThere, excluded: leads.length - enrolled.length - alreadyThere });
      }
    }
    const newLeads = await toLeads(leads.filter((lead) => insertedIds.has(lead.id)), tx);
    for (const lead of newLeads) {
      await emit({ workspaceId: job.workspaceId, event: "lead.imported", data: { importId: job.id, source: "linkedin-search", lead } });
    }
    await tx.leadImport.update({
      where: { id: job.id },
      data: {
        found: { increment: people.length },
        created: { increment: inserted.length },
        refreshed: { increment: people.length - inserted.length },
        added: { increment: outcome.added },
        alreadyThere: { increment: outcome.alreadyThere },
        excluded: { increment: outcome.excluded },
        cursor: page.cursor,
        ...(done ? { status: "done", finishedAt: at } : {}),
      },
    });
    return inserted.length;
  });
  logger.debug("Imported a search page", { importId, people: people.length, created });
  return { done, created };
}

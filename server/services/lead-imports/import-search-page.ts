// One page of a LinkedIn search import, in one transaction with the import's progress: the people
// become leads (new ones fire lead.imported, once: the insert decides), join the list and the
// campaign named, and the cursor moves on. A page repeated after a crash finds its people already
// there and only refreshes them.
import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { logger } from "../../lib/logger";
import { getLinkedinProvider } from "../../providers/linkedin";
import type { MemberProfile } from "../../providers/linkedin/types";
import { enrollLeads } from "../campaigns/enroll-list-leads";
import { campaignLeadExclusions } from "../campaigns/campaign-lead-exclusions";
import { withOutbox } from "../events/with-outbox";
import { toLeads } from "../leads/to-lead";
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
    const existing = await tx.lead.findMany({
      where: { workspaceId: job.workspaceId, publicIdentifier: { in: people.map((person) => person.publicIdentifier) } },
      select: { id: true, publicIdentifier: true },
    });
    const known = new Set(existing.map((lead) => lead.publicIdentifier));
    const fields = (person: MemberProfile) => ({
      memberId: person.memberId,
      profileUrl: person.profileUrl,
      firstName: person.firstName,
      lastName: person.lastName,
      headline: person.headline,
      jobTitle: person.jobTitle,
      company: person.company,
      location: person.location,
      picture: person.picture,
      openProfile: person.openProfile,
      isPremium: person.isPremium,
      enrichedAt: at,
      updatedAt: at,
    });
    const inserted = await tx.lead.createManyAndReturn({
      data: people
        .filter((person) => !known.has(person.publicIdentifier))
        .map((person) => ({ workspaceId: job.workspaceId, publicIdentifier: person.publicIdentifier, source: "linkedin-search", createdAt: at, ...fields(person) })),
      skipDuplicates: true,
    });
    const insertedIds = new Set(inserted.map((lead) => lead.id));
    for (const person of people.filter((candidate) => known.has(candidate.publicIdentifier))) {
      await tx.lead.update({ where: { workspaceId_publicIdentifier: { workspaceId: job.workspaceId, publicIdentifier: person.publicIdentifier } }, data: fields(person) });
    }
    const leads = await tx.lead.findMany({ where: { workspaceId: job.workspaceId, publicIdentifier: { in: people.map((person) => person.publicIdentifier) } } });

    if (job.listId) {
      await tx.leadListEntry.createMany({ data: leads.map((lead) => ({ listId: job.listId!, leadId: lead.id, addedAt: at })), skipDuplicates: true });
    }
    if (job.campaignId) {
      const campaign = await tx.campaign.findUnique({ where: { id: job.campaignId } });
      if (campaign) {
        const excluded = await campaignLeadExclusions(tx, campaign, leads.map((lead) => lead.id));
        await enrollLeads(tx, campaign, leads.filter((lead) => !excluded.has(lead.id)).map((lead) => ({ leadId: lead.id })));
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
        cursor: page.cursor,
        ...(done ? { status: "done", finishedAt: at } : {}),
      },
    });
    return inserted.length;
  });
  logger.debug("Imported a search page", { importId, people: people.length, created });
  return { done, created };
}

import type { DbClient } from "../../db/client";
import { db } from "../../db/client";
import type { Lead } from "../../db/generated/client";
import { toIso } from "../../schemas/common";
import type { TLead } from "../../schemas/lead";
import { readCustomVariables } from "./lead-columns";

function autoTags(lead: Lead): string[] {
  return [...(lead.isPremium ? ["premium"] : []), ...(lead.openProfile ? ["open-profile"] : [])];
}

/** The full lead objects of several leads, with the lists and campaigns they are in. */
export async function toLeads(leads: Lead[], client: DbClient = db): Promise<TLead[]> {
  if (!leads.length) return [];
  const ids = leads.map((lead) => lead.id);
  const [entries, memberships] = await Promise.all([
    client.leadListEntry.findMany({ where: { leadId: { in: ids } }, select: { leadId: true, listId: true }, orderBy: { addedAt: "asc" } }),
    client.campaignLead.findMany({ where: { leadId: { in: ids } }, select: { leadId: true, campaignId: true }, orderBy: { seq: "asc" } }),
  ]);
  const group = (rows: Array<{ leadId: string; id: string }>) => {
    const map = new Map<string, string[]>();
    for (const row of rows) map.set(row.leadId, [...(map.get(row.leadId) ?? []), row.id]);
    return map;
  };
  const lists = group(entries.map((entry) => ({ leadId: entry.leadId, id: entry.listId })));
  const campaigns = group(memberships.map((membership) => ({ leadId: membership.leadId, id: membership.campaignId })));
  return leads.map((lead) => ({
    id: lead.id,
    firstName: lead.firstName,
    lastName: lead.lastName,
    headline: lead.headline,
    jobTitle: lead.jobTitle,
    company: lead.company,
    email: lead.email,
    location: lead.location,
    picture: lead.picture,
    notes: lead.notes,
    profileUrl: lead.profileUrl,
    publicIdentifier: lead.publicIdentifier,
    openProfile: lead.openProfile,
    emailOptOut: lead.emailOptOut,
    emailOptOutAt: toIso(lead.emailOptOutAt),
    tags: lead.tags,
    autoTags: autoTags(lead),
    listIds: lists.get(lead.id) ?? [],
    campaignIds: campaigns.get(lead.id) ?? [],
    customVariables: readCustomVariables(lead.customVariables),
    source: lead.source,
    sourceDetail: lead.sourceDetail,
    lastActivityAt: toIso(lead.lastActivityAt),
    enrichedAt: toIso(lead.enrichedAt),
    createdAt: lead.createdAt.toISOString(),
    updatedAt: lead.updatedAt.toISOString(),
  }));
}

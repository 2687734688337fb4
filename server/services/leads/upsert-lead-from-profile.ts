import type { DbClient } from "../../db/client";
import { db } from "../../db/client";
import type { Lead } from "../../db/generated/client";
import { now } from "../../lib/clock";
import type { MemberProfile } from "../../providers/linkedin/types";
import { mergeProviderProfile } from "./merge-provider-profile";

/** The columns a provider's profile writes: its own facts, and the profile fields the merge rule allows. */
export function providerProfileColumns(lead: Lead | null, profile: MemberProfile, at: Date) {
  const { fields, providerProfile } = mergeProviderProfile(lead, profile, at);
  return {
    ...fields,
    memberId: profile.memberId,
    profileUrl: profile.profileUrl,
    openProfile: profile.openProfile,
    isPremium: profile.isPremium,
    providerProfile: { ...providerProfile },
    enrichedAt: at,
    updatedAt: at,
  };
}

/**
 * Makes a LinkedIn member a tracked lead of the workspace (or refreshes one): replies, acceptances
 * and messages with tracked leads fire events. What the user gave the lead keeps winning over the
 * profile (see merge-provider-profile.ts).
 */
export async function upsertLeadFromProfile(
  workspaceId: string,
  profile: MemberProfile,
  source: string,
  client: DbClient = db,
  sourceDetail: string | null = null,
): Promise<Lead> {
  const at = now();
  const where = { workspaceId_publicIdentifier: { workspaceId, publicIdentifier: profile.publicIdentifier } };
  const existing = await client.lead.findUnique({ where });
  return client.lead.upsert({
    where,
    create: { workspaceId, publicIdentifier: profile.publicIdentifier, source, sourceDetail, createdAt: at, ...providerProfileColumns(null, profile, at) },
    update: providerProfileColumns(existing, profile, at),
  });
}

/** Refreshes a tracked lead already read (a campaign's lead) from its provider profile, in one update. */
export async function refreshLeadFromProfile(lead: Lead, profile: MemberProfile, client: DbClient = db): Promise<Lead> {
  if (lead.publicIdentifier !== profile.publicIdentifier) return upsertLeadFromProfile(lead.workspaceId, profile, lead.source, client);
  return client.lead.update({ where: { id: lead.id }, data: providerProfileColumns(lead, profile, now()) });
}

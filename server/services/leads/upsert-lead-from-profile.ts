import type { DbClient } from "../../db/client";
import { db } from "../../db/client";
import type { Lead } from "../../db/generated/client";
import { now } from "../../lib/clock";
import type { MemberProfile } from "../../providers/linkedin/types";

/**
 * Makes a LinkedIn member a tracked lead of the workspace (or refreshes one): replies, acceptances
 * and messages with tracked leads fire events.
 */
export async function upsertLeadFromProfile(
  workspaceId: string,
  profile: MemberProfile,
  source: string,
  client: DbClient = db,
): Promise<Lead> {
  const at = now();
  const fields = {
    memberId: profile.memberId,
    profileUrl: profile.profileUrl,
    firstName: profile.firstName,
    lastName: profile.lastName,
    headline: profile.headline,
    jobTitle: profile.jobTitle,
    company: profile.company,
    location: profile.location,
    picture: profile.picture,
    openProfile: profile.openProfile,
    isPremium: profile.isPremium,
    enrichedAt: at,
    updatedAt: at,
  };
  return client.lead.upsert({
    where: { workspaceId_publicIdentifier: { workspaceId, publicIdentifier: profile.publicIdentifier } },
    create: { workspaceId, publicIdentifier: profile.publicIdentifier, source, createdAt: at, ...fields },
    update: fields,
  });
}

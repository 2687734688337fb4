// Who a privacy request is about, inside one workspace: the normalized address or public identifier
// it names, and the workspace's leads that carry either. Erasure and export both start here, so that
// both find the same person.
import type { DbClient } from "../../db/client";
import { normalizeAddress } from "../../domain/do-not-contact/entries";
import { HeraldError } from "../../lib/errors";
import { publicIdentifierFrom } from "../../lib/linkedin-url";
import type { TPersonKey } from "../../schemas/privacy";

export interface PersonQuery {
  /** Lower-cased address, or null when the request named a LinkedIn profile. */
  email: string | null;
  /** Lower-cased public identifier, or null when the request named an address. */
  publicIdentifier: string | null;
}

/** The request's key in the form it is matched in; a 400 naming the field when it is not one. */
export function personQuery(key: TPersonKey): PersonQuery {
  if (key.email) {
    const email = normalizeAddress(key.email);
    if (!email) throw HeraldError.invalidInput("Invalid email: not an e-mail address", [{ field: "email", message: "must be an e-mail address such as jane@example.com" }]);
    return { email, publicIdentifier: null };
  }
  const publicIdentifier = key.linkedinUrl ? publicIdentifierFrom(key.linkedinUrl) : null;
  if (!publicIdentifier) {
    throw HeraldError.invalidInput("Invalid linkedinUrl: not a LinkedIn profile", [{ field: "linkedinUrl", message: "must be a LinkedIn profile URL such as https://www.linkedin.com/in/jane-doe" }]);
  }
  return { email: null, publicIdentifier };
}

export interface PersonLead {
  id: string;
  email: string | null;
  publicIdentifier: string | null;
  profileUrl: string | null;
}

/** The workspace's leads with the address (any case) or the LinkedIn profile (by identifier or URL). */
export async function findPersonLeads(client: DbClient, workspaceId: string, query: PersonQuery): Promise<PersonLead[]> {
  const select = { id: true, email: true, publicIdentifier: true, profileUrl: true } as const;
  if (query.email) {
    return client.lead.findMany({ where: { workspaceId, email: { equals: query.email, mode: "insensitive" } }, select });
  }
  const identifier = query.publicIdentifier!;
  return client.lead.findMany({
    where: {
      workspaceId,
      OR: [{ publicIdentifier: { equals: identifier, mode: "insensitive" } }, { profileUrl: { contains: `/in/${identifier}`, mode: "insensitive" } }],
    },
    select,
  });
}

/** Every address and identifier the person is known by: the request's and their leads'. */
export function personKeysOf(query: PersonQuery, leads: PersonLead[]): { emails: string[]; identifiers: string[] } {
  const emails = new Set<string>();
  const identifiers = new Set<string>();
  if (query.email) emails.add(query.email);
  if (query.publicIdentifier) identifiers.add(query.publicIdentifier);
  for (const lead of leads) {
    const email = lead.email ? normalizeAddress(lead.email) : null;
    if (email) emails.add(email);
    const identifier = lead.publicIdentifier ?? (lead.profileUrl ? publicIdentifierFrom(lead.profileUrl) : null);
    if (identifier) identifiers.add(identifier.toLowerCase());
  }
  return { emails: [...emails], identifiers: [...identifiers] };
}

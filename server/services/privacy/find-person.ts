// Who a privacy request is about, inside one workspace: the normalized address or public identifier
// it names, and the workspace's leads that carry either. Erasure and export both start here, so that
// both find the same person. Every comparison is an exact `=` in SQL (never LIKE/ILIKE, whose `%`
// and `_` are wildcards, nor a prefix or substring match): `jane-doe` is not `jane-doe-4b21a`, and
// `_@gmail.com` is one address, not every one-letter one.
import { Prisma, type DbClient } from "../../db/client";
import { normalizeAddress } from "../../domain/do-not-contact/entries";
import { HeraldError } from "../../lib/errors";
import { publicIdentifierFrom } from "../../lib/linkedin-url";
import type { TPersonKey } from "../../schemas/privacy";

export interface PersonQuery {
  /** Lower-cased address, or null when the request named a LinkedIn profile. */
  email: string | null;
  /** The address as given, trimmed and lower-cased (differs from email for a non-ASCII domain). */
  emailAsGiven: string | null;
  /** Lower-cased public identifier, or null when the request named an address. */
  publicIdentifier: string | null;
}

/** The request's key in the form it is matched in; a 400 naming the field when it is not one. */
export function personQuery(key: TPersonKey): PersonQuery {
  if (key.email) {
    const email = normalizeAddress(key.email);
    if (!email) throw HeraldError.invalidInput("Invalid email: not an e-mail address", [{ field: "email", message: "must be an e-mail address such as jane@example.com" }]);
    return { email, emailAsGiven: key.email.trim().toLowerCase(), publicIdentifier: null };
  }
  const publicIdentifier = key.linkedinUrl ? publicIdentifierFrom(key.linkedinUrl) : null;
  if (!publicIdentifier) {
    throw HeraldError.invalidInput("Invalid linkedinUrl: not a LinkedIn profile", [{ field: "linkedinUrl", message: "must be a LinkedIn profile URL such as https://www.linkedin.com/in/jane-doe" }]);
  }
  return { email: null, emailAsGiven: null, publicIdentifier };
}

export interface PersonLead {
  id: string;
  email: string | null;
  publicIdentifier: string | null;
  profileUrl: string | null;
}

/** Every address (normalized, and as stored) and LinkedIn identifier the person is known by. */
export interface PersonKeys {
  emails: string[];
  identifiers: string[];
}

/**
 * The public identifier in a profile URL column, as SQL extracts it (as listed-in-candidates.ts
 * does): the path segment after linkedin.com/in/, or the whole value when it is a bare identifier;
 * lower-cased, still percent-encoded as stored.
 */
export function profileIdentifierSql(column: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`lower(COALESCE(substring(${column} from '(?i)linkedin\\.com/in/([^/?#]+)'), substring(btrim(${column}) from '^[A-Za-z0-9-]{3,100}$')))`;
}

/** The identifiers as compared with a stored URL: decoded, and percent-encoded (lower-case hex). */
export function identifierForms(identifiers: string[]): string[] {
  return [...new Set(identifiers.flatMap((id) => [id, encodeURIComponent(id).toLowerCase()]))];
}

/** The workspace's leads with one of the addresses or identifiers, each compared exactly. */
async function leadsWithKeys(client: DbClient, workspaceId: string, keys: PersonKeys): Promise<PersonLead[]> {
  const ids = identifierForms(keys.identifiers);
  return client.$queryRaw<PersonLead[]>`
    SELECT l.id, l.email, l."publicIdentifier", l."profileUrl" FROM "Lead" l
    WHERE l."workspaceId" = ${workspaceId}
      AND (lower(btrim(l.email)) = ANY(${keys.emails}::text[])
        OR lower(btrim(l."publicIdentifier")) = ANY(${ids}::text[])
        OR ${profileIdentifierSql(Prisma.raw(`l."profileUrl"`))} = ANY(${ids}::text[]))
    ORDER BY l."createdAt", l.id`;
}

/** Passes of the lookup at most: a lead found by address gives a profile to search for, and so on. */
const MAX_PASSES = 3;

/**
 * The person's leads and keys: the leads with the request's key, then those with any address or
 * identifier those leads carry, until a pass finds no new lead (at most MAX_PASSES passes).
 */
export async function findPerson(client: DbClient, workspaceId: string, query: PersonQuery): Promise<{ leads: PersonLead[]; keys: PersonKeys }> {
  let leads: PersonLead[] = [];
  let keys = personKeysOf(query, leads);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    // The keys only grow, so each pass finds at least the leads of the one before.
    const found = await leadsWithKeys(client, workspaceId, keys);
    const grew = found.length > leads.length;
    leads = found;
    keys = personKeysOf(query, leads);
    if (!grew) break;
  }
  return { leads, keys };
}

/** Every address and identifier the person is known by: the request's and their leads'. */
export function personKeysOf(query: PersonQuery, leads: PersonLead[]): PersonKeys {
  const emails = new Set<string>();
  const identifiers = new Set<string>();
  const addEmail = (raw: string) => {
    const email = normalizeAddress(raw);
    if (!email) return;
    emails.add(email);
    emails.add(raw.trim().toLowerCase());
  };
  if (query.emailAsGiven) addEmail(query.emailAsGiven);
  if (query.publicIdentifier) identifiers.add(query.publicIdentifier);
  for (const lead of leads) {
    if (lead.email) addEmail(lead.email);
    for (const identifier of [lead.publicIdentifier, lead.profileUrl ? publicIdentifierFrom(lead.profileUrl) : null]) {
      if (identifier?.trim()) identifiers.add(identifier.trim().toLowerCase());
    }
  }
  return { emails: [...emails], identifiers: [...identifiers] };
}

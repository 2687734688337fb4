// The e-mail finder over the company database's people (model Person): the person with that
// LinkedIn profile, else the one of that first and last name (any case) at a company of that
// domain or name. Only people with an address count; the lookups use the partial expression
// indexes of migration 20261203160000_person_email_lookup (two indexed queries at most).
import { db, Prisma } from "../../db/client";
import type { EmailFinder, EmailFinderInput, FoundEmail } from "./types";

export const COMPANY_DATABASE_SOURCE = "company-database";

/**
 * A LinkedIn URL as the lookup compares it: without scheme, `www.`, query, fragment or trailing
 * slashes, in lower case (`https://www.LinkedIn.com/in/Ada/` → `linkedin.com/in/ada`). The
 * database side is the migration's expression, which strips the same scheme, `www.` and slashes.
 */
export function linkedinKey(url: string | null | undefined): string | null {
  const trimmed = url?.trim();
  if (!trimmed) return null;
  const key = trimmed
    .replace(/[?#].*$/, "")
    .replace(/^https?:\/\/(www\.)?/i, "")
    .replace(/\/+$/, "")
    .toLowerCase();
  return key || null;
}

/** A web domain from a domain or website (`https://www.Acme.com/about` → `acme.com`), or null. */
export function domainKey(value: string | null | undefined): string | null {
  const host = value?.trim().toLowerCase().replace(/^[a-z]+:\/\//, "").split(/[/?#]/)[0]!.replace(/:\d+$/, "").replace(/^www\./, "");
  return host && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : null;
}

const filled = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** A person's LinkedIn URL as linkedinKey reads it: the expression of the migration's index, to the letter. */
export const PERSON_LINKEDIN_KEY_SQL = Prisma.sql`lower(regexp_replace("linkedinUrl", '^https?://(www\\.)?|/+$', '', 'gi'))`;

async function byLinkedin(key: string): Promise<string | null> {
  const rows = await db.$queryRaw<Array<{ email: string }>>`
    SELECT email FROM "Person" WHERE ${PERSON_LINKEDIN_KEY_SQL} = ${key}::text AND email IS NOT NULL ORDER BY id LIMIT 1`;
  return rows[0]?.email ?? null;
}

async function byNameAtCompany(input: { firstName: string; lastName: string; domain: string | null; companyName: string | null }): Promise<string | null> {
  const rows = await db.$queryRaw<Array<{ email: string }>>`
    SELECT p.email FROM "Person" p JOIN "Company" c ON c.id = p."companyId"
    WHERE lower(p."lastName") = lower(${input.lastName}::text) AND lower(p."firstName") = lower(${input.firstName}::text) AND p.email IS NOT NULL
      AND (c.domain = ${input.domain}::text OR lower(c.name) = lower(${input.companyName}::text))
    -- A match by domain is surer than one by name (two companies may share a name).
    ORDER BY (c.domain IS NOT DISTINCT FROM ${input.domain}::text) DESC, p.id LIMIT 1`;
  return rows[0]?.email ?? null;
}

export const companyDatabaseFinder: EmailFinder = {
  name: COMPANY_DATABASE_SOURCE,
  async find(input: EmailFinderInput): Promise<FoundEmail | null> {
    const found = (email: string | null) => (email?.trim() ? { email: email.trim(), source: COMPANY_DATABASE_SOURCE } : null);
    const key = linkedinKey(input.linkedinUrl);
    if (key) {
      const email = await byLinkedin(key);
      if (email?.trim()) return found(email);
    }
    const firstName = filled(input.firstName);
    const lastName = filled(input.lastName);
    const domain = domainKey(input.companyDomain);
    const companyName = filled(input.companyName);
    if (!firstName || !lastName || (!domain && !companyName)) return null;
    return found(await byNameAtCompany({ firstName, lastName, domain, companyName }));
  },
};
